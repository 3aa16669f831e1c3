package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.queue.RollCycle;

/**
 * Opening a journal, the same steps for a reader and for the writer: the tip read, the day files
 * inspected and their chain checked before Chronicle opens them, then the journal's end checked
 * against the tip ({@link TailCheck}). What the steps find that is not damage (a day file never
 * begun, unwritten metadata, a torn tail) each side handles its own way: a reader notes it and
 * reads around it, changing no byte ({@link ReaderOpening}); the writer repairs it before it
 * appends ({@link WriterOpening}).
 */
abstract class Opening {
    private static final RollCycle ROLL = DayFiles.ROLL;

    final Store s;
    final Path dir;
    List<DayFiles.DayFile> files;
    /** The tip as the open read it (null when there is none), and as the writer has written it since. */
    Tip.State tipState;

    Opening(Store store) {
        this.s = store;
        this.dir = store.dir;
    }

    /** Opens the journal; on any failure, closes what it opened before it throws. */
    final void run() {
        try {
            open();
        } catch (InternalError e) {
            RuntimeException answer = s.space.faulted(e, null);
            abandon();
            throw answer;
        } catch (RuntimeException | Error e) {
            abandon();
            throw e;
        }
    }

    private void open() {
        prepare();
        tipState = Tip.read(dir);
        s.bind(Tip.readId(dir));
        files = inspect();
        DayFiles.refuseFormat1(dir, files);
        boolean any = files.stream().anyMatch(f -> f.first() != null);
        if (tipState == null && any) {
            throw Tip.missing(dir);
        }
        DayFiles.DayFile unbegun = unbegunLast();
        takeTip(unbegun);
        DayFiles.checkChain(dir, files);
        s.days.list(files);
        openQueue(any ? Metadata.problem(dir) : null, unbegun);
        long last = s.lastIndexChecked(files);
        if (last >= 0 && !s.days.hasDay(ROLL.toCycle(last))) {
            // a live writer began a day file after the files were listed: list them again
            files = DayFiles.inspectBesideAWriter(dir);
            DayFiles.checkChain(dir, files);
            s.days.list(files);
        }
        TailCheck ends = new TailCheck(s::tailer, s.days, s.reader, s.space);
        TailCheck.Tail tail = ends.check(tipState, last, s.queue);
        if (tail.tornIndex() >= 0) tail = torn(tail, ends, last);
        if (tail.lostUnsynced() > 0) {
            // the writer has cut what is left of them by now: only a reader still finds it there
            s.notes.add(tail.lostUnsynced() + " excerpt(s) acknowledged but not yet synced (ordinals " + (tail.lastOrdinal() + 1)
                    + " to " + tipState.ackedOrdinal() + ") were lost with the page cache in a power failure or system crash"
                    + (tail.tornIndex() >= 0 ? "; what is left of them is not read, and the writer's next open cuts it" : ""));
        }
        s.endAt(tail);
        s.seals.judge(files);
        settle(tail, any);
        if (tipState != null) s.journalTime = Math.max(s.journalTime, tipState.floorMillis());
    }

    /**
     * The last day file when it was created and never begun (empty, or without Chronicle's header: a
     * day roll that failed, or a writer that stopped while creating it), or null. It holds nothing
     * acknowledged; where it should hold the last acknowledged excerpt, that excerpt is gone: damage.
     */
    private DayFiles.DayFile unbegunLast() {
        if (files.isEmpty() || !files.get(files.size() - 1).unbegun()) return null;
        DayFiles.DayFile last = files.get(files.size() - 1);
        if (tipState != null && tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) >= last.cycle()) {
            throw last.problem() != null ? last.problem() : new JournalDamagedException(dir, "the day file holding the last"
                    + " acknowledged excerpt has no header", last.name(), tipState.ackedIndex(), tipState.ackedOrdinal());
        }
        return last;
    }

    /** Before anything is read. */
    void prepare() {
    }

    /** The day files, inspected. */
    abstract List<DayFiles.DayFile> inspect();

    /** The tip, and a last day file never begun (or null), taken as this side takes them; may change {@link #files}. */
    abstract void takeTip(DayFiles.DayFile unbegun);

    /** Opens Chronicle's queue on the day files; {@code metadata} is what is wrong with Chronicle's own, or null. */
    abstract void openQueue(String metadata, DayFiles.DayFile unbegun);

    /** What this side does with a torn tail the check found; returns the tail as the journal then has it. */
    abstract TailCheck.Tail torn(TailCheck.Tail tail, TailCheck ends, long last);

    /** After the end is known. {@code any}: the journal held an excerpt at its open. */
    void settle(TailCheck.Tail tail, boolean any) {
    }

    /** Closes what a failed open opened. */
    abstract void abandon();
}
