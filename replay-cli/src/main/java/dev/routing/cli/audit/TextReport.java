package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Publication;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.AuditReport.TurnEntry;
import dev.routing.engine.audit.Evidence;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The audit for a terminal: totals, every finding with its facts, then each agent in a few lines. */
public final class TextReport {
    private static final int SHOWN = 5;

    private TextReport() {}

    public static void write(AuditReport report, PrintWriter out) {
        write(report, FindingsWhy.none(), out);
    }

    /** With, for each finding explained, the chain explain gives for its publication. */
    public static void write(AuditReport report, FindingsWhy why, PrintWriter out) {
        AuditReport.Window w = report.window();
        out.printf(Locale.ROOT, "Audit of %s, %s to %s, %s%n", report.journal(),
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
        Totals t = report.totals();
        out.println("Totals: " + totals(t));
        out.println();
        findings(report, why, out);
        for (AgentReport a : report.agents()) agent(a, out);
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

    private static void findings(AuditReport report, FindingsWhy why, PrintWriter out) {
        var all = report.findings();
        if (all.isEmpty()) {
            out.println("FINDINGS: none. No plain speech of a turn that had taken in private input reached a channel.");
            out.println();
            return;
        }
        out.printf(Locale.ROOT, "FINDINGS (%d): plain speech of a turn that had taken in private input, published to a channel nobody named%n",
                all.size());
        int n = 0;
        for (Finding f : all) {
            out.printf(Locale.ROOT, "%3d. turn %d (%s), %s: %s published in %s (attempt %d, %s)%n", ++n, f.turn(), f.agent(),
                    Words.when(f.at()), Words.quote(f.text(), 90), Words.channel(f.channel()), f.attempt(),
                    f.outcome() == null ? "awaiting an answer" : f.outcome());
            for (Evidence e : f.evidence()) {
                out.printf(Locale.ROOT, "       %s %-17s %-4s %s%n", Words.clock(e.at()), e.type(), e.rule() == null ? "" : e.rule(), e.words());
            }
            chain(f, why, out);
        }
        out.println();
    }

    /** Why the publication was made, in the engine's own rules (explain's chain), or the command that says it. */
    private static void chain(Finding f, FindingsWhy why, PrintWriter out) {
        var x = why.of(f);
        if (x != null) {
            out.printf(Locale.ROOT, "       why it was published (explain --index %s), by rule %s:%n", x.target().at(), x.target().rule());
            for (var s : x.chain()) {
                out.printf(Locale.ROOT, "         %-18s %-18s %-4s %s%n", s.at(), s.type(), s.rule() == null ? "" : s.rule(), s.words());
            }
        } else if (why.failure(f) != null) {
            out.println("       why it was published: not explained: " + why.failure(f));
        } else if (why.command(f) != null) {
            out.println("       why it was published: " + why.command(f));
        }
    }

    private static void agent(AgentReport a, PrintWriter out) {
        Totals t = a.totals();
        out.printf(Locale.ROOT, "%s (%s, %s): %s%n", a.agent(), a.mode(), a.locusPolicy(), Words.plural(t.turns(), "turn", "turns"));
        Map<String, Long> why = a.turns().stream().filter(TurnEntry::isPrivate)
                .collect(Collectors.groupingBy(x -> x.why() == null ? "?" : x.why(), TreeMap::new, Collectors.counting()));
        out.printf(Locale.ROOT, "  private turns      %d%s; %d took in private input by the facts%n", t.privateTurns(),
                why.isEmpty() ? "" : " (" + join(why) + ")", t.tookInPrivateInput());
        Map<String, Long> byChannel = a.publications().stream().collect(Collectors.groupingBy(p -> Words.channel(p.channel()),
                TreeMap::new, Collectors.counting()));
        Map<String, Long> byVia = a.publications().stream().collect(Collectors.groupingBy(Publication::via, TreeMap::new,
                Collectors.counting()));
        out.printf(Locale.ROOT, "  publications       %d: %s; via %s; %d delivered, %d failed, %d unknown, %d awaiting%n", t.publications(),
                byChannel.isEmpty() ? "none" : join(byChannel), byVia.isEmpty() ? "—" : join(byVia), t.delivered(), t.failed(),
                t.unknown(), t.awaiting());
        out.printf(Locale.ROOT, "  drafts             %d held, %d resent, %d dismissed, %d let go%n", t.draftsHeld(), t.draftsResent(),
                t.draftsDismissed(), t.draftsLetGo());
        list(out, "unknown outcomes", a.unknownOutcomes(), p -> "attempt " + p.attempt() + " to " + Words.channel(p.channel())
                + " " + Words.quote(p.text(), 50) + ": " + p.outcomeWhy());
        list(out, "refusals", a.refusals(), x -> x.tool() + (x.turn() == null ? "" : " (turn " + x.turn() + ")") + ": "
                + Words.quote(x.refusal(), 90));
        out.printf(Locale.ROOT, "  findings           %d%n", t.findings());
        out.println();
    }

    private static <T> void list(PrintWriter out, String title, java.util.List<T> items, Function<T, String> line) {
        out.printf(Locale.ROOT, "  %-18s %d%n", title, items.size());
        for (int i = 0; i < Math.min(SHOWN, items.size()); i++) out.println("    " + line.apply(items.get(i)));
        if (items.size() > SHOWN) out.printf(Locale.ROOT, "    … and %d more (--format json lists them all)%n", items.size() - SHOWN);
    }

    private static String join(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
