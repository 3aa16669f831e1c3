package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's {@code connectorData} is copied into {@code publish.outcome} (docs/protocol.md). Before,
 * every number in it was read as a double: 1e400 and 1.7976931348623157e309 came back as the string
 * "Infinity", -1e-400 as -0.0, a 36-digit decimal as 0.1, 1.50 as 1.5, 1E+2 as 100.0, in the answer
 * and in the journal alike. Now each number is kept as the host wrote it, through {@code run FILE},
 * {@code run -}, the journal ({@code dump}), a resend answered from the journal, and {@code verify}'s
 * replays; the answers are compared as text, never re-parsed (a parser would round them again).
 */
class CopiedNumbersTest {
    /** Numbers a double cannot hold or would spell otherwise, keys in order (the object is written back as it came). */
    static final String DATA = "{\"a\":1e400,\"b\":-1e-400,\"c\":1.7976931348623157e309,"
            + "\"d\":0.100000000000000000000000000000000001,\"e\":123456789012345678901234567890,"
            + "\"f\":-0.0,\"g\":-0,\"h\":1E+2,\"i\":1.50,\"j\":[1e-7,-9223372036854775809,18446744073709551616],"
            + "\"k\":{\"deep\":[2.5e-308,1e99999999999]},\"l\":0.1,\"m\":\"1e400\",\"n\":4.9e-324}";

    @TempDir
    Path tmp;

    /** A channel turn whose speech is attempt 1, then the connector's answer: seven facts. */
    private static List<String> script(String settled) {
        List<String> lines = new ArrayList<>(List.of(Facts.channel(0, "work"), Facts.agent(0, "qa")));
        lines.addAll(Facts.channelTurn(10, "qa", 1, "All green."));
        lines.add(settled);
        return lines;
    }

    private static String settled(String data) {
        return "{\"type\":\"publish.settled\",\"at\":\"" + Facts.at(20) + "\",\"attempt\":1,\"delivered\":true,"
                + "\"messageId\":\"x1\",\"connectorData\":" + data + "}";
    }

    /** The lines of {@code out} that are of {@code type}, as text. */
    private static List<String> linesOf(String out, String type) {
        return out.lines().filter(l -> l.startsWith("{\"type\":\"" + type + "\"")).toList();
    }

    private static void holdsTheDataAsSent(String line) {
        assertTrue(line.endsWith(",\"connectorData\":" + DATA + "}"), () -> "altered: " + line);
    }

    @Test
    void connectorDataComesBackAsSentFromRunFileTheJournalAndVerify() {
        Path journal = tmp.resolve("journal");
        Path file = Facts.write(tmp.resolve("s.jsonl"), script(settled(DATA)));

        Cli.Result run = Cli.run("run", file.toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        List<String> outcomes = linesOf(run.out(), "publish.outcome");
        assertEquals(1, outcomes.size(), run::toString);
        holdsTheDataAsSent(outcomes.get(0));

        Cli.Result dump = Cli.run("dump", "--journal", journal.toString()).exits(ExitCodes.OK);
        holdsTheDataAsSent(linesOf(dump.out(), "publish.settled").get(0));
        holdsTheDataAsSent(linesOf(dump.out(), "publish.outcome").get(0));
        Cli.assertVerifies(journal);
    }

    @Test
    void connectorDataComesBackAsSentFromTheSidecarAndFromTheJournalOnAResend() {
        Path journal = tmp.resolve("journal");
        List<String> lines = new ArrayList<>();
        List<String> facts = script(settled(DATA));
        for (int i = 0; i < facts.size(); i++) lines.add(SidecarIT.numbered(facts.get(i), i + 1));
        // the same fact again under its seq (answered from the journal), and with its seq and type last
        String last = facts.get(facts.size() - 1);
        lines.add(SidecarIT.numbered(last, facts.size()));
        lines.add("{\"connectorData\":" + DATA + ",\"type\":\"publish.settled\",\"at\":\"" + Facts.at(21)
                + "\",\"attempt\":1,\"seq\":" + (facts.size() + 1) + "}");

        Cli.Result run = Cli.withStdin(String.join("\n", lines) + "\n", "run", "-", "--journal", journal.toString())
                .exits(ExitCodes.OK);

        assertEquals(List.of(), linesOf(run.out(), "fact.rejected"), run::toString);
        List<String> outcomes = linesOf(run.out(), "publish.outcome");
        assertTrue(outcomes.size() >= 2, () -> "decided, then answered again from the journal: " + run);
        for (String outcome : outcomes) holdsTheDataAsSent(outcome);
        Cli.Result dump = Cli.run("dump", "--journal", journal.toString()).exits(ExitCodes.OK);
        for (String line : linesOf(dump.out(), "publish.settled")) holdsTheDataAsSent(line);
        for (String line : linesOf(dump.out(), "publish.outcome")) holdsTheDataAsSent(line);
        Cli.assertVerifies(journal);
    }
}
