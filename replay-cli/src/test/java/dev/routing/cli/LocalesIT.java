package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same bytes in every locale and encoding: the built jar runs one script and reads one journal
 * under a UTF-8 locale, in Turkish with ISO-8859-1 as {@code file.encoding} (where
 * "HYBRID".toLowerCase() is "hybrıd" and {@code %,d} writes 1.048.576), and in Egyptian Arabic under
 * {@code LC_ALL=C} (where {@code %d} writes Arabic-Indic digits, and Java 17 writes System.out in
 * ASCII, '?' for İ, and reads the arguments in ASCII). Every command's stdout, stderr and exit code
 * must equal the UTF-8 locale's, byte for byte. {@code run}'s decisions hold the engine's own words
 * (a drafts read's "1,048,576"), which is what the journal keeps; a {@code verify} under another
 * locale re-decides the UTF-8 locale's journal and must find the same words.
 */
class LocalesIT {
    /** Each environment: the variables it sets and the JVM options it adds (after the platform's own). */
    private record Platform(String name, Map<String, String> env, List<String> options) {}

    private static final List<Platform> PLATFORMS = List.of(
            new Platform("C.UTF-8", Map.of("LC_ALL", "C.UTF-8"), List.of()),
            new Platform("tr_TR, ISO-8859-1", Map.of("LC_ALL", "C"),
                    List.of("-Duser.language=tr", "-Duser.country=TR", "-Dfile.encoding=ISO-8859-1")),
            new Platform("ar_EG, LC_ALL=C", Map.of("LC_ALL", "C", "LANG", "C"), List.of("-Duser.language=ar", "-Duser.country=EG")));

    @TempDir
    Path tmp;

    /**
     * Two agents with names a case change or an encoding would alter, one of them in hybrid mode; a
     * locus turn whose send holds two drafts of 600,000 characters, then a drafts read of both (its
     * answer names the 1,048,576 characters one read may show); a delivery, and a resend.
     */
    static List<String> script() {
        String agent = "İLKER";
        List<String> lines = new ArrayList<>(List.of(Facts.channel(0, "work"),
                Facts.fact("agent.configured", 0, "agent", agent, "mode", "hybrid", "locusPolicy", "delivery"),
                Facts.fact("agent.configured", 0, "agent", "ılık", "mode", "locus"),
                Facts.fact("message.received", 1, "id", "m1", "agent", agent, "kind", "channel-message", "channel", "work",
                        "server", "discord", "addressed", true, "text", "@İLKER durum? ☃ çok güzel", "writer", "host"),
                Facts.fact("wake.queued", 2, "id", "w1", "agent", agent, "cause", "message", "messages", List.of("m1"),
                        "channel", "work"),
                Facts.fact("turn.started", 3, "agent", agent, "wakes", List.of("w1"), "reads", List.of("m1")),
                "{\"type\":\"round.spoken\",\"at\":\"" + Facts.at(4) + "\",\"turn\":1,\"round\":1,\"text\":\""
                        + "x".repeat(600_000) + "İ\",\"calls\":[{\"tool\":\"send_message\",\"channel\":\"work\",\"text\":\"Işık yandı.\"}]}",
                Facts.fact("round.spoken", 5, "turn", 1, "round", 2, "text", "y".repeat(600_000) + "ı"),
                "{\"type\":\"round.spoken\",\"at\":\"" + Facts.at(6) + "\",\"turn\":1,\"round\":3,\"text\":\"Şimdi.\","
                        + "\"calls\":[{\"tool\":\"drafts\",\"action\":\"read\",\"draftIds\":[\"@1\",\"@2\"]}]}",
                Facts.fact("publish.settled", 7, "attempt", 1, "delivered", true, "messageId", "x1", "connectorText", "İyi"),
                Facts.fact("turn.ended", 8, "turn", 1)));
        return lines;
    }

    /** What one command did, as bytes. */
    private record Answer(int exit, String out, String err) {}

    @Test
    void everyCommandAnswersTheSameBytesUnderEveryLocaleAndEncoding() throws Exception {
        Path script = Facts.write(tmp.resolve("script.jsonl"), script());
        Path bad = Facts.write(tmp.resolve("bad.jsonl"), List.of(Facts.channel(0, "work"),
                Facts.fact("agent.configured", 1, "agent", "İLKER", "mode", "HYBRİD")));
        Path shared = tmp.resolve("shared");
        Answer written = run(PLATFORMS.get(0), "run", script.toString(), "--journal", shared.toString());
        assertEquals(0, written.exit(), written::toString);

        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("state --agent", List.of("state", "--journal", shared.toString(), "--agent", "İLKER"));
        commands.put("dump", List.of("dump", "--journal", shared.toString()));
        commands.put("audit", List.of("audit", "--journal", shared.toString()));
        commands.put("audit html", List.of("audit", "--journal", shared.toString(), "--format", "html"));
        commands.put("verify", List.of("verify", "--journal", shared.toString()));
        commands.put("diff", List.of("diff", "--journal", shared.toString(), "--rules", "0.30.0"));
        commands.put("a bad line", List.of("run", bad.toString()));

        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<Answer>> answers = new LinkedHashMap<>();
        String first = PLATFORMS.get(0).name();
        try {
            for (Platform p : PLATFORMS) {
                Path own = tmp.resolve("journal-" + PLATFORMS.indexOf(p));
                answers.put(p.name() + ": run", pool.submit(() -> run(p, "run", script.toString(), "--journal", own.toString())));
                for (Map.Entry<String, List<String>> c : commands.entrySet()) {
                    answers.put(p.name() + ": " + c.getKey(), pool.submit(() -> run(p, c.getValue().toArray(String[]::new))));
                }
            }
            List<String> differ = new ArrayList<>();
            for (Map.Entry<String, Future<Answer>> a : answers.entrySet()) {
                String command = a.getKey().substring(a.getKey().indexOf(": ") + 2);
                Answer expected = answers.get(first + ": " + command).get(5, TimeUnit.MINUTES);
                Answer got = a.getValue().get(5, TimeUnit.MINUTES);
                if (!expected.equals(got)) differ.add(a.getKey() + " differs from " + first + ": " + firstDifference(expected, got));
            }
            assertEquals(List.of(), differ);
        } finally {
            pool.shutdownNow();
        }
        // and what they all answer is what a UTF-8 platform should
        Answer state = answers.get(first + ": state --agent").get();
        assertTrue(state.out().contains("\"İLKER\" : {") && state.exit() == 0, state::toString);
        Answer audit = answers.get(first + ": audit").get();
        assertTrue(audit.out().contains("İLKER (hybrid, delivery)"), audit::toString);
        Answer dump = answers.get(first + ": dump").get();
        assertTrue(dump.out().contains("within the 1,048,576 characters one read may show"), "the drafts read's words");
        Answer refused = answers.get(first + ": a bad line").get();
        assertTrue(refused.exit() == 2 && refused.err().contains("HYBRİD"), refused::toString);
    }

    private static String firstDifference(Answer a, Answer b) {
        if (a.exit() != b.exit()) return "exit " + a.exit() + " vs " + b.exit();
        String[] which = a.out().equals(b.out()) ? new String[] {"stderr", a.err(), b.err()} : new String[] {"stdout", a.out(), b.out()};
        String x = which[1];
        String y = which[2];
        int i = 0;
        while (i < x.length() && i < y.length() && x.charAt(i) == y.charAt(i)) i++;
        int from = Math.max(0, i - 40);
        return which[0] + " at char " + i + ": «" + x.substring(from, Math.min(x.length(), i + 40)) + "» vs «"
                + y.substring(from, Math.min(y.length(), i + 40)) + "»";
    }

    /** The jar under {@code platform}, its output decoded as UTF-8 (as a host reads it). */
    private Answer run(Platform platform, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(SidecarProcess.command(args));
        command.addAll(command.indexOf("-jar"), platform.options()); // the JVM's options, before its -jar
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("LANG");
        pb.environment().remove("LC_ALL");
        pb.environment().remove("LC_CTYPE");
        pb.environment().putAll(platform.env());
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " did not end within 3 minutes");
        }
        try {
            return new Answer(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } catch (java.nio.charset.MalformedInputException e) {
            throw new UncheckedIOException(platform.name() + ": " + String.join(" ", args) + " wrote bytes that are not UTF-8", e);
        }
    }
}
