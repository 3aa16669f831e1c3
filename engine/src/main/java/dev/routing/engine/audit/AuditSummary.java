package dev.routing.engine.audit;

import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Publication;
import dev.routing.engine.audit.AuditReport.Reading;
import dev.routing.engine.audit.AuditReport.Refusal;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.AuditReport.TurnEntry;
import dev.routing.engine.audit.AuditReport.Window;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Step;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the text report of an audit says, and nothing more: the totals, every finding with its facts
 * and why its publication was made, and each agent's counts with its first few unknown outcomes and
 * refusals. A report's every line (a busy day's is 65 MB of JSON) is the JSON and HTML reports'
 * business; this is what a sealed day keeps of its audit (docs/decisions/0013), so it names no path:
 * the journal's is the reader's.
 */
public record AuditSummary(Window window, List<String> rules, Reading read, Totals totals, List<Found> findings,
        List<Agent> agents) {
    /** How many of an agent's unknown outcomes and refusals the text lists; the JSON report lists them all. */
    public static final int SHOWN = 5;

    /** Every part is there: a persisted summary that lacks one (a file of another shape) does not read. */
    public AuditSummary {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(totals, "totals");
        Objects.requireNonNull(findings, "findings");
        Objects.requireNonNull(agents, "agents");
    }

    /**
     * A finding, and why its publication was made: explain's chain ({@code why}), or why re-deciding
     * could not say ({@code notExplained}); {@code requestedAt} is the group of its publish request
     * (-1 when its evidence names none), which the command that explains it names.
     */
    public record Found(Finding finding, Chain why, String notExplained, long requestedAt) {
        public Found {
            Objects.requireNonNull(finding, "finding");
        }
    }

    /** Explain's chain for a publication: the decision's place and rule, and the steps it rests on. */
    public record Chain(String at, String rule, List<Link> steps) {
        static Chain of(Explanation x) {
            return new Chain(x.target().at().toString(), x.target().rule(), x.chain().stream().map(Link::of).toList());
        }
    }

    /** One step of a chain as the text says it. */
    public record Link(String at, String type, String rule, String words) {
        static Link of(Step s) {
            return new Link(s.at().toString(), s.type(), s.rule(), s.words());
        }
    }

    /**
     * One agent's lines: its private turns by why, its publications by channel ({@link #channel}) and
     * by via, and its first {@link #SHOWN} unknown outcomes and refusals of how many.
     */
    public record Agent(String agent, String mode, String locusPolicy, Totals totals, Map<String, Long> privateWhy,
            Map<String, Long> byChannel, Map<String, Long> byVia, List<Publication> unknownOutcomes, int unknownCount,
            List<Refusal> refusals, int refusalCount) {
        public Agent {
            Objects.requireNonNull(totals, "totals");
            Objects.requireNonNull(privateWhy, "privateWhy");
            Objects.requireNonNull(byChannel, "byChannel");
            Objects.requireNonNull(byVia, "byVia");
            Objects.requireNonNull(unknownOutcomes, "unknownOutcomes");
            Objects.requireNonNull(refusals, "refusals");
        }

        static Agent of(AgentReport a) {
            return of(a, new Ledger.Counted());
        }

        /** With what a carried fold counted of the agent's settled lines instead of keeping them ({@link Carried}). */
        static Agent of(AgentReport a, Ledger.Counted counted) {
            List<Publication> unknown = a.unknownOutcomes();
            return new Agent(a.agent(), a.mode(), a.locusPolicy(), a.totals(),
                    plus(counts(a.turns().stream().filter(TurnEntry::isPrivate), t -> why(t.why())), counted.privateWhy),
                    plus(counts(a.publications().stream(), p -> channel(p.channel())), counted.byChannel),
                    plus(counts(a.publications().stream(), Publication::via), counted.byVia),
                    first(unknown), unknown.size(), first(a.refusals()), a.refusals().size());
        }

        private static Map<String, Long> plus(Map<String, Long> counts, Map<String, Long> counted) {
            counted.forEach((key, n) -> counts.merge(key, n, Long::sum));
            return counts;
        }
    }

    /** The summary of a report, with why each finding's publication was made. */
    public static AuditSummary of(AuditReport report, FindingsWhy why) {
        return of(report, why, Map.of());
    }

    /** As above, for a carried fold's report, with what it counted of each agent's settled lines ({@link Carried}). */
    static AuditSummary of(AuditReport report, FindingsWhy why, Map<String, Ledger.Counted> counted) {
        List<Found> findings = report.findings().stream()
                .map(f -> new Found(f, why.chain(f), why.failure(f), FindingsWhy.requestedAt(f))).toList();
        return new AuditSummary(report.window(), report.rules(), report.read(), report.totals(), findings,
                report.agents().stream().map(a -> Agent.of(a, counted.getOrDefault(a.agent(), new Ledger.Counted()))).toList());
    }

    /** A private turn's why as the summary counts it: "?" when none was given. */
    static String why(String why) {
        return why == null ? "?" : why;
    }

    /** A channel as the reports name it: {@code #id}, or "no channel". */
    public static String channel(String id) {
        return id == null ? "no channel" : id.startsWith("#") ? id : "#" + id;
    }

    private static <T> Map<String, Long> counts(java.util.stream.Stream<T> items, Function<T, String> key) {
        return items.collect(Collectors.groupingBy(key, TreeMap::new, Collectors.counting()));
    }

    private static <T> List<T> first(List<T> items) {
        return List.copyOf(items.subList(0, Math.min(SHOWN, items.size())));
    }
}
