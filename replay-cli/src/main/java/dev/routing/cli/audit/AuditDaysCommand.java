package dev.routing.cli.audit;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.dayaudit.DayAudit;
import dev.routing.engine.dayaudit.WholeAudit;
import dev.routing.journal.store.Journal;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "audit-days", header = "Persists the audit of each sealed day that has none this build reads.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "A sidecar persists the audit of each day its journal rolls, on a thread of its own; this does it for a",
        "journal written before that, or by a host that does not run the sidecar. Each day's file, in the",
        "journal's state/ folder, names the journal, the rules and the day files it was read from: an audit of",
        "that whole day (audit --from DAY --to DAY+1, text) then reads it instead of the journal. Days whose",
        "audit reads already are left as they are. Then it carries the whole journal's audit to the end of the",
        "newest sealed day (state/audit-whole-DAY.bin, docs/decisions/0005): an audit of the whole journal as",
        "text reads it and folds only the days after. It writes nothing to the journal itself."})
public final class AuditDaysCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Override
    public Integer call() {
        int written = 0;
        int kept = 0;
        int failed = 0;
        int unsealed = 0;
        try (Journal j = journal.reader()) {
            if (j.lastIndex() < 0) {
                System.out.println("the journal is empty: no day is sealed");
                return ExitCodes.OK;
            }
            for (int day = Journal.cycleOf(j.firstIndex()); day < Journal.cycleOf(j.lastIndex()); day++) {
                if (j.sealedDay(day) == null) {
                    // a day with entries whose file this open does not trust as sealed (the notes above say why)
                    if (j.indexAt(DayAudit.start(day)) != j.indexAt(DayAudit.start(day + 1))) {
                        unsealed++;
                        System.out.println("not persisted: the audit of " + Words.day(DayAudit.start(day)) + ": its day file is not sealed");
                    }
                    continue;
                }
                DayAudit.Reading read = DayAudit.read(j, day);
                if (read.summary() != null) {
                    kept++;
                    continue;
                }
                Progress progress = new Progress("audit of " + Words.day(DayAudit.start(day)), j.countBetween(
                        j.indexAt(DayAudit.start(day)), j.indexAt(DayAudit.start(day + 1))));
                try {
                    String why = DayAudit.write(j, day, progress);
                    progress.done();
                    if (why == null) {
                        written++;
                        System.out.println("persisted the audit of " + Words.day(DayAudit.start(day)) + (read.missing() ? "" : " (the file there: " + read.why() + ")"));
                    } else {
                        // the day, or one its audit reads from its checkpoint on, is not sealed
                        unsealed++;
                        System.out.println("not persisted: the audit of " + Words.day(DayAudit.start(day)) + ": " + why);
                    }
                } catch (UncheckedIOException e) {
                    progress.done();
                    failed++;
                    System.out.println("not persisted: the audit of " + Words.day(DayAudit.start(day)) + ": " + e.getMessage());
                }
            }
            failed += carry(j);
        }
        System.out.printf(java.util.Locale.ROOT, "%d persisted, %d already read as they are, %d not persisted%s%n", written, kept, failed,
                unsealed == 0 ? "" : ", " + unsealed + " not sealed");
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    /**
     * Carries the whole journal's audit to the newest sealed day (docs/decisions/0005), unless a file
     * that reads is there already; from the newest earlier carried file that reads, else the first
     * entry. Returns 1 when the disk refused it, else 0.
     */
    private static int carry(Journal j) {
        int newest = -1;
        for (int day = Journal.cycleOf(j.lastIndex()) - 1; day >= Journal.cycleOf(j.firstIndex()) && newest < 0; day--) {
            if (j.sealedDay(day) != null) newest = day;
        }
        if (newest < 0) return 0;
        String day = Words.day(DayAudit.start(newest));
        if (WholeAudit.newest(j.dir()) == newest && WholeAudit.read(j, newest).carried() != null) return 0;
        Progress progress = new Progress("the whole audit to " + day, j.countBetween(j.firstIndex(), j.indexAt(DayAudit.start(newest + 1))));
        try {
            String why = WholeAudit.write(j, newest, progress, note -> System.out.println("note: " + note));
            progress.done();
            System.out.println(why == null ? "carried the whole audit to the end of " + day : "not carried: the whole audit to " + day + ": " + why);
            return 0;
        } catch (UncheckedIOException e) {
            progress.done();
            System.out.println("not carried: the whole audit to " + day + ": " + e.getMessage());
            return 1;
        }
    }
}
