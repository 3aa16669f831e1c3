package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
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

/** D7: the notices that name drafts: at a boundary, in the receipt, and the next turn's catch-up. */
class DraftNoticesTest {

    private static long roomTurn(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        return s.host.answer("qa", ping, "work");
    }

    @Test
    void D7_aLiveBoundaryNamesTheDraftsHeldSinceTheLastNotice() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "x"));
        s.host.boundary(turn);
        String id = s.host.all(DraftHeld.class).get(0).draft();
        assertEquals(List.of(id), s.notices("held-drafts").get(0).names().drafts());
        s.host.boundary(turn);
        assertEquals(1, s.notices("held-drafts").size(), "named once");
    }

    @Test
    void D7_theReceiptNamesEveryDraftByIdAndStateAndSaysNothingConfirmedWhenOneMayHaveBeenPosted() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "x"));
        String id = s.host.all(DraftHeld.class).get(0).draft();
        s.host.say(turn, 2, "", drafts("resend", "work", id));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.end(turn);
        NoticeIssued receipt = s.notices("receipt").get(0);
        assertTrue(receipt.names().drafts().contains(id));
        assertTrue(receipt.text().startsWith("[delivered] nothing confirmed"), receipt.text());
        assertTrue(receipt.text().contains(id + " (unconfirmed"), receipt.text());
    }

    @Test
    void D7_O3_aReceiptAfterItsUnknownAttemptWasLetGoStillSaysNothingConfirmed() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.agent("ops", Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Maybe posted.");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.advance(8 * 86_400L);
        String ping = s.host.room("ops", "work", "@ops ping", true);
        long other = s.host.answer("ops", ping, "work");
        s.host.say(other, 1, "A week later.");
        s.host.end(turn);
        NoticeIssued receipt = s.notices("receipt").get(0);
        assertTrue(receipt.text().startsWith("[delivered] nothing confirmed"), receipt.text());
        assertTrue(receipt.text().contains("to work: unknown"), receipt.text());
    }

    @Test
    void D7_explicitModeWritesNoReceipt() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>#work Posted.");
        s.host.end(turn);
        assertEquals(List.of(), s.notices("receipt"));
    }

    @Test
    void D7_aDraftNoNoticeReachedIsNamedByTheNextTurnsCatchUpEveryOneByIdTheNewestEightInDetail() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        for (int round = 1; round <= 10; round++) {
            s.host.say(turn, round, "Line " + round + " beside the drafts tool.", drafts("list", null));
        }
        s.host.end(turn);
        List<String> held = s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
        assertEquals(10, held.size());
        assertEquals(List.of(), s.notices("bounce"), "M7: held with no notice and no wake");
        long next = roomTurn(s);
        NoticeIssued catchUp = s.notices("catch-up").get(0);
        assertEquals(next, catchUp.turn());
        assertEquals(10, catchUp.names().drafts().size());
        assertEquals(8, catchUp.text().split("\\(held").length - 1, catchUp.text());
        long again = roomTurn(s);
        assertEquals(1, s.notices("catch-up").size(), "named drafts are not named again: " + again);
    }

    /**
     * Issue 25 (a): a restart aborts the turn that held ten drafts (no boundary named them, no receipt
     * will), in each mode that holds: the next turn's catch-up names all ten by id, not a subset.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID", "EXPLICIT"})
    void D7_afterARestartTheCatchUpNamesEveryDraftTheAbortedTurnHeld(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        String first = mode == Mode.EXPLICIT ? "Line 0 beside the drafts tool." : "Sent beside this line.";
        s.host.say(turn, 1, first, mode == Mode.EXPLICIT ? drafts("list", null) : call("send_message", "work", "posted"));
        for (int round = 2; round <= 10; round++) {
            s.host.say(turn, round, "Line " + round + ", held.", mode == Mode.EXPLICIT ? drafts("list", null) : call("shell", null, null));
        }
        List<String> held = s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
        assertEquals(10, held.size(), "drafts held: " + held);
        s.restart();
        long next = roomTurn(s);
        List<NoticeIssued> catchUps = s.notices("catch-up");
        assertEquals(1, catchUps.size());
        assertEquals(next, catchUps.get(0).turn());
        assertEquals(new java.util.TreeSet<>(held), new java.util.TreeSet<>(catchUps.get(0).names().drafts()),
                "every draft the aborted turn held, by id");
        for (String id : held) assertTrue(catchUps.get(0).text().contains(id), id);
    }

    @Test
    void D7_aBoundarysNoticeWarnsOnlyOfAHeldDraftThatMayAlreadyHaveBeenPosted() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Plain.", call("send_message", "work", "x"));
        s.host.boundary(turn);
        String plain = s.notices("held-drafts").get(0).text();
        assertFalse(plain.contains("may already have been posted"), plain);
        s.host.end(turn);
        long next = roomTurn(s);
        s.host.say(next, 1, ">>>#nowhere Maybe posted.");
        s.host.say(next, 2, ">>>#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.say(next, 3, ">>>#work Again: {{unsent}}", call("send_message", "work", "x"));
        assertTrue(s.host.last(DraftHeld.class).get(0).risk());
        s.host.boundary(next);
        String risky = s.notices("held-drafts").get(s.notices("held-drafts").size() - 1).text();
        assertTrue(risky.contains("; may already have been posted)"), risky);
    }
}
