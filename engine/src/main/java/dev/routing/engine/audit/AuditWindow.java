package dev.routing.engine.audit;

import dev.routing.engine.Replay;
import dev.routing.journal.store.DecodedReader;
import dev.routing.journal.store.Journal;
import java.time.Instant;
import java.util.function.LongConsumer;

/**
 * Audits a window of a journal without replaying what came before it (RULES J5): the window's
 * first entry is found by binary search, the newest state checkpoint before it restores what the
 * audit needs to know (agents, open turns, stored private input), and only the tail between that
 * checkpoint and the window, then the window itself, are read. {@link AuditReport.Reading} says how
 * many entries that was.
 */
public final class AuditWindow {
    private AuditWindow() {}

    /**
     * @param from the window's first instant, inclusive (null: the journal's start)
     * @param to the window's end, exclusive (null: the journal's end)
     * @param agent report only this agent (null: every agent)
     * @param progress told how many entries have been read, now and then
     */
    public static AuditReport run(Journal journal, Instant from, Instant to, String agent, LongConsumer progress) {
        long fromIndex = from == null ? -1 : journal.indexAt(from);
        long toIndex = to == null ? Long.MAX_VALUE : journal.indexAt(to);
        Journal.CheckpointAt restored = from != null && fromIndex > journal.firstIndex() ? journal.newestCheckpointJson(fromIndex - 1) : null;
        long checkpointIndex = restored == null ? -1 : restored.index();
        Audit audit = restored == null ? Audit.fresh() : Audit.from(Replay.startAt(journal, restored).state());
        long start = checkpointIndex >= 0 ? checkpointIndex + 1 : -1;
        audit.recording(fromIndex <= start || fromIndex < 0);
        long[] tail = {0};
        long[] window = {0};
        long[] indexes = {-1, -1};
        Instant[] span = new Instant[2];
        boolean[] inWindow = {fromIndex <= start || fromIndex < 0};
        DecodedReader.read(journal, start, toIndex, Audit.PASSED_OVER, (index, entry, bytes) -> {
            if (!inWindow[0] && index >= fromIndex) {
                inWindow[0] = true;
                audit.recording(true);
            }
            if (inWindow[0]) {
                window[0]++;
                if (indexes[0] < 0) indexes[0] = index;
                indexes[1] = index;
                if (entry != null) {
                    if (span[0] == null) span[0] = entry.at();
                    span[1] = entry.at();
                }
            } else {
                tail[0]++;
            }
            if (entry != null) audit.accept(entry, index);
            long read = tail[0] + window[0];
            if ((read & 0x3FFF) == 0) progress.accept(read);
        });
        progress.accept(tail[0] + window[0]);
        AuditReport.Reading reading = new AuditReport.Reading(checkpointIndex, tail[0], window[0], tail[0] + window[0],
                indexes[0], indexes[1]);
        return audit.report(journal.dir().toString(), new AuditReport.Window(from, to, span[0], span[1]), reading, agent);
    }
}
