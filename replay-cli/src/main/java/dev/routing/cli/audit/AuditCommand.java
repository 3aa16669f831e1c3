package dev.routing.cli.audit;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.ReportOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WindowOption;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.audit.Carried;
import dev.routing.engine.dayaudit.DayAudit;
import dev.routing.engine.dayaudit.WholeAudit;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "audit", header = "Audits a window of the journal: turns, publications, drafts, refusals and leaks.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Per agent: its turns (private or not, and why), every publication (channel, via, outcome), drafts",
        "held, resent, dismissed and let go, unknown outcomes, refusals, and findings: plain speech of a turn",
        "that had taken in private input, published to a channel nobody named, each with the facts that made",
        "it one. Replays from the checkpoint before --from, not from the start. The text of a whole sealed day",
        "(--from DAY --to DAY+1) is read from its persisted audit when one reads as this build would make it",
        "(docs/decisions/0013: a sidecar writes them, and audit-days). The text of the whole journal (no window)",
        "reads the newest carried fold of the whole audit and folds only the days after it (docs/decisions/0005)."})
public final class AuditCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Mixin
    WindowOption window;

    @Option(names = "--agent", paramLabel = "AGENT", description = "report only this agent")
    String agent;

    @Option(names = "--from-journal", description = "audit from the journal even when a persisted audit (a sealed day's, the whole journal's carried fold) reads")
    boolean fromJournal;

    @Mixin
    ReportOption report;

    @Override
    public Integer call() throws IOException {
        String format = report.format("text", "json", "html");
        report.checkOut();
        WindowOption.Window w = window.window();
        AuditReport audit;
        Fingerprint audited = null;
        FindingsWhy why;
        Integer day = "text".equals(format) && agent == null && !fromJournal ? wholeDay(w) : null;
        // the whole journal's text reads the newest carried fold (docs/decisions/0005), loaded beside the open as a day's is
        int carriedTo = "text".equals(format) && agent == null && !fromJournal && w.from() == null && w.to() == null
                ? WholeAudit.newest(journal.dir()) : -1;
        CompletableFuture<WholeAudit.Loaded> carried = carriedTo < 0 ? null
                : CompletableFuture.supplyAsync(() -> WholeAudit.load(journal.dir(), carriedTo));
        // a whole day's persisted audit is read and said while the journal opens (most of a short run is
        // that open's class loading), and printed only once the open has judged the journal and the file
        CompletableFuture<Persisted> persisted = day == null ? null : CompletableFuture.supplyAsync(() -> Persisted.load(journal.dir(), day));
        try (Journal j = journal.reader()) {
            if (persisted != null && j.sealedDay(day) != null) {
                Persisted p = Persisted.of(persisted);
                String not = p.loaded().why() != null ? p.loaded().why() : DayAudit.check(j, p.loaded());
                if (not == null) {
                    report.emit(p.text());
                    return ExitCodes.OK;
                }
                System.err.println("note: the persisted audit of " + Words.day(w.from()) + " is not read: " + not
                        + "; the day is audited from the journal");
            }
            if (carried != null) {
                String not = resumed(j, carried);
                if (not == null) return ExitCodes.OK;
                System.err.println("note: the whole audit carried to the end of " + Words.day(DayAudit.start(carriedTo)) + " is not read: "
                        + not + "; the journal is audited from its first entry");
            }
            long all = w.from() == null && w.to() == null ? j.entryCount() : 0;
            Progress progress = new Progress("audit", all);
            audit = AuditWindow.run(j, w.from(), w.to(), agent, progress);
            progress.done();
            // the page names what it was made from; the other formats carry the index range in "read"
            if ("html".equals(format)) audited = Fingerprint.of(j, audit.read());
            // the text and JSON reports say why each finding's publication was made, as explain does
            why = "html".equals(format) || audit.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, audit);
        }
        if (agent != null && audit.agents().isEmpty()) throw new BadInputException("--agent: no agent '" + agent + "' in this journal");
        if ("json".equals(format)) {
            report.emit(out -> JsonReport.write(audit, why, out));
        } else if ("html".equals(format)) {
            report.emit(HtmlReport.write(audit, null, audited));
        } else {
            StringWriter text = new StringWriter();
            TextReport.write(audit, why, new PrintWriter(text));
            report.emit(text.toString());
        }
        return ExitCodes.OK;
    }

    /** Prints the whole journal's text from its carried fold and the entries after it, or says why it cannot. */
    private String resumed(Journal j, CompletableFuture<WholeAudit.Loaded> read) throws IOException {
        WholeAudit.Loaded loaded;
        try {
            loaded = read.join();
        } catch (java.util.concurrent.CompletionException e) {
            return "it could not be read (" + e.getCause() + ")";
        }
        String not = loaded.why() != null ? loaded.why() : WholeAudit.check(j, loaded);
        if (not != null) return not;
        Progress progress = new Progress("audit", Math.max(0, j.entryCount() - loaded.carried().entries()));
        Carried.Resumed resumed = AuditWindow.resume(j, loaded.carried(), progress);
        progress.done();
        if (resumed.refused() != null) return resumed.refused();
        StringWriter text = new StringWriter();
        TextReport.write(j.dir().toString(), resumed.summary(), true, new PrintWriter(text));
        report.emit(text.toString());
        return null;
    }

    /** A sealed day's file as it reads by itself, and the text it says (null when it does not read). */
    private record Persisted(DayAudit.Loaded loaded, String text) {
        /** What the read beside the open found; what stopped it (an error no file should cause) is a reason too. */
        static Persisted of(CompletableFuture<Persisted> read) {
            try {
                return read.join();
            } catch (java.util.concurrent.CompletionException e) {
                return new Persisted(new DayAudit.Loaded(-1, null, null, "it could not be read (" + e.getCause() + ")", false), null);
            }
        }

        static Persisted load(java.nio.file.Path dir, int day) {
            DayAudit.Loaded loaded = DayAudit.load(dir, day);
            if (loaded.summary() == null) return new Persisted(loaded, null);
            StringWriter text = new StringWriter();
            try {
                TextReport.write(dir.toString(), loaded.summary(), true, new PrintWriter(text));
            } catch (RuntimeException e) {
                // a summary that reads but lacks a part the text needs: not the day's audit
                return new Persisted(new DayAudit.Loaded(day, loaded.made(), null, "its summary lacks a part (" + e + ")", false), null);
            }
            return new Persisted(loaded, text.toString());
        }
    }

    /**
     * The day (days since 1970-01-01) the window is, whole, or null: a sealed day's text may be read
     * from its persisted audit (docs/decisions/0013), which says why when it is not, on stderr.
     */
    private static Integer wholeDay(WindowOption.Window w) {
        if (w.from() == null || w.to() == null || w.from().getEpochSecond() % 86_400 != 0 || w.from().getNano() != 0) return null;
        int day = (int) (w.from().getEpochSecond() / 86_400);
        return w.to().equals(DayAudit.start(day + 1)) ? day : null;
    }
}
