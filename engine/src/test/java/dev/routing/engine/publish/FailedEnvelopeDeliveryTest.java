package dev.routing.engine.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** D1, D2, M2, M3, O2: what becomes of an envelope whose delivery does not go out. */
class FailedEnvelopeDeliveryTest {

    private static long roomTurn(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        return s.host.answer("qa", ping, "work");
    }

    private static long attempt(Scenario s) {
        return s.host.all(PublishRequested.class).get(0).attempt();
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"EXPLICIT", "HYBRID"})
    void D1_M3_aProvablyFailedEnvelopeDeliveryBouncesWithTheBounceNoticeAlone(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        String prefix = mode == Mode.HYBRID ? ">>>" : ">>";
        s.host.say(turn, 1, prefix + "#work Hello there.");
        s.host.settle(attempt(s), false, null);
        DraftHeld draft = s.host.last(DraftHeld.class).get(0);
        assertEquals("bounced", draft.cause());
        assertEquals("Hello there.", draft.text());
        assertEquals(turn, draft.turn(), "credited to the turn that wrote it");
        assertEquals(List.of("bounce"), s.host.last(NoticeIssued.class).stream().map(NoticeIssued::kind).toList(),
                "the bounce notice alone, not the failure marker as well");
        assertTrue(s.host.last(NoticeIssued.class).get(0).wake());
    }

    @Test
    void D1_aNotSentEnvelopeBouncesToo() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>#work Deploy at noon.");
        s.host.settle(attempt(s), null, "not-sent");
        assertEquals("Deploy at noon.", s.host.last(DraftHeld.class).get(0).text());
        assertEquals(List.of(), s.notices("send-failed"));
    }

    @Test
    void D2_anUnknownEnvelopeDeliveryHoldsNothingAndKeepsItsMarker() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>#work Maybe posted.");
        s.host.settle(attempt(s), null, "no-response");
        assertEquals(List.of(), s.host.all(DraftHeld.class), "words a send may have posted are never drafted");
        assertEquals(1, s.notices("send-failed").size());
    }

    @Test
    void D1_aLateFailedDeliveryStillHoldsItsDraftAndTellsTheResident() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>#work Late words.");
        s.host.end(turn);
        s.host.settle(attempt(s), false, null);
        assertEquals("Late words.", s.host.last(DraftHeld.class).get(0).text());
        assertEquals(1, s.notices("bounce").size());
    }

    /**
     * Seed, "A turn's routing": every hold, bounce and state change a delivery makes writes to the
     * turn it came from, never to the agent's current one. Turn 1's envelope fails while turn 2 (a
     * turn with a cause of its own) runs: the late bounce holds its draft for turn 1 and tells the
     * resident, and turn 2's own bounces wake as they would without it (the cap counts turn 2's).
     */
    @Test
    void M3_aLateBounceOfAnEndedTurnLeavesTheNextTurnsBounceWakesAlone() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long first = roomTurn(s);
        s.host.say(first, 1, ">>#work Late words.");
        s.host.end(first);
        long second = roomTurn(s);
        s.host.settle(attempt(s), false, null);
        DraftHeld late = s.host.last(DraftHeld.class).get(0);
        assertEquals(first, late.turn(), "the late bounce's draft is turn 1's");
        NoticeIssued told = s.host.last(NoticeIssued.class).get(0);
        assertEquals("bounce", told.kind());
        assertEquals(first, told.turn());
        s.host.say(second, 1, "One.");
        s.host.say(second, 2, "Two.");
        List<Boolean> wakes = s.notices("bounce").stream().filter(n -> n.turn() == second).map(NoticeIssued::wake).toList();
        assertEquals(List.of(true, true), wakes, "turn 2's bounces, counted from its own start");
    }

    /** The same, for the receipt: turn 2's receipt tallies only turn 2's deliveries and drafts (D7). */
    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void D7_aLateFailureOfAnEndedTurnChangesNothingInTheNextTurnsReceipt(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        long first = roomTurn(s);
        s.host.say(first, 1, mode == Mode.HYBRID ? ">>>#work Late words." : "Late words.");
        s.host.end(first);
        long second = roomTurn(s);
        s.host.settle(attempt(s), false, null);
        s.host.say(second, 1, "Second words.");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), true, null);
        s.host.end(second);
        NoticeIssued receipt = s.notices("receipt").stream().filter(n -> n.turn() == second).findFirst().orElseThrow();
        assertEquals("[delivered] 1 publication(s) confirmed: attempt 2 to work: delivered.", receipt.text());
        assertEquals(List.of(), receipt.names().drafts());
        NoticeIssued firstReceipt = s.notices("receipt").stream().filter(n -> n.turn() == first).findFirst().orElseThrow();
        assertTrue(firstReceipt.text().contains("attempt 1 to work: failed"), firstReceipt.text());
    }

    @Test
    void D1_aLocusTurnsFailedPlainSpeechGetsTheMarkerAndNoDraft() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Plain words.");
        s.host.settle(attempt(s), false, null);
        assertEquals(List.of(), s.host.all(DraftHeld.class));
        assertFalse(s.notices("send-failed").isEmpty());
    }

    @Test
    void P12_aPrivateTurnsFailedEnvelopeHoldsNothing() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String m = s.host.operator("qa", "status?");
        String w = s.host.wake("qa", "message", null, m);
        long turn = s.host.start("qa", List.of(w), List.of(m));
        s.host.say(turn, 1, ">>#work Secret numbers.");
        s.host.settle(attempt(s), false, null);
        assertEquals(List.of(), s.host.all(DraftHeld.class));
        assertEquals(1, s.notices("bounce").size());
    }
}
