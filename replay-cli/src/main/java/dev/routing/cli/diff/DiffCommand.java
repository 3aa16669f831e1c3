package dev.routing.cli.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.options.JsonFormat;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.ReportOption;
import dev.routing.cli.options.RulesOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.counterfactual.Counterfactual;
import dev.routing.engine.counterfactual.Difference;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "diff", header = "Re-decides a journal's facts under other rules and lists every decision that would differ.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Re-decides the journal's recorded facts under other rules, in memory, and lists every decision that",
        "differs, in plain words, with counts: first the publications the other rules withhold (or make),",
        "then everything else. The journal is only read."})
public final class DiffCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--rules", paramLabel = "RULES", required = true, description = "the rules to re-decide under: current or 0.30.0")
    String rules;

    @Option(names = "--agent", paramLabel = "AGENT", description = "list only this agent's differences (the counts stay whole)")
    String agent;

    @Mixin
    ReportOption report;

    @Override
    public Integer call() throws IOException {
        RuleSet ruleSet = RulesOption.parse("--rules", rules);
        String format = report.format("text", "json");
        Counterfactual.Result result;
        try (Journal j = journal.reader()) {
            Progress progress = new Progress("diff", j.entryCount());
            result = Counterfactual.run(j, ruleSet, progress);
            progress.done();
        }
        report.checkOut();
        if ("json".equals(format)) report.emit(out -> JsonFormat.write(json(result, agent), out));
        else report.emit(text(result, agent));
        return ExitCodes.OK;
    }

    /** The document: its lists are the result's own, written as the document is (a week's is a hundred megabytes). */
    static ObjectNode json(Counterfactual.Result r, String agent) {
        ObjectNode tree = EntryCodec.mapper().createObjectNode();
        tree.putPOJO("recordedRules", r.recordedRules());
        tree.put("redecidedRules", r.redecidedRules());
        tree.put("facts", r.facts());
        tree.put("recordedDecisions", r.recordedDecisions());
        tree.put("redecidedDecisions", r.redecidedDecisions());
        tree.put("decisionsDiffering", r.decisionsDiffering());
        tree.put("turns", r.turns());
        tree.putPOJO("changes", r.changes());
        tree.putPOJO("withheld", only(r.withheld(), agent));
        tree.putPOJO("withheldPlainSpeech", only(r.withheldPlainSpeech(), agent));
        tree.putPOJO("published", only(r.differences().stream().filter(d -> "published".equals(d.change())).toList(), agent));
        tree.putPOJO("differences", only(r.differences(), agent));
        return tree;
    }

    /** The re-decision in plain words: what it withholds, what it publishes instead, every other difference, and counts. */
    static String text(Counterfactual.Result r, String agent) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        String under = "under " + r.redecidedRules() + " rules";
        out.printf(Locale.ROOT, "Re-decided %,d facts recorded under %s rules %s, in memory.%n%n", r.facts(),
                String.join(" then ", r.recordedRules()), under);
        List<Difference> withheld = only(r.withheld(), agent);
        long turns = withheld.stream().map(Difference::turn).filter(Objects::nonNull).distinct().count();
        long plain = withheld.stream().filter(Difference::plainSpeech).count();
        out.printf(Locale.ROOT, "Publications %s rules withhold: %d, in %d turn(s); %d of them plain speech nobody named a channel for%n",
                r.redecidedRules(), withheld.size(), turns, plain);
        withheld.forEach(d -> out.println("  " + d.words()));
        List<Difference> published = only(r.differences().stream().filter(d -> "published".equals(d.change())).toList(), agent);
        out.printf(Locale.ROOT, "%nPublications %s make that the journal does not: %d%n", r.redecidedRules() + " rules", published.size());
        published.forEach(d -> out.println("  " + d.words()));
        List<Difference> rest = only(r.differences().stream().filter(d -> !d.withheld() && !"published".equals(d.change())).toList(), agent);
        out.printf(Locale.ROOT, "%nEvery other decision that differs: %d%n", rest.size());
        rest.forEach(d -> out.println("  " + d.words()));
        out.printf(Locale.ROOT, "%nCounts: %,d decisions differ (of %,d recorded and %,d re-decided), in %,d turns; by change: %s.%n",
                r.decisionsDiffering(), r.recordedDecisions(), r.redecidedDecisions(), r.turns(),
                r.changes().isEmpty() ? "none" : r.changes().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")));
        out.flush();
        return s.toString();
    }

    private static List<Difference> only(List<Difference> ds, String agent) {
        return agent == null ? ds : ds.stream().filter(d -> agent.equals(d.agent())).toList();
    }
}
