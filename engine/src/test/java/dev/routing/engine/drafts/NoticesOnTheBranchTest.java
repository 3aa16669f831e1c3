package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.projections.StateCodec;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * D7 (seed: "What counts as named"): a draft counts as named while a notice recorded as naming it
 * is on the agent's current branch. A history change that takes such a notice away (a rollback on
 * the same branch, a move to another branch) leaves the draft to the next start's catch-up; one
 * that puts it back names it again. Every notice carries its id, which the host names in
 * {@code history.changed}'s {@code removedNotices} and {@code restoredNotices}.
 */
class NoticesOnTheBranchTest {

    private static long roomTurn(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        return s.host.answer("qa", ping, "work");
    }

    /** A locus turn whose send holds {@code lines} rounds of speech as drafts; it ends, and its receipt names them. */
    private static long turnHolding(Scenario s, int lines) {
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held 1.", call("send_message", "work", "posted"));
        for (int round = 2; round <= lines; round++) s.host.say(turn, round, "Held " + round + ".");
        s.host.end(turn);
        return turn;
    }

    private static NoticeIssued receipt(Scenario s, long turn) {
        return s.notices("receipt").stream().filter(n -> n.turn() == turn).findFirst().orElseThrow();
    }

    private static void historyChange(Scenario s, List<Long> removed, List<Long> restored) {
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), List.of(), removed, restored));
    }

    private static List<NoticeIssued> catchUps(Scenario s, long turn) {
        return s.notices("catch-up").stream().filter(n -> n.turn() == turn).toList();
    }

    private static List<String> held(Scenario s) {
        return s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
    }

    @Test
    void D7_everyNoticeCarriesTheNextIdInJournalOrder() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        turnHolding(s, 1);
        roomTurn(s);
        List<Long> ids = s.host.all(NoticeIssued.class).stream().map(NoticeIssued::notice).toList();
        for (int i = 0; i < ids.size(); i++) assertEquals(i + 1L, ids.get(i), "notice ids: " + ids);
    }

    @Test
    void D7_aReceiptAHistoryChangeTookAwayLeavesItsDraftToTheNextStartsCatchUp() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 1);
        String draft = held(s).get(0);
        NoticeIssued receipt = receipt(s, turn);
        assertEquals(List.of(draft), receipt.names().drafts());
        historyChange(s, List.of(receipt.notice()), List.of());
        long next = roomTurn(s);
        List<NoticeIssued> catchUp = catchUps(s, next);
        assertEquals(1, catchUp.size(), "the resident is told again that the draft exists");
        assertEquals(List.of(draft), catchUp.get(0).names().drafts());
        assertTrue(catchUp.get(0).text().contains(draft + " (held; held beside an explicit send)"), catchUp.get(0).text());
        long after = roomTurn(s);
        assertEquals(List.of(), catchUps(s, after), "the catch-up on the branch names it now");
    }

    @Test
    void D7_aBranchMoveThatTakesAwayAReceiptNamingSeveralDraftsLeavesEachToTheCatchUp() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 3);
        List<String> drafts = held(s);
        assertEquals(3, drafts.size());
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "other", List.of(), List.of(), List.of(receipt(s, turn).notice()),
                List.of()));
        long next = roomTurn(s);
        assertEquals(new TreeSet<>(drafts), new TreeSet<>(catchUps(s, next).get(0).names().drafts()));
    }

    @Test
    void D7_aDraftTwoNoticesNamedStaysNamedWhileOneOfThemIsOnTheBranch() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "posted"));
        s.host.boundary(turn);
        s.host.end(turn);
        NoticeIssued atBoundary = s.notices("held-drafts").get(0);
        NoticeIssued receipt = receipt(s, turn);
        historyChange(s, List.of(receipt.notice()), List.of());
        long second = roomTurn(s);
        assertEquals(List.of(), catchUps(s, second), "the boundary's notice still names it");
        historyChange(s, List.of(atBoundary.notice()), List.of());
        long third = roomTurn(s);
        assertEquals(held(s), catchUps(s, third).get(0).names().drafts(), "no notice on the branch names it now");
    }

    @Test
    void D7_aNoticeTakenAwayAndPutBackNamesItsDraftAgain() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 1);
        long receipt = receipt(s, turn).notice();
        historyChange(s, List.of(receipt), List.of());
        historyChange(s, List.of(), List.of(receipt));
        long next = roomTurn(s);
        assertEquals(List.of(), catchUps(s, next), "a redo (or a switch back) puts the receipt back");
        historyChange(s, List.of(receipt), List.of());
        historyChange(s, List.of(receipt), List.of());
        historyChange(s, List.of(), List.of(receipt));
        long again = roomTurn(s);
        assertEquals(List.of(), catchUps(s, again), "taken away twice is taken away once: one redo puts it back");
    }

    @Test
    void D7_aRestoredNoticeAndTheCatchUpThatNamedTheDraftMeanwhileBothCount() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 1);
        long receipt = receipt(s, turn).notice();
        historyChange(s, List.of(receipt), List.of());
        long second = roomTurn(s);
        long catchUp = catchUps(s, second).get(0).notice();
        // a switch back: the receipt's branch again, where the catch-up never was
        historyChange(s, List.of(catchUp), List.of(receipt));
        long third = roomTurn(s);
        assertEquals(List.of(), catchUps(s, third), "the receipt names it on this branch");
        historyChange(s, List.of(receipt), List.of());
        long fourth = roomTurn(s);
        assertEquals(held(s), catchUps(s, fourth).get(0).names().drafts());
    }

    @Test
    void D7_anIdTheEngineNeverGaveLeavesEveryOpenDraftOfTheResidentToTheCatchUp() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 2);
        List<String> drafts = held(s);
        long next = roomTurn(s);
        s.host.say(next, 1, "", new dev.routing.journal.event.Call("drafts", null, null, null, "dismiss",
                List.of(drafts.get(0)), null, null, null));
        s.host.end(next);
        assertNotNull(receipt(s, turn));
        historyChange(s, List.of(9_999L), List.of());
        long third = roomTurn(s);
        assertEquals(List.of(drafts.get(1)), catchUps(s, third).get(0).names().drafts(),
                "fail closed: which notices went is unknown, so every open draft is named again (a dismissed one is not)");
        historyChange(s, List.of(), List.of(9_999L));
        long fourth = roomTurn(s);
        assertEquals(List.of(), catchUps(s, fourth), "an id never given puts nothing back, and the catch-up named it");
    }

    @Test
    void D7_anotherResidentsNoticeTakesNothingAwayFromThisOnesDrafts() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.agent("ops", Mode.LOCUS, LocusPolicy.DELIVERY);
        turnHolding(s, 1);
        String ping = s.host.room("ops", "work", "@ops ping", true);
        long theirs = s.host.answer("ops", ping, "work");
        s.host.say(theirs, 1, "Theirs.", call("send_message", "work", "posted"));
        s.host.end(theirs);
        long opsReceipt = receipt(s, theirs).notice();
        historyChange(s, List.of(opsReceipt), List.of());
        long next = roomTurn(s);
        assertEquals(List.of(), catchUps(s, next), "ops's receipt named none of qa's drafts");
    }

    @Test
    void D7_theDraftsOfATurnWhoseReceiptStillWaitsAreLeftToThatReceipt() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "On its way.");
        s.host.say(turn, 2, "Held words.", call("send_message", "work", "posted"));
        s.host.end(turn);
        assertEquals(List.of(), s.notices("receipt"), "the receipt waits for attempt 1");
        long next = roomTurn(s);
        assertEquals(List.of(), catchUps(s, next), "the receipt still to come names the draft");
        s.host.settle(s.host.all(PublishRequested.class).get(0).attempt(), true, null);
        assertEquals(held(s), receipt(s, turn).names().drafts());
    }

    @Test
    void D7_aTurnTheNextStartAbortsLeavesItsDraftsToThatStartsCatchUp() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "posted"));
        s.host.boundary(turn);
        long atBoundary = s.notices("held-drafts").get(0).notice();
        historyChange(s, List.of(atBoundary), List.of());
        long next = roomTurn(s);
        assertEquals(held(s), catchUps(s, next).get(0).names().drafts(), "turn 1 never ended: the new start aborted it");
    }

    /**
     * Seed: "one no notice reached (a crash, an aborted turn) ... is named at the next turn's start".
     * The host may not have recorded the notices of a turn open when it restarted: fail closed.
     */
    @Test
    void D7_aRestartWhileTheTurnIsOpenLeavesTheDraftsItsNoticesNamedToTheNextCatchUp() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "posted"));
        s.host.boundary(turn);
        assertEquals(held(s), s.notices("held-drafts").get(0).names().drafts());
        s.restart();
        long next = roomTurn(s);
        assertEquals(1, catchUps(s, next).size(), "the host may never have recorded the boundary's notice");
        assertEquals(held(s), catchUps(s, next).get(0).names().drafts());
        long after = roomTurn(s);
        assertEquals(List.of(), catchUps(s, after), "the catch-up on the branch names it now");
    }

    /**
     * What the host may not have recorded is what it was given while the turn ran, whichever turn a
     * notice belongs to: a late bounce of turn 1, issued while turn 2 runs, too.
     */
    @Test
    void D7_aLateBounceIssuedWhileTheTurnIsOpenIsTakenAwayByARestartToo() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long first = roomTurn(s);
        s.host.say(first, 1, ">>#work Late words.");
        s.host.end(first);
        long second = roomTurn(s);
        s.host.settle(s.host.all(PublishRequested.class).get(0).attempt(), false, null);
        NoticeIssued bounce = s.notices("bounce").get(0);
        assertEquals(first, bounce.turn(), "the late bounce is turn 1's");
        assertEquals(held(s), bounce.names().drafts());
        s.restart();
        long third = roomTurn(s);
        assertEquals(1, catchUps(s, third).size(), "the restart came while turn " + second + " was open");
        assertEquals(held(s), catchUps(s, third).get(0).names().drafts());
    }

    @Test
    void D7_aNoticeOfTheTurnOpenAtARestartThatTheHostRestoresNamesItsDraftAgain() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held words.", call("send_message", "work", "posted"));
        s.host.boundary(turn);
        long atBoundary = s.notices("held-drafts").get(0).notice();
        s.restart();
        historyChange(s, List.of(), List.of(atBoundary));
        long next = roomTurn(s);
        assertEquals(List.of(), catchUps(s, next), "the host found the boundary's notice in its history");
    }

    @Test
    void D7_theCatchUpOfATurnOpenAtARestartNamesNothingForGood() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 1);
        historyChange(s, List.of(receipt(s, turn).notice()), List.of());
        long second = roomTurn(s);
        assertEquals(held(s), catchUps(s, second).get(0).names().drafts());
        s.restart();
        long third = roomTurn(s);
        assertEquals(1, catchUps(s, third).size(), "turn " + second + "'s catch-up may never have been recorded");
        assertEquals(held(s), catchUps(s, third).get(0).names().drafts());
    }

    @Test
    void D7_theNoticesARestartItselfIssuesReachTheRestartedHostAndStayOnTheBranch() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long first = turnHolding(s, 1);
        String draft = held(s).get(0);
        long second = roomTurn(s);
        s.host.say(second, 1, "", drafts("resend", "work", draft));
        assertEquals(1, s.host.all(PublishRequested.class).size(), "the resend is out when the host restarts");
        s.restart();
        NoticeIssued failed = s.notices("send-failed").get(0);
        assertEquals(List.of(draft), failed.names().drafts(), "the restart tells the resident the resend is unconfirmed");
        historyChange(s, List.of(receipt(s, first).notice()), List.of());
        long third = roomTurn(s);
        assertEquals(List.of(), catchUps(s, third), "the restart's own notice names the draft on the branch");
    }

    @Test
    void D7_aNoticeWhoseDraftsWereLetGoIsForgottenAndItsRemovalChangesNothing() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 1);
        long receipt = receipt(s, turn).notice();
        var book = s.sink.core().state().drafts;
        assertEquals(List.of(held(s).get(0)), book.notices.get(receipt).drafts);
        // 120 newer drafts, and eight days: retention lets the first go (T1, T2) at a checkpoint
        s.host.advance(8 * 86_400L);
        for (int i = 0; i < 60; i++) turnHolding(s, 2);
        while (book.get("qa", held(s).get(0)) != null || book.notices.containsKey(receipt)) turnHolding(s, 2);
        historyChange(s, List.of(receipt), List.of());
        long next = roomTurn(s);
        assertEquals(List.of(), catchUps(s, next), "the let-go draft is not named again; nothing else was taken away");
    }

    @Test
    void D7_whatANoticeNamesRoundTripsThroughACheckpoint() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = turnHolding(s, 2);
        long receipt = receipt(s, turn).notice();
        historyChange(s, List.of(receipt), List.of());
        historyChange(s, List.of(424_242L), List.of());
        byte[] live = StateCodec.toBytes(s.sink.core().state());
        assertEquals(new String(live, java.nio.charset.StandardCharsets.UTF_8),
                new String(StateCodec.toBytes(StateCodec.fromTree(StateCodec.toTree(s.sink.core().state()))),
                        java.nio.charset.StandardCharsets.UTF_8));
        s.restart();
        historyChange(s, List.of(), List.of(receipt));
        long next = roomTurn(s);
        assertEquals(new TreeSet<>(held(s)), new TreeSet<>(catchUps(s, next).get(0).names().drafts()),
                "the unknown id's renaming survived the restart, though the receipt is back");
    }
}
