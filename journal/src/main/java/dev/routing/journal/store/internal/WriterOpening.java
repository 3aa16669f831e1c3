package dev.routing.journal.store.internal;

import java.nio.file.Files;
import java.util.List;
import net.openhft.chronicle.queue.RollCycle;

/**
 * The writer's open, under its lock: it repairs what a reader reads around before it appends. A
 * last day file never begun is moved aside, unwritten metadata is moved aside for Chronicle to write
 * anew, a torn tail is cut ({@link TailCut}), a stale listing of the day files is refreshed, and the
 * tip is brought to the journal's end.
 */
final class WriterOpening extends Opening {
    private static final RollCycle ROLL = DayFiles.ROLL;

    private final Writer w;

    WriterOpening(Store store, Writer writer) {
        super(store);
        this.w = writer;
    }

    @Override
    void prepare() {
        s.space.refuseBelow(0);
        TailCut.clearWork(dir);
        s.seals.writing();
    }

    @Override
    List<DayFiles.DayFile> inspect() {
        return DayFiles.inspect(dir);
    }

    @Override
    void takeTip(DayFiles.DayFile unbegun) {
        if (w.lock.tip() == null) throw Tip.missing(dir);
        w.tip = Tip.openWriter(dir, w.lock.tip(), tipState != null ? tipState : Tip.State.EMPTY);
        w.lock.mapped(w.tip.mapping());
        tipState = w.tip.state();
        if (unbegun != null) {
            // moved aside: the next excerpt goes in its day or later
            w.tip.floor(unbegun.cycle() * DayFiles.DAY_MILLIS);
            w.cut = TailCut.cut(dir, files, ROLL.toIndex(unbegun.cycle(), 0), w.tip.state().ackedOrdinal() + 1, 0, false);
            files = DayFiles.inspect(dir);
        }
        tipState = w.tip.state();
    }

    @Override
    void openQueue(String metadata, DayFiles.DayFile unbegun) {
        if (metadata != null) s.notes.add(Metadata.moveAside(dir, metadata));
        if (!Files.exists(dir.resolve(Metadata.FILE))) w.writable();
        else s.queue = s.build();
        refreshStaleListing();
    }

    @Override
    TailCheck.Tail torn(TailCheck.Tail tail, TailCheck ends, long last) {
        // Chronicle's index may count fewer than are readable after a power failure (TailCheck)
        long excerpts = last >= tail.tornIndex() ? s.queue.countExcerpts(tail.tornIndex(), last + 1) : tail.lostUnsynced();
        w.closeQueue();
        w.tip.floor(ROLL.toCycle(tail.tornIndex()) * DayFiles.DAY_MILLIS);
        tipState = w.tip.state();
        s.space.refuseBelow(tail.tornPosition());
        w.cut = TailCut.cut(dir, files, tail.tornIndex(), tail.tornOrdinal(), Math.max(excerpts, 1), tail.lostUnsynced() > 0);
        files = DayFiles.inspect(dir);
        DayFiles.checkChain(dir, files);
        s.days.list(files);
        s.queue = s.build();
        refreshStaleListing();
        TailCheck.Tail after = ends.check(tipState, s.lastIndexChecked(files), s.queue);
        if (after.tornIndex() >= 0) {
            throw s.reader.damage("the torn tail is still there after it was cut", after.tornIndex(), after.tornOrdinal());
        }
        return after;
    }

    @Override
    void settle(TailCheck.Tail tail, boolean any) {
        if (tail.last() != null) {
            int lastDay = ROLL.toCycle(tail.lastIndex());
            if (DayFiles.sealedAfter(dir.resolve(DayFiles.name(lastDay)), tail.lastEnd())) {
                // Chronicle closed the last excerpt's day file (a day roll that failed after it did): it
                // takes no more, so the next excerpt goes to the next day
                w.tip.floor((lastDay + 1L) * DayFiles.DAY_MILLIS);
                tipState = w.tip.state();
            }
        }
        if (tipState.ackedOrdinal() > tail.lastOrdinal()) {
            // what a power failure took was acknowledged: the tip must not claim it for the next open
            w.tip.write(w.tip.state().endingAt(tail.last(), tail.lastIndex()));
        }
        if (!any) w.writable();
    }

    /**
     * Refreshes Chronicle's cached listing of the day files ({@link Metadata#refreshListing}) when it
     * is stale and the files are as a cut leaves them (nothing acknowledged was in the day that is
     * gone; a day file lost otherwise is damage, found by the checks, and left as it is).
     */
    private void refreshStaleListing() {
        if (w.isWritable() || files.isEmpty()) return;
        int highest = files.get(files.size() - 1).cycle();
        if (tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) > highest) return;
        if (s.queue.lastCycle() <= highest && s.queue.firstCycle() >= files.get(0).cycle()) return;
        w.closeQueue();
        Metadata.refreshListing(dir, w.appender.clock());
        s.queue = s.build();
    }

    @Override
    void abandon() {
        w.closeQueue();
        w.lock.release();
    }
}
