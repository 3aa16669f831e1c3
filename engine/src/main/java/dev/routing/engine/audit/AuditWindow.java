package dev.routing.engine.audit;

import dev.routing.engine.Replay;
import dev.routing.engine.sealed.MappedFaults;
import dev.routing.journal.event.Decision;
import dev.routing.journal.store.DecodedReader;
import dev.routing.journal.store.Journal;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        // a state restored from a checkpoint reads sealed files; one cut under the audit is raised on the delivery thread it folds on
        boolean mapped = restored != null;
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
            if (entry != null) {
                audit.accept(entry, index);
                if (mapped) MappedFaults.raisePending();
            }
            long read = tail[0] + window[0];
            if ((read & 0x3FFF) == 0) progress.accept(read);
        });
        progress.accept(tail[0] + window[0]);
        AuditReport.Reading reading = new AuditReport.Reading(checkpointIndex, tail[0], window[0], tail[0] + window[0],
                indexes[0], indexes[1]);
        return audit.report(journal.dir().toString(), new AuditReport.Window(from, to, span[0], span[1]), reading, agent);
    }

    /**
     * Folds the whole journal, from its first entry or from {@code from} on, up to the excerpt at
     * {@code toIndex} (exclusive), and carries the fold (docs/decisions/0005) with why its first
     * findings' publications were made: those {@code from} carried are not re-decided. Where the entries
     * after {@code from} name a line it counted instead of keeping, the fold is made from the first entry.
     */
    public static Carried carry(Journal journal, Carried from, long toIndex, LongConsumer progress) {
        Whole whole = new Whole(from);
        try {
            whole.read(journal, toIndex, progress);
        } catch (RuntimeException e) {
            // a fold that reads but cannot go on (a file of another shape): the fold from the first entry
            // is the one to carry, and a fault of the journal itself shows there again
            if (from == null) throw e;
            return carry(journal, null, toIndex, progress);
        }
        // a line it counted was named again: the fold from the first entry is the one to carry
        if (whole.audit.partial != null) return carry(journal, null, toIndex, progress);
        List<AuditReport.Finding> findings = whole.audit.findings();
        FindingsWhy why = findings.isEmpty() ? FindingsWhy.none()
                : FindingsWhy.of(journal, findings, from == null ? Map.of() : from.chains, from == null ? Map.of() : from.failures);
        Map<Long, AuditSummary.Chain> chains = new HashMap<>();
        Map<Long, String> failures = new HashMap<>();
        for (AuditReport.Finding f : why.explained(findings)) {
            AuditSummary.Chain chain = why.chain(f);
            if (chain != null) chains.put(FindingsWhy.requestedAt(f), chain);
            String failure = why.failure(f);
            if (failure != null) failures.put(FindingsWhy.requestedAt(f), failure);
        }
        return new Carried(whole.audit, Math.max(toIndex, whole.next), whole.entries, whole.firstIndex, whole.lastIndex,
                whole.firstAt, whole.lastAt, chains, failures);
    }

    /**
     * The summary of the whole journal's audit: {@code from}, carried, and the journal's entries
     * after it; or why it cannot be the journal's ({@link Carried.Resumed#refused}).
     */
    public static Carried.Resumed resume(Journal journal, Carried from, LongConsumer progress) {
        Whole whole = new Whole(from);
        try {
            whole.read(journal, Long.MAX_VALUE, progress);
        } catch (RuntimeException e) {
            // a fold that reads but cannot go on (a file of another shape): refused, and a fault of the
            // journal itself shows again in the fold from the first entry the caller makes instead
            return new Carried.Resumed(null, "its fold could not be resumed (" + e + ")");
        }
        if (whole.audit.partial != null) return new Carried.Resumed(null, whole.audit.partial);
        AuditReport.Reading reading = new AuditReport.Reading(-1, 0, whole.entries, whole.entries, whole.firstIndex, whole.lastIndex);
        AuditReport report = whole.audit.report(journal.dir().toString(), new AuditReport.Window(null, null, whole.firstAt, whole.lastAt),
                reading, null);
        FindingsWhy why = report.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(journal, report.findings(), from.chains, from.failures);
        Map<String, Ledger.Counted> counted = new HashMap<>();
        whole.audit.ledgers.forEach((agent, l) -> counted.put(agent, l.counted));
        return new Carried.Resumed(AuditSummary.of(report, why, counted), null);
    }

    /** The whole journal's fold and what it has read, counted as {@link #run} counts a window that is the whole journal. */
    private static final class Whole {
        final Audit audit;
        long next;
        long entries;
        long firstIndex = -1;
        long lastIndex = -1;
        Instant firstAt;
        Instant lastAt;

        Whole(Carried from) {
            audit = from == null ? Audit.fresh() : from.audit;
            if (from != null) {
                next = from.resumeAt;
                entries = from.entries;
                firstIndex = from.firstIndex;
                lastIndex = from.lastIndex;
                firstAt = from.firstAt;
                lastAt = from.lastAt;
            } else {
                next = -1;
            }
        }

        void read(Journal journal, long toIndex, LongConsumer progress) {
            long[] read = {0};
            // a carried fold settled the last fact's answer at the cut: decisions read first answer it, which it cannot take back
            boolean[] first = {entries > 0};
            DecodedReader.read(journal, next, toIndex, Audit.PASSED_OVER, (index, entry, bytes) -> {
                if (first[0] && entry != null) {
                    first[0] = false;
                    if (entry instanceof Decision && audit.partial == null) {
                        audit.partial = "the excerpt after the cut holds decisions with no fact of their own";
                    }
                }
                entries++;
                if (firstIndex < 0) firstIndex = index;
                lastIndex = index;
                if (entry != null) {
                    if (firstAt == null) firstAt = entry.at();
                    lastAt = entry.at();
                    audit.accept(entry, index);
                }
                if ((++read[0] & 0x3FFF) == 0) progress.accept(read[0]);
            });
            progress.accept(read[0]);
            audit.settleRead();
            if (lastIndex >= 0) next = Math.max(next, lastIndex + 1);
        }
    }
}
