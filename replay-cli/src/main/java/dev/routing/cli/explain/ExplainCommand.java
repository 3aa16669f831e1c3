package dev.routing.cli.explain;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.ReportOption;
import dev.routing.cli.options.Version;
import dev.routing.engine.explain.Explainer;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.NotExplained;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "explain", header = "Explains a decision from the journal: the rule that made it and the facts it rests on.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Asks the engine why: the fact is decided again from the state checkpoint before it, and the engine's own",
        "rules say, as they decide, which rule made each decision (its id in docs/rules-index.md) and which",
        "journal entries it rests on. explain prints the decision, its rule, and that chain of facts and decisions,",
        "oldest first, each with its journal index and position. A fact asked about says so, and names the",
        "decisions it led to. Name the entry one of three ways:",
        "  --index N       the group at journal index N (decimal, or 0x... as messages print it): its fact;",
        "  --index N:P     the entry at position P of that group (0 is the fact, decisions follow);",
        "  --message ID    a post a connector reported (publish.settled's messageId): why it was published;",
        "                  or a message an agent received: what the start or boundary that took it in decided;",
        "  --agent A --turn T   turn T of agent A: why it was what it was, and its decisions in order.",
        "Exit 1 when re-deciding the journal does not give what it records (verify names the place)."})
public final class ExplainCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--index", paramLabel = "N[:P]", description = "the journal index of a group, and the position of an entry in it")
    String index;

    @Option(names = "--message", paramLabel = "ID", description = "a posted message's id, or a received message's id")
    String message;

    @Option(names = "--agent", paramLabel = "AGENT", description = "with --turn: the agent whose turn it is")
    String agent;

    @Option(names = "--turn", paramLabel = "T", description = "with --agent: the turn id")
    Long turn;

    @Mixin
    ReportOption report;

    @Override
    public Integer call() throws IOException {
        String format = report.format("text", "json");
        report.checkOut();
        int asked = (index != null ? 1 : 0) + (message != null ? 1 : 0) + (agent != null || turn != null ? 1 : 0);
        if (asked != 1) {
            throw new BadInputException("name one entry: --index N[:P], --message ID, or --agent A --turn T" + (asked > 1 ? " (not more than one)" : ""));
        }
        if ((agent == null) != (turn == null)) throw new BadInputException(agent == null ? "--turn needs --agent" : "--agent needs --turn");
        Explanation x;
        try (Journal j = journal.reader()) {
            Explainer explainer = new Explainer(j, false);
            if (index != null) {
                long[] at = location(index);
                x = explainer.at(at[0], (int) at[1]);
            } else if (message != null) {
                x = explainer.message(message);
            } else {
                x = explainer.turn(agent, turn);
            }
        } catch (NotExplained e) {
            if (e.badInput()) throw new BadInputException((index != null ? "--index: " : message != null ? "--message: " : "--turn: ") + e.getMessage());
            throw e;
        }
        String text = "json".equals(format) ? ExplainJson.write(journal.dir().toAbsolutePath().toString(), x) : ExplainText.write(x);
        report.emit(text);
        return ExitCodes.OK;
    }

    /** {@code N} or {@code N:P}: a group's index (decimal, or hexadecimal after 0x) and a position (0 when left out). */
    static long[] location(String value) {
        String v = value.strip();
        int colon = v.lastIndexOf(':');
        String group = colon < 0 ? v : v.substring(0, colon);
        String position = colon < 0 ? "0" : v.substring(colon + 1);
        try {
            long n = group.startsWith("0x") || group.startsWith("0X") ? Long.parseUnsignedLong(group.substring(2), 16) : Long.parseLong(group);
            int p = Integer.parseInt(position);
            if (n < 0 || p < 0) throw new NumberFormatException();
            return new long[] {n, p};
        } catch (NumberFormatException e) {
            throw new BadInputException("--index: '" + value + "' is not N or N:P (a journal index, decimal or 0x..., and a position, 0 or more)");
        }
    }
}
