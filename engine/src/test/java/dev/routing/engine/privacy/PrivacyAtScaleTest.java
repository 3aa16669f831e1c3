package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnOpened;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failing closed must not become over-privacy at scale (issue 25): a busy public agent's old room
 * message stays public however many messages and turns came after it, for as long as retention
 * keeps it, through a restart too; an id never stored still counts as private. Each case has a
 * focus on {@code work}, so a turn wrongly private shows as silence there, and one wrongly public
 * as speech there.
 */
class PrivacyAtScaleTest {
    /** More than the 1,024 public ids and the 4,096 private turns the record once kept. */
    private static final int BUSY = 5_000;

    /** {@code count} room messages, each woken for, read and answered in its own channel turn. */
    private static List<String> busyDay(Host host, int count) {
        List<String> read = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String ping = host.room("qa", "work", "@qa " + i, true);
            read.add(ping);
            long turn = host.answer("qa", ping, "work");
            host.say(turn, 1, "pong " + i);
            host.end(turn);
        }
        return read;
    }

    private static long wakeFor(Scenario s, String message, String text) {
        String w = s.host.wake(new WakeSpec("qa", "message").channel("work").messages(message));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, text);
        return turn;
    }

    @Test
    void P2_aWakeNamingAnOldPublicRoomMessageStaysPublicAfterThousandsMore() {
        Scenario s = Scenario.withFocusFallback();
        List<String> read = busyDay(s.host, BUSY);
        long turn = wakeFor(s, read.get(0), "Answering the first one again.");
        assertFalse(s.opened(turn).isPrivate(), "why: " + s.opened(turn).why());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P2_anIdNeverStoredStillCountsAsPrivateAmongThousandsKnown() {
        Scenario s = Scenario.withFocusFallback();
        busyDay(s.host, BUSY);
        long turn = wakeFor(s, "m-never-stored", "Which message?");
        assertEquals("unknown-message", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P9_anUndoAndRedoOverOldPublicHistoryLeavesTheRetakePublic() {
        Scenario s = Scenario.withFocusFallback();
        List<String> read = busyDay(s.host, BUSY);
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", read.subList(0, 10), List.of()));
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), read.subList(0, 10)));
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        assertFalse(s.opened(turn).isPrivate(), "why: " + s.opened(turn).why());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P9_aRedoOfAnIdNeverStoredStillMakesTheRetakePrivate() {
        Scenario s = Scenario.withFocusFallback();
        busyDay(s.host, BUSY);
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), List.of("m-never-stored")));
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        assertEquals("retake-of-private-history", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    /** P15: a room message a private turn read stays unanswerable in its room, however much came after. */
    @Test
    void P15_aRoomMessageAPrivateTurnReadStaysPrivateAfterThousandsMore() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "are we green?");
        long secret = s.host.answer("qa", op, null);
        String room = s.host.room("qa", "work", "@qa status?", true);
        s.host.say(secret, 1, "Checking.", Host.call("shell", null, null));
        s.host.boundary(secret, room);
        s.host.say(secret, 2, "Green.");
        s.host.end(secret);
        busyDay(s.host, BUSY);
        long turn = wakeFor(s, room, "Status is green.");
        assertEquals("read-in-private-turn", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    /** P10: a channel turn's work comes back public after thousands of private turns. */
    @Test
    void P10_anOldChannelTurnsWorkStaysPublicAfterThousandsOfPrivateTurns() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa run the report", true);
        long channelTurn = s.host.answer("qa", ping, "work");
        s.host.say(channelTurn, 1, "Running it.");
        s.host.end(channelTurn);
        for (int i = 0; i < BUSY; i++) {
            String op = s.host.operator("qa", "private " + i);
            long t = s.host.answer("qa", op, null);
            s.host.say(t, 1, "noted");
            s.host.end(t);
        }
        String report = s.host.message("qa", "script-report", null, false, "the figures", "host", channelTurn, false);
        String w = s.host.wake(new WakeSpec("qa", "script").channel("work").armedBy(channelTurn).messages(report));
        long turn = s.host.start("qa", List.of(w), List.of(report));
        s.host.say(turn, 1, "The figures are in.");
        assertFalse(s.opened(turn).isPrivate(), "why: " + s.opened(turn).why());
        s.assertPublishedIn(turn, "work");
    }

    private static ToolDecided scriptPublishes(Scenario s, long turn) {
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", null, null, "nightly report"));
        return s.host.last(ToolDecided.class).get(0);
    }

    /** P13: a script left running past a channel turn's end publishes where that turn spoke, however many turns later. */
    @Test
    void P13_aScriptLeftRunningPastAChannelTurnPublishesWhereItSpokeThousandsOfTurnsLater() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa run the nightly report", true);
        long started = s.host.answer("qa", ping, "noisy");
        s.host.say(started, 1, "Started it.");
        s.host.end(started);
        busyDay(s.host, BUSY);
        s.restart();
        ToolDecided answer = scriptPublishes(s, started);
        assertTrue(answer.allowed(), answer.refusal());
        assertEquals("noisy", answer.channel());
    }

    @Test
    void P13_aScriptLeftRunningPastAPrivateTurnIsRefusedThousandsOfTurnsLater() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "run the payroll report");
        long started = s.host.answer("qa", op, null);
        s.host.say(started, 1, "Started it.");
        s.host.end(started);
        busyDay(s.host, BUSY);
        ToolDecided answer = scriptPublishes(s, started);
        assertFalse(answer.allowed());
        assertTrue(answer.refusal().contains("must name its channel"), answer.refusal());
    }

    /** P13, P2, fail closed: a turn older than retention keeps has no known owner, so no script's call of it goes out. */
    @Test
    void P13_aScriptOfATurnOlderThanRetentionKeepsIsRefusedWhole() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa run the monthly report", true);
        long started = s.host.answer("qa", ping, "noisy");
        s.host.end(started);
        s.host.advance(31L * 86_400);
        busyDay(s.host, 1);
        assertFalse(scriptPublishes(s, started).allowed());
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", started, "channel_publish", "noisy", null, "named"));
        ToolDecided named = s.host.last(ToolDecided.class).get(0);
        assertFalse(named.allowed(), "whose script it is cannot be told, so not even a named channel");
        assertTrue(named.refusal().contains("no longer knows whose script"), named.refusal());
    }

    /** P13, fail closed: the day a turn leaves retention, the first fact of that day already finds no owner for it. */
    @Test
    void P13_aScriptCallThatIsTheFirstFactOfTheDayItsTurnLeavesRetentionIsRefused() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa run the monthly report", true);
        long started = s.host.answer("qa", ping, "noisy");
        s.host.end(started);
        s.host.advance(31L * 86_400);
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", started, "channel_publish", "noisy", null, "named"));
        ToolDecided named = s.host.last(ToolDecided.class).get(0);
        assertFalse(named.allowed(), "judged by the day of the call, not of the fact before it");
        assertTrue(named.refusal().contains("no longer knows whose script"), named.refusal());
    }

    /** P13: a turn the first fact of a UTC day opened is kept as that day's, all thirty days (its decisions fold before the clock moves). */
    @Test
    void P13_aTurnOpenedByADaysFirstFactIsKeptThroughItsThirtiethDay() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa run the report", true);
        String wake = s.host.wake("qa", "message", "noisy", ping);
        s.host.advance(86_400 - s.host.now().getEpochSecond() % 86_400 - 1);
        long started = s.host.start("qa", List.of(wake), List.of(ping));
        assertEquals(0, s.opened(started).at().getEpochSecond() % 86_400, "the start is the day's first fact");
        s.host.say(started, 1, "Started it.");
        s.host.end(started);
        s.host.advance(30L * 86_400 + 3_600);
        ToolDecided answer = scriptPublishes(s, started);
        assertTrue(answer.allowed(), "day 30 after: " + answer.refusal());
        assertEquals("noisy", answer.channel());
    }

    @Test
    void P2_aPublicMessageLetGoLongerAgoThanRetentionKeepsCountsAsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        List<String> read = busyDay(s.host, 3);
        s.host.advance(29L * 86_400);
        long kept = wakeFor(s, read.get(0), "Still known.");
        s.host.end(kept);
        assertFalse(s.opened(kept).isPrivate(), "29 days on, retention keeps it: " + s.opened(kept).why());
        s.host.advance(2L * 86_400);
        long turn = wakeFor(s, read.get(1), "Too old to know.");
        assertEquals("unknown-message", s.opened(turn).why());
    }

    /** Restore after a restart gives the same answers: the ids come back from the journal's checkpoint and tail. */
    @Test
    void P2_P15_aRestartBetweenStoringAndWakingAnswersAsBefore(@TempDir Path dir) {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 2_000)) {
            Host host = new Host(sink::accept);
            host.channel("work", "discord").channel("noisy", "discord");
            host.agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
            host.focus("qa", "work");
            String op = host.operator("qa", "keep this between us");
            long secret = host.answer("qa", op, null);
            String room = host.room("qa", "work", "@qa status?", true);
            host.say(secret, 1, "Checking.", Host.call("shell", null, null));
            host.boundary(secret, room);
            host.end(secret);
            List<String> read = busyDay(host, BUSY);
            assertTrue(sink.engine().journal().newestCheckpoint(Long.MAX_VALUE) != null, "the restore starts from a checkpoint");
            host.all().addAll(sink.restart(host.tick()));

            String w = host.wake(new WakeSpec("qa", "message").channel("work").messages(read.get(0)));
            long old = start(host, w);
            host.say(old, 1, "The first one, again.");
            host.end(old);
            String w2 = host.wake(new WakeSpec("qa", "message").channel("work").messages(room));
            long heldBack = start(host, w2);
            host.say(heldBack, 1, "Status.");
            String w3 = host.wake(new WakeSpec("qa", "message").channel("work").messages("m-never-stored"));
            long unknown = start(host, w3);

            assertFalse(opened(host, old).isPrivate(), "why: " + opened(host, old).why());
            assertEquals("read-in-private-turn", opened(host, heldBack).why());
            assertEquals("unknown-message", opened(host, unknown).why());
            List<SpeechRouted> published = host.all(SpeechRouted.class).stream()
                    .filter(r -> r.turn() == old || r.turn() == heldBack).filter(r -> r.route().isPublish()).toList();
            assertEquals(1, published.size(), "only the old public message's answer: " + published);
            assertEquals(old, published.get(0).turn());
        }
    }

    private static long start(Host host, String wake) {
        return host.start("qa", List.of(wake), List.of());
    }

    private static TurnOpened opened(Host host, long turn) {
        return host.all(TurnOpened.class).stream().filter(o -> o.turn() == turn).findFirst().orElseThrow();
    }
}
