package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * P3, P8-P10: work a turn derives or arms speaks as that turn stands when it comes back.
 *
 * <p>The seed's ids (private-turns.txt): D1 is P8, D2 is P8, D3 is P3, D4 is P9, D5 is P10.
 */
class DerivedWorkTest {

    private static long privateTurn(Scenario s) {
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Looking.");
        s.host.end(turn);
        return turn;
    }

    private static long channelTurn(Scenario s) {
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "noisy");
        s.host.say(turn, 1, "pong");
        s.host.end(turn);
        return turn;
    }

    private static long armed(Scenario s, String cause, long by) {
        String w = s.host.wake(new WakeSpec("qa", cause).armedBy(by));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Back again.");
        return turn;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"continuation", "auto-continuation", "bounce", "rewind-retry", "failure-retry",
        "resend-after-retries"})
    void P8_whatAPrivateTurnDerivesSpeaksInNoChannelEvenWhereAFallbackExists(String cause) {
        Scenario s = Scenario.withFocusFallback();
        long turn = armed(s, cause, privateTurn(s));
        assertTrue(s.opened(turn).isPrivate());
        s.assertKeptPrivate(turn, "private-turn");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"continuation", "auto-continuation", "bounce", "rewind-retry", "failure-retry",
        "resend-after-retries"})
    void P8_whatAChannelTurnDerivesSpeaksAsOn0300InTheFallbackChannel(String cause) {
        Scenario s = Scenario.withFocusFallback();
        long turn = armed(s, cause, channelTurn(s));
        assertFalse(s.opened(turn).isPrivate());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P8_aBudgetRestartOfAPrivateTurnStaysPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        s.host.say(turn, 1, "After the restart.");
        s.assertKeptPrivate(turn, "private-turn");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"self-wake", "sleep", "script", "tune-out-cancel", "focus-end"})
    void P8_aWakeArmedByThModelInAPrivateTurnSpeaksInNoChannel(String cause) {
        Scenario s = Scenario.withFocusFallback();
        long turn = armed(s, cause, privateTurn(s));
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P8_aScriptsWakeQueuedWhileItsTurnWasAChannelsSpeaksInNoChannelOnceThatTurnTurnsPrivateFirst() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long room = s.host.answer("qa", ping, "noisy");
        s.host.say(room, 1, "Starting a script.", call("shell", null, null));
        String scriptWake = s.host.wake(new WakeSpec("qa", "script").armedBy(room));
        String op = s.host.operatorQuietly("qa", "status?");
        s.host.boundary(room, op);
        s.host.end(room);
        long later = s.host.start("qa", List.of(scriptWake), List.of());
        s.host.say(later, 1, "Script done.");
        s.assertKeptPrivate(later, "private-turn");
    }

    @Test
    void P3_whatAPrivateTurnsWorkBroughtBackStoredWhileIdleMakesItsNextStartPrivate() {
        Scenario s = Scenario.withFocusFallback();
        long turn = privateTurn(s);
        s.host.message("qa", "work-result", null, false, "result", "host", turn, false);
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long next = s.host.answer("qa", ping, "noisy");
        s.host.say(next, 1, "pong");
        assertTrue(s.opened(next).isPrivate());
    }

    @Test
    void P9_aNudgeAfterAPrivateTurnSpeaksInNoChannel() {
        Scenario s = Scenario.withFocusFallback();
        privateTurn(s);
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        assertEquals("retake-of-private-history", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P9_aNudgeAfterOnlyChannelTurnsSpeaksAsOnMainInTheFallbackChannel() {
        Scenario s = Scenario.withFocusFallback();
        channelTurn(s);
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P9_aNudgeAfterAChannelTurnThatFollowedAPrivateExchangeSpeaksInNoChannel() {
        Scenario s = Scenario.withFocusFallback();
        privateTurn(s);
        channelTurn(s);
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("unstick"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P9_aNudgeAfterTheHostsUndoBackPastAPrivateExchangeSpeaksAsOnMain() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Private answer.");
        s.host.end(turn);
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(op), List.of()));
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long retake = s.host.start("qa", List.of(w), List.of());
        s.host.say(retake, 1, "Retaken.");
        s.assertPublishedIn(retake, "work");
        s.host.end(retake);
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), List.of(op)));
        String again = s.host.wake(new WakeSpec("qa", "retake").retake("nudge"));
        long redo = s.host.start("qa", List.of(again), List.of());
        assertTrue(s.opened(redo).isPrivate(), "switching back restores the private question");
    }

    @Test
    void P9_afterARestartANudgeFollowingAPrivateTurnSpeaksInNoChannel() {
        Scenario s = Scenario.withFocusFallback();
        privateTurn(s);
        s.restart();
        String w = s.host.wake(new WakeSpec("qa", "retake").retake("inference-request"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P10_workFromAPrivateTurnThatComesBackAfterARestartStaysPrivate() {
        Scenario s = Scenario.withFocusFallback();
        long turn = privateTurn(s);
        s.restart();
        String report = s.host.message("qa", "script-report", null, false, "report ready", "host", turn, true);
        String w = s.host.wake(new WakeSpec("qa", "script").armedBy(turn).messages(report));
        long next = s.host.start("qa", List.of(w), List.of(report));
        s.host.say(next, 1, "The report is ready.");
        s.assertKeptPrivate(next, "private-turn");
    }

    @Test
    void D6_agentMailSentWhileTheSendersTurnIsPrivateIsAnsweredInNoChannel() {
        Scenario s = Scenario.withFocusFallback();
        s.host.agent("boss", Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.message("boss", "external-message", null, false, "ask qa", "host", null, true);
        long bossTurn = s.host.answer("boss", op, null);
        String mail = s.host.message("qa", "agent-mail", null, false, "from boss", "host", bossTurn, true);
        String w = s.host.wake("qa", "message", null, mail);
        long turn = s.host.start("qa", List.of(w), List.of(mail));
        s.host.say(turn, 1, "Answering boss.");
        assertEquals("private-work", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    /**
     * P7, P12: a room's start made private by agent mail a private turn's sender stored while the
     * agent was idle is told what made it private: that mail and the turn it came from, not "an
     * operator's message".
     */
    @Test
    void P12_aStartMadePrivateByStoredPrivateAgentMailNamesTheMailInItsNotice() {
        Scenario s = Scenario.withFocusFallback();
        s.host.agent("boss", Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.message("boss", "external-message", null, false, "ask qa", "host", null, true);
        long bossTurn = s.host.answer("boss", op, null);
        String mail = s.host.message("qa", "agent-mail", null, false, "from boss", "host", bossTurn, false);
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "noisy");
        assertEquals("stored-private-input", s.opened(turn).why());
        String told = s.notices("private-turn").stream().filter(n -> n.turn() == turn).findFirst().orElseThrow().text();
        assertTrue(told.contains("agent mail (" + mail + ") sent while its sender's turn " + bossTurn
                + " was private, stored before this start"), told);
        assertFalse(told.contains("operator"), told);
    }

    @Test
    void P12_aStartMadePrivateByAStoredOperatorMessageNamesIt() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operatorQuietly("qa", "status?");
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "noisy");
        String told = s.notices("private-turn").stream().filter(n -> n.turn() == turn).findFirst().orElseThrow().text();
        assertTrue(told.contains("an operator's message from a private surface (" + op + "), stored before this start"), told);
    }

    @Test
    void D6_agentMailFromAChannelTurnIsAnsweredWhereAChannelLessTurnsSpeechGoes() {
        Scenario s = Scenario.withFocusFallback();
        s.host.agent("boss", Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("boss", "noisy", "@boss ask qa", true);
        long bossTurn = s.host.answer("boss", ping, "noisy");
        String mail = s.host.message("qa", "agent-mail", null, false, "from boss", "host", bossTurn, true);
        String w = s.host.wake("qa", "message", null, mail);
        long turn = s.host.start("qa", List.of(w), List.of(mail));
        s.host.say(turn, 1, "Answering boss.");
        s.assertPublishedIn(turn, "work");
    }
}
