package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code simulate}: a deterministic week that covers every fact type, wake cause, mode and connector answer. */
class SimulateCommandTest {
    static final List<String> FACT_TYPES = List.of("agent.configured", "channel.registered", "focus.opened", "focus.closed",
            "message.received", "wake.queued", "turn.started", "tool.boundary", "round.spoken", "turn.ended", "script.called",
            "publish.settled", "history.changed", "process.restarted", "engine.started");
    static final List<String> WAKE_CAUSES = List.of("message", "gate-window", "heartbeat", "self-wake", "sleep", "script",
            "focus-end", "tune-out-cancel", "bounce", "continuation", "auto-continuation", "rewind-retry", "failure-retry",
            "resend-after-retries", "retake");

    @Test
    void theSameSeedWritesAByteIdenticalJournal() {
        Weeks.Week first = Weeks.week(5, "current", true, 6_000);
        Path second = Weeks.fresh("again");
        Cli.run("simulate", "--journal", second.toString(), "--seed", "5", "--rules", "current", "--events", "6000",
                "--incident").exits(ExitCodes.OK);
        Path other = Weeks.fresh("other-seed");
        Cli.run("simulate", "--journal", other.toString(), "--seed", "6", "--rules", "current", "--events", "6000",
                "--incident").exits(ExitCodes.OK);

        String a = dump(first.journal());
        String b = dump(second);
        assertTrue(a.length() > 100_000, "a week of 6,000 entries dumps to more than 100 kB");
        assertEquals(a, b, "same seed, same settings: the same journal, byte for byte");
        assertNotEquals(a, dump(other), "another seed writes another week");
    }

    @Test
    void aWeekHasEveryFactTypeWakeCauseModeAndConnectorAnswerWithCounts() {
        Weeks.Week week = Weeks.incident("0.30.0");
        Map<String, Integer> types = new TreeMap<>();
        Map<String, Integer> causes = new TreeMap<>();
        Map<String, Integer> modes = new TreeMap<>();
        Map<String, Integer> answers = new TreeMap<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<String, Integer> retakes = new TreeMap<>();
        Map<String, Integer> via = new TreeMap<>();
        int injecting = 0;
        int undos = 0;
        for (JsonNode e : Cli.dump(week.journal())) {
            String type = e.path("type").asText();
            types.merge(type, 1, Integer::sum);
            switch (type) {
                case "wake.queued" -> {
                    causes.merge(e.path("cause").asText(), 1, Integer::sum);
                    if (e.has("retake")) retakes.merge(e.path("retake").asText(), 1, Integer::sum);
                }
                case "agent.configured" -> modes.merge(e.path("mode").asText() + "/" + e.path("locusPolicy").asText(), 1, Integer::sum);
                case "publish.settled" -> answers.merge(answer(e), 1, Integer::sum);
                case "publish.outcome" -> outcomes.merge(e.path("outcome").asText(), 1, Integer::sum);
                case "publish.requested" -> via.merge(e.path("via").asText(), 1, Integer::sum);
                case "tool.boundary" -> injecting += e.path("injected").size() > 0 ? 1 : 0;
                case "history.changed" -> undos += e.path("removed").size() > 0 ? 1 : 0;
                default -> { }
            }
        }
        String counts = "types " + types + "\ncauses " + causes + "\nmodes " + modes + "\nanswers " + answers + "\noutcomes "
                + outcomes + "\nretakes " + retakes + "\nvia " + via;
        for (String t : FACT_TYPES) assertTrue(types.getOrDefault(t, 0) > 0, () -> "no " + t + " in\n" + counts);
        for (String c : WAKE_CAUSES) assertTrue(causes.getOrDefault(c, 0) > 0, () -> "no wake caused by " + c + " in\n" + counts);
        assertEquals(WAKE_CAUSES.size(), causes.size(), () -> "only the protocol's causes:\n" + counts);
        for (String m : List.of("locus/delivery", "locus/latest-inbound", "hybrid/latest-inbound", "explicit/delivery",
                "named/delivery", "disabled/delivery")) {
            assertTrue(modes.containsKey(m), () -> "no resident configured " + m + ":\n" + counts);
        }
        for (String a : List.of("delivered", "not-sent", "not-delivered", "error-response", "no-response", "contradictory")) {
            assertTrue(answers.getOrDefault(a, 0) > 0, () -> "no connector answer of shape " + a + ":\n" + counts);
        }
        for (String o : List.of("delivered", "failed", "unknown")) assertTrue(outcomes.getOrDefault(o, 0) > 0, () -> "no " + o + ":\n" + counts);
        for (String r : List.of("nudge", "unstick", "inference-request")) assertTrue(retakes.containsKey(r), () -> "no " + r + ":\n" + counts);
        for (String v : List.of("speech", "resend", "unsent", "channel_publish")) assertTrue(via.containsKey(v), () -> "no " + v + ":\n" + counts);
        assertTrue(injecting > 0, "tool boundaries inject messages");
        assertTrue(undos > 0, "history is undone");
        assertTrue(types.get("process.restarted") >= 3, "deploys and a crash restart the engine");
        assertTrue(types.getOrDefault("draft.held", 0) > 0 && types.getOrDefault("draft.dismissed", 0) > 0, counts);
        assertTrue(types.getOrDefault("turn.locusMoved", 0) > 0 && types.getOrDefault("tool.decided", 0) > 0, counts);
    }

    @Test
    void aWeekIsSevenDailyFilesWithWorkingHoursAndAQuietSunday() throws IOException {
        Weeks.Week week = Weeks.incident("0.30.0");
        try (Stream<Path> files = Files.list(week.journal())) {
            assertEquals(7, files.filter(p -> p.toString().endsWith(".cq4")).count(), "one journal file per day");
        }
        Map<DayOfWeek, Integer> byDay = new TreeMap<>();
        int working = 0;
        int night = 0;
        for (JsonNode e : Cli.dump(week.journal())) {
            var at = Instant.parse(e.path("at").asText()).atOffset(ZoneOffset.UTC);
            byDay.merge(at.getDayOfWeek(), 1, Integer::sum);
            if (at.getDayOfWeek().getValue() <= 5) {
                if (at.getHour() >= 8 && at.getHour() < 19) working++;
                else if (at.getHour() < 6) night++;
            }
        }
        assertEquals(7, byDay.size(), () -> "entries every day: " + byDay);
        assertTrue(byDay.get(DayOfWeek.SUNDAY) * 10 < byDay.get(DayOfWeek.THURSDAY), () -> "Sunday is quiet: " + byDay);
        assertTrue(working > 10 * night, "weekdays happen in working hours: " + working + " vs " + night + " at night");
    }

    @Test
    void J2_aSimulatedWeekVerifiesRestartsAndAll() {
        Weeks.Week week = Weeks.week(5, "current", true, 6_000);

        Cli.assertVerifies(week.journal());
    }

    @Test
    void simulatingIntoAnExistingJournalExits2() {
        Weeks.Week week = Weeks.incident("0.30.0");

        Cli.Result again = Cli.run("simulate", "--journal", week.journal().toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(again.err().contains("already holds a journal"), again::toString);
    }

    private static String answer(JsonNode settled) {
        if (settled.path("delivered").asBoolean(false)) return "delivered";
        if (settled.has("error")) return settled.path("error").asText();
        if (settled.has("delivered") && settled.has("messageId")) return "contradictory";
        return "not-delivered";
    }

    private static String dump(Path journal) {
        return Cli.run("dump", "--journal", journal.toString()).exits(ExitCodes.OK).out();
    }
}
