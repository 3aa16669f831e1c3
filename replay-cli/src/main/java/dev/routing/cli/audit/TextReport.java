package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.Evidence;
import dev.routing.engine.audit.FindingsWhy;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The audit for a terminal: totals, every finding with its facts, then each agent in a few lines. It
 * says what an {@link AuditSummary} holds, whether made from a report now or read from a sealed day's
 * persisted audit: the one text either way.
 */
public final class TextReport {
    private TextReport() {}

    public static void write(AuditReport report, PrintWriter out) {
        write(report, FindingsWhy.none(), out);
    }

    /** With, for each finding explained, the chain explain gives for its publication. */
    public static void write(AuditReport report, FindingsWhy why, PrintWriter out) {
        write(report.journal(), AuditSummary.of(report, why), why.explains(), out);
    }

    /**
     * The summary of an audit of {@code journal}; {@code explains}: whether a finding not explained in
     * place names the explain command that would say why (a report made with no journal at hand does not).
     */
    public static void write(String journal, AuditSummary report, boolean explains, PrintWriter out) {
        AuditReport.Window w = report.window();
        out.printf(Locale.ROOT, "Audit of %s, %s to %s, %s%n", journal,
                w.from() == null ? "its start" : Words.when(w.from()), w.to() == null ? "its end" : Words.when(w.to()),
                Words.decidedUnder(report.rules()));
        AuditReport.Reading r = report.read();
        if (r.checkpointIndex() < 0) {
            out.printf(Locale.ROOT, "Read %,d entries, from the journal's first.%n", r.entries());
        } else {
            out.printf(Locale.ROOT, "Read %,d entries: %,d from the checkpoint at index 0x%x up to the window, %,d in it.%n", r.entries(),
                    r.tail(), r.checkpointIndex(), r.window());
        }
        out.println();
        out.println("Totals: " + totals(report.totals()));
        out.println();
        findings(report.findings(), explains ? journal : null, out);
        for (AuditSummary.Agent a : report.agents()) agent(a, out);
        out.flush();
    }

    static String totals(Totals t) {
        return Words.plural(t.agents(), "agent", "agents") + "; " + Words.plural(t.turns(), "turn", "turns") + " ("
                + t.privateTurns() + " private, " + t.tookInPrivateInput() + " took in private input); "
                + Words.plural(t.publications(), "publication", "publications") + " (" + t.delivered() + " delivered, "
                + t.failed() + " failed, " + t.unknown() + " unknown, " + t.awaiting() + " awaiting an answer); drafts "
                + t.draftsHeld() + " held, " + t.draftsResent() + " resent, " + t.draftsDismissed() + " dismissed, "
                + t.draftsLetGo() + " let go; " + Words.plural(t.refusals(), "refusal", "refusals") + "; "
                + Words.plural(t.findings(), "finding", "findings");
    }

    private static void findings(List<AuditSummary.Found> all, String journal, PrintWriter out) {
        if (all.isEmpty()) {
            out.println("FINDINGS: none. No plain speech of a turn that had taken in private input reached a channel.");
            out.println();
            return;
        }
        out.printf(Locale.ROOT, "FINDINGS (%d): plain speech of a turn that had taken in private input, published to a channel nobody named%n",
                all.size());
        int n = 0;
        for (AuditSummary.Found found : all) {
            Finding f = found.finding();
            out.printf(Locale.ROOT, "%3d. turn %d (%s), %s: %s published in %s (attempt %d, %s)%n", ++n, f.turn(), f.agent(),
                    Words.when(f.at()), Words.quote(f.text(), 90), Words.channel(f.channel()), f.attempt(),
                    f.outcome() == null ? "awaiting an answer" : f.outcome());
            for (Evidence e : f.evidence()) {
                out.printf(Locale.ROOT, "       %s %-17s %-4s %s%n", Words.clock(e.at()), e.type(), e.rule() == null ? "" : e.rule(), e.words());
            }
            chain(found, journal, out);
        }
        out.println();
    }

    /** Why the publication was made, in the engine's own rules (explain's chain), or the command that says it. */
    private static void chain(AuditSummary.Found f, String journal, PrintWriter out) {
        AuditSummary.Chain x = f.why();
        if (x != null) {
            out.printf(Locale.ROOT, "       why it was published (explain --index %s), by rule %s:%n", x.at(), x.rule());
            for (AuditSummary.Link s : x.steps()) {
                out.printf(Locale.ROOT, "         %-18s %-18s %-4s %s%n", s.at(), s.type(), s.rule() == null ? "" : s.rule(), s.words());
            }
        } else if (f.notExplained() != null) {
            out.println("       why it was published: not explained: " + f.notExplained());
        } else if (journal != null && f.requestedAt() >= 0) {
            out.println("       why it was published: " + FindingsWhy.command(journal, f.requestedAt()));
        }
    }

    private static void agent(AuditSummary.Agent a, PrintWriter out) {
        Totals t = a.totals();
        out.printf(Locale.ROOT, "%s (%s, %s): %s%n", a.agent(), a.mode(), a.locusPolicy(), Words.plural(t.turns(), "turn", "turns"));
        out.printf(Locale.ROOT, "  private turns      %d%s; %d took in private input by the facts%n", t.privateTurns(),
                a.privateWhy().isEmpty() ? "" : " (" + join(a.privateWhy()) + ")", t.tookInPrivateInput());
        out.printf(Locale.ROOT, "  publications       %d: %s; via %s; %d delivered, %d failed, %d unknown, %d awaiting%n", t.publications(),
                a.byChannel().isEmpty() ? "none" : join(a.byChannel()), a.byVia().isEmpty() ? "—" : join(a.byVia()), t.delivered(),
                t.failed(), t.unknown(), t.awaiting());
        out.printf(Locale.ROOT, "  drafts             %d held, %d resent, %d dismissed, %d let go%n", t.draftsHeld(), t.draftsResent(),
                t.draftsDismissed(), t.draftsLetGo());
        list(out, "unknown outcomes", a.unknownOutcomes(), a.unknownCount(), p -> "attempt " + p.attempt() + " to "
                + Words.channel(p.channel()) + " " + Words.quote(p.text(), 50) + ": " + p.outcomeWhy());
        list(out, "refusals", a.refusals(), a.refusalCount(), x -> x.tool() + (x.turn() == null ? "" : " (turn " + x.turn() + ")") + ": "
                + Words.quote(x.refusal(), 90));
        out.printf(Locale.ROOT, "  findings           %d%n", t.findings());
        out.println();
    }

    /** The first items of {@code count}, and how many more the JSON report lists. */
    private static <T> void list(PrintWriter out, String title, List<T> shown, int count, Function<T, String> line) {
        out.printf(Locale.ROOT, "  %-18s %d%n", title, count);
        for (T item : shown) out.println("    " + line.apply(item));
        if (count > shown.size()) out.printf(Locale.ROOT, "    … and %d more (--format json lists them all)%n", count - shown.size());
    }

    private static String join(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
