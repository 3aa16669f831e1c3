package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Drives the command line in-process through {@link Main#execute}, with System.out, System.err
 * (and System.in when given) swapped for buffers around the call and restored after it.
 */
final class Cli {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Cli() {}

    /** What one command did: its exit code and everything it printed. */
    record Result(List<String> args, int exit, String out, String err) {
        /** stdout's lines, blank ones dropped. */
        List<String> lines() {
            return out.lines().filter(l -> !l.isBlank()).toList();
        }

        /** stdout's lines, each parsed as JSON (a line that is not JSON fails the test). */
        List<JsonNode> json() {
            List<JsonNode> nodes = new ArrayList<>();
            for (String line : lines()) nodes.add(parse(line, this));
            return nodes;
        }

        /** The whole of stdout as one JSON document. */
        JsonNode tree() {
            return parse(out, this);
        }

        /** Asserts the exit code, showing what the command printed when it differs. */
        Result exits(int expected) {
            assertEquals(expected, exit, () -> "exit code of " + this);
            return this;
        }

        @Override
        public String toString() {
            return String.join(" ", args) + " -> exit " + exit + "\n--- stdout\n" + abbreviate(out)
                    + "\n--- stderr\n" + abbreviate(err);
        }
    }

    static Result run(String... args) {
        return withStdin(null, args);
    }

    static Result withStdin(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        InputStream oldIn = System.in;
        PrintStream callersOut = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream callersErr = new PrintStream(err, true, StandardCharsets.UTF_8);
        int exit;
        try {
            System.setOut(callersOut);
            System.setErr(callersErr);
            if (stdin != null) System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            exit = Main.execute(args);
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(oldOut);
            System.setErr(oldErr);
            System.setIn(oldIn);
        }
        Result result = new Result(List.of(args), exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        // checkError is true once a stream is closed: a command must leave its caller's streams usable
        assertFalse(callersOut.checkError(), () -> "the command closed System.out: " + result);
        assertFalse(callersErr.checkError(), () -> "the command closed System.err: " + result);
        return result;
    }

    /** {@code dump --journal DIR}: every entry, parsed. */
    static List<JsonNode> dump(Path journal, String... more) {
        List<String> args = new ArrayList<>(List.of("dump", "--journal", journal.toString()));
        args.addAll(Arrays.asList(more));
        return run(args.toArray(String[]::new)).exits(ExitCodes.OK).json();
    }

    static void assertVerifies(Path journal) {
        Result verify = run("verify", "--journal", journal.toString());
        verify.exits(ExitCodes.OK);
        assertTrue(verify.out().startsWith("ok"), () -> "verify prints ok: " + verify);
    }

    static boolean isDecision(JsonNode entry) {
        return EntryCodec.readEntry(entry.toString()) instanceof Decision;
    }

    /** Whether a line of the sidecar's output is a decision, not one of its own (ready, accepted, rejected). */
    static boolean isDecisionLine(JsonNode line) {
        String type = line.path("type").asText();
        return !type.startsWith("sidecar.") && !type.startsWith("fact.");
    }

    static List<String> types(List<JsonNode> entries) {
        return entries.stream().map(e -> e.path("type").asText()).toList();
    }

    static JsonNode parse(String json, Object context) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return fail("not JSON: " + abbreviate(json) + " (" + e.getOriginalMessage() + ") in " + context);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 4000 ? s.substring(0, 4000) + "…" : s;
    }
}
