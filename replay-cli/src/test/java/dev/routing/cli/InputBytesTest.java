package dev.routing.cli;

import static dev.routing.cli.Facts.fact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's bytes and instants. Before, invalid UTF-8 made {@code run FILE} exit 1 "Input length =
 * 1" with no line number and run none of the lines before it, while {@code run -} turned the bytes
 * into U+FFFD and published them; a leading BOM failed line 1; an {@code at} in the year 100000000
 * exited 1 with a Chronicle "cycle" message. Now each is a bad line (exit 2) naming its number, and
 * the BOM is skipped.
 */
class InputBytesTest {
    private static final byte[] NOT_UTF8 = {(byte) 0xE9, (byte) 0xFF, (byte) 0xFE};

    @TempDir
    Path tmp;

    /** Lines 1 and 2 good; line 3 a message whose text holds bytes that are not UTF-8; line 4 good. */
    private byte[] script() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((Facts.channel(1, "work") + "\n" + Facts.agent(2, "qa") + "\n").getBytes(StandardCharsets.UTF_8));
        String line3 = fact("message.received", 3, "id", "m1", "agent", "qa", "kind", "channel-message", "channel", "work",
                "server", "discord", "addressed", true, "text", "caf@", "writer", "host");
        int at = line3.indexOf('@');
        out.writeBytes(line3.substring(0, at).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(NOT_UTF8);
        out.writeBytes((line3.substring(at + 1) + "\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes((fact("focus.opened", 4, "agent", "qa", "channel", "work") + "\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @Test
    void invalidUtf8InAFileIsABadLineNamingItsNumberAfterTheLinesBeforeItRan() throws Exception {
        Path dir = tmp.resolve("journal");
        Path file = Files.write(tmp.resolve("s.jsonl"), script());

        Cli.Result run = Cli.run("run", file.toString(), "--journal", dir.toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(Faults.errorLine(run).startsWith("error: line 3: not valid UTF-8 (byte 0xE9"), run::toString);
        assertEquals(List.of("engine.started", "channel.registered", "agent.configured"), Cli.types(Cli.dump(dir)),
                "lines 1 and 2 ran; nothing of line 3 or after");
    }

    @Test
    void invalidUtf8OnStandardInputIsRejectedLikeAnyBadLineNeverTurnedIntoOtherCharacters() {
        Path dir = tmp.resolve("journal");
        Cli.Result run = withStdin(script(), "run", "-", "--journal", dir.toString()).exits(ExitCodes.OK);

        JsonNode rejected = run.json().stream().filter(l -> l.path("type").asText().equals("fact.rejected")).findFirst()
                .orElseThrow(() -> new AssertionError("no line rejected: " + run));
        assertEquals(3, rejected.path("line").asInt(), rejected::toString);
        assertTrue(rejected.get("field").isNull() && rejected.path("error").asText().startsWith("not valid UTF-8"), rejected::toString);
        assertFalse(String.join("\n", Cli.dump(dir).stream().map(Object::toString).toList()).contains("\uFFFD"),
                "no replacement character reached the journal");
    }

    @Test
    void aLeadingByteOrderMarkIsIgnored() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        for (String line : Facts.channelTurn(1, "qa", 1, "hello")) out.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
        Path file = Files.write(tmp.resolve("bom.jsonl"), out.toByteArray());

        Cli.Result run = Cli.run("run", file.toString()).exits(ExitCodes.OK);

        assertTrue(Cli.types(run.json()).contains("turn.opened"), run::toString);
    }

    private static final String BOM = "\uFEFF";
    private static final String BOM_REFUSED = "a byte order mark (U+FEFF) begins the line";

    /** The lines, each ended by LF, as UTF-8 (a BOM in a line is its three bytes). */
    private static byte[] bytes(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A BOM before a later line: before, it was skipped when the line's seq stood after its fields
     * (the one-pass reader handed the line's bytes to Jackson, which skips a leading BOM), refused
     * as malformed JSON when the seq stood first or the line was edited (the long way reads text),
     * and so a resend could be refused that the first send was not. Now it is refused wherever the
     * seq stands, naming the line, and nothing of the line is journaled (docs/protocol.md).
     */
    @Test
    void aByteOrderMarkBeforeALaterLineIsABadLineNamingItWhereverItsSeqStands() throws Exception {
        List<String> later = List.of(
                SidecarIT.numbered(Facts.agent(3, "qa"), 3),
                Facts.agent(3, "qa").replace("}", ",\"seq\":3}"),
                Facts.agent(3, "qa"));
        for (String third : later) {
            Path dir = tmp.resolve("journal-" + later.indexOf(third));
            Path file = Files.write(tmp.resolve("bom-" + later.indexOf(third) + ".jsonl"), bytes(List.of(
                    BOM + SidecarIT.numbered(Facts.channel(1, "work"), 1), SidecarIT.numbered(Facts.channel(2, "home"), 2),
                    BOM + third, Facts.agent(4, "ops"))));

            Cli.Result run = Cli.run("run", file.toString(), "--journal", dir.toString()).exits(ExitCodes.BAD_INPUT);

            String error = Faults.errorLine(run);
            assertTrue(error.startsWith("error: line 3: " + BOM_REFUSED), error);
            assertEquals(List.of("engine.started", "channel.registered", "channel.registered"), Cli.types(Cli.dump(dir)),
                    "lines 1 (its BOM skipped) and 2 ran; nothing of line 3 or after");
        }
    }

    @Test
    void theSidecarRejectsAByteOrderMarkBeforeALaterLineAResendIncludedAndReadsOn() {
        Path dir = tmp.resolve("journal");
        String first = SidecarIT.numbered(Facts.channel(1, "work"), 1);
        String second = SidecarIT.numbered(Facts.channel(2, "home"), 2);
        String third = Facts.agent(3, "qa");
        byte[] stdin = bytes(List.of(
                BOM + first, second,
                BOM + third.replace("}", ",\"seq\":3}"),
                BOM + SidecarIT.numbered(third, 3),
                BOM + third,
                BOM + second,
                BOM + "   ",
                SidecarIT.numbered(third, 3)));

        Cli.Result run = withStdin(stdin, "run", "-", "--journal", dir.toString()).exits(ExitCodes.OK);

        List<JsonNode> rejected = run.json().stream().filter(l -> l.path("type").asText().equals("fact.rejected")).toList();
        assertEquals(List.of(3, 4, 5, 6, 7), rejected.stream().map(r -> r.path("line").asInt()).toList(), run::toString);
        for (JsonNode r : rejected) {
            assertTrue(r.get("field").isNull() && r.path("error").asText().startsWith(BOM_REFUSED), r::toString);
        }
        List<JsonNode> accepted = run.json().stream().filter(l -> l.path("type").asText().equals("fact.accepted")).toList();
        assertEquals(List.of(1L, 2L, 3L), accepted.stream().map(a -> a.path("seq").asLong()).toList(), run::toString);
        assertEquals(List.of("engine.started", "channel.registered", "channel.registered", "agent.configured"),
                Cli.types(Cli.dump(dir)), "each fact once, none of a line with a BOM");
    }

    @Test
    void anAtOutsideTheYears1970To9999IsABadLineNamingAt() {
        for (String at : List.of("+100000000-01-01T00:00:00Z", "+10000-01-01T00:00:00Z", "1969-12-31T23:59:59Z")) {
            String line = "{\"type\":\"agent.configured\",\"at\":\"" + at + "\",\"agent\":\"qa\",\"mode\":\"locus\"}";
            Path file = Facts.write(tmp.resolve("far.jsonl"), List.of(Facts.channel(1, "work"), line));

            Cli.Result run = Cli.run("run", file.toString()).exits(ExitCodes.BAD_INPUT);

            String error = Faults.errorLine(run);
            assertTrue(error.startsWith("error: line 2: field 'at':") && error.contains("outside the years 1970 to 9999"), error);
        }
        Path edge = Facts.write(tmp.resolve("edge.jsonl"), List.of(
                "{\"type\":\"agent.configured\",\"at\":\"9999-12-31T23:59:59.999Z\",\"agent\":\"qa\",\"mode\":\"locus\"}"));
        Cli.run("run", edge.toString()).exits(ExitCodes.OK);
    }

    /** An escaped lone surrogate is no character: before, it reached the journal and the channel as '?'. */
    @Test
    void anEscapedLoneSurrogateIsABadLineNamingItsFieldAndAnEscapedPairIsText() {
        for (String escape : List.of("\\ud800", "\\ude00", "\\ude00\\ud83d")) {
            Cli.Result run = Cli.run("run", message(escape).toString()).exits(ExitCodes.BAD_INPUT);
            String error = Faults.errorLine(run);
            assertTrue(error.startsWith("error: line 3: field 'text':") && error.contains("lone surrogate"), error);
        }
        Cli.run("run", message("\\ud83d\\ude00").toString()).exits(ExitCodes.OK);
    }

    /** A script whose third line is a message with {@code escape} written into its JSON text as is. */
    private Path message(String escape) {
        String line = fact("message.received", 3, "id", "m1", "agent", "qa", "kind", "channel-message", "channel", "work",
                "server", "discord", "addressed", true, "text", "half @ a pair", "writer", "host").replace("@", escape);
        return Facts.write(tmp.resolve("escape.jsonl"), List.of(Facts.channel(1, "work"), Facts.agent(2, "qa"), line));
    }

    private static Cli.Result withStdin(byte[] stdin, String... args) {
        java.io.InputStream old = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream(stdin));
            return Cli.run(args);
        } finally {
            System.setIn(old);
        }
    }
}
