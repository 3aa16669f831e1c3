package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.denied;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.isHeld;
import static dev.routing.engine.prose.Prose.lastNotices;
import static dev.routing.engine.prose.Prose.operatorTurn;
import static dev.routing.engine.prose.Prose.receipt;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.send;
import static dev.routing.engine.prose.Prose.tool;
import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * M7 (drafts-round.txt, #701, after review R1 and R2): the round that calls the engine's own drafts tool.
 */
class DraftsRoundTest {

    private static Scenario scenario(Mode mode) {
        return new Scenario().agent(mode, LocusPolicy.DELIVERY);
    }

    /** A room turn whose first round's paragraph a send held; returns the turn, the draft is held(s).get(0). */
    private static long silenced(Scenario s) {
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "A paragraph for the room.", send("work"));
        s.host.boundary(turn);
        return turn;
    }

    private static List<String> offered(Scenario s) {
        return s.notices("held-drafts").stream().flatMap(n -> n.names().drafts().stream()).toList();
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M7_theCycleEndsALineBesideAResendOfWhatANoticeOfferedIsKeptAndTheReceiptCountsIt(Mode mode) {
        Scenario s = scenario(mode);
        long turn = silenced(s);
        String paragraph = held(s).get(0).draft();
        assertEquals(List.of(paragraph), offered(s));
        s.host.say(turn, 2, "Resending the paragraph now.", drafts("resend", "work", paragraph));
        s.host.boundary(turn);
        assertEquals(List.of(paragraph), offered(s), "nothing new is offered, so the agent has nothing to resend");
        Prose.endSettled(s, turn);
        assertEquals(Route.keptPrivate("drafts-round"), routes(s, turn, 2).get(0));
        assertEquals(List.of("A paragraph for the room."), requested(s).stream().map(PublishRequested::text).toList());
        assertEquals(1, held(s).size());
        assertTrue(receipt(s, turn).text().contains("1 plain-speech segment(s) kept private (a drafts call"),
                receipt(s, turn).text());
    }

    @Test
    void M7_theCycleEndsInExplicitModeTheLineIsHeldAsNoDestinationAndOnlyALaterTurnsCatchUpNamesIt() {
        Scenario s = scenario(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "A paragraph for the room.");
        String bounced = held(s).get(0).draft();
        s.host.say(turn, 2, "Resending it.", drafts("resend", "work", bounced));
        s.host.boundary(turn);
        s.host.end(turn);
        DraftHeld line = held(s).get(1);
        assertEquals("no-destination", line.cause());
        assertEquals("Resending it.", line.text());
        assertTrue(line.quiet());
        assertEquals(1, s.notices("bounce").size(), "no bounce for the line, so no wake");
        assertEquals(List.of(), s.notices("held-drafts"));
        assertEquals(List.of("A paragraph for the room."), requested(s).stream().map(PublishRequested::text).toList());
        roomTurn(s, "work");
        List<NoticeIssued> catchUp = s.notices("catch-up");
        assertEquals(1, catchUp.size());
        assertEquals(List.of(line.draft()), catchUp.get(0).names().drafts());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    // drafts-round.txt review R2-2
    void M7_aRoundWithASendOfItsOwnBesideDraftsHoldsItsParagraphAndANoticeOffersIt(Mode mode) {
        Scenario s = scenario(mode);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "A reply meant for the room.", call("channel_publish", "work", "posted"), drafts("list", null));
        s.host.boundary(turn);
        DraftHeld paragraph = held(s).get(0);
        assertEquals("explicit-send", paragraph.cause());
        assertEquals(List.of(paragraph.draft()), offered(s));
        s.host.say(turn, 2, "Narration beside the resend.", drafts("resend", "work", paragraph.draft()));
        assertEquals(Route.keptPrivate("drafts-round"), routes(s, turn, 2).get(0), "the cycle still ends");
        assertEquals(1, held(s).size());
    }

    @Test
    // drafts-round.txt review R1-1, and "What an agent meets": >>>#ops beside a drafts call after a send to #a is held
    void M7_afterASendADraftsRoundsEnvelopesAreHeldWithNoNoticeAndNamedInTheReceiptWhereverTheyAddress() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        String paragraph = held(s).get(0).draft();
        s.host.say(turn, 2, ">>>#work The migration finished.\n>>>#noisy Delivered elsewhere.",
                drafts("resend", "work", paragraph));
        s.host.boundary(turn);
        Prose.endSettled(s, turn);
        DraftHeld envelope = held(s).get(1);
        assertEquals("The migration finished.", envelope.text());
        assertEquals("explicit-send", envelope.cause());
        assertTrue(envelope.quiet());
        assertEquals(List.of(paragraph), offered(s), "not offered mid-turn");
        assertTrue(receipt(s, turn).names().drafts().contains(envelope.draft()));
        assertTrue(isHeld(routes(s, turn, 2).get(1), "explicit-send"), "where no send posted too: " + routes(s, turn, 2));
        assertEquals("Delivered elsewhere.", held(s).get(2).text());
        assertTrue(held(s).get(2).quiet());
    }

    /** M7: the drafts round of a silenced turn keeps its plain speech, wherever the sticky target points. */
    @Test
    void M7_aSilencedDraftsRoundKeepsPlainSpeechUnderAStickyTargetNoSendPostedTo() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>noisy First, to noisy.");
        s.host.say(turn, 2, "", send("work"));
        s.host.say(turn, 3, "Narration beside the list.", drafts("list", null));
        assertEquals(Route.keptPrivate("drafts-round"), routes(s, turn, 3).get(0));
        assertEquals(List.of("First, to noisy."), requested(s).stream().map(PublishRequested::text).toList());
    }

    @Test
    // drafts-round.txt review R1-1
    void M7_afterASendADraftsRoundsRefusedAndMalformedEnvelopesAreHeldTooWithNoBounce() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        s.host.say(turn, 2, ">>>#nowhere Refused words.\n>>>\nMalformed words.", drafts("list", null));
        List<Route> rs = routes(s, turn, 2);
        assertTrue(isHeld(rs.get(0), "explicit-send"));
        assertTrue(isHeld(rs.get(1), "explicit-send"));
        assertEquals(List.of("Refused words.", "Malformed words."),
                held(s).subList(1, 3).stream().map(DraftHeld::text).toList());
        assertEquals(List.of(), s.notices("bounce"));
        assertTrue(held(s).subList(1, 3).stream().allMatch(DraftHeld::quiet));
    }

    @Test
    void M7_afterASendAnEnvelopeThatOnlyNamesADestinationHoldsNothingAndStillMovesTheTarget() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        s.host.say(turn, 2, ">>>#noisy", drafts("list", null));
        s.host.say(turn, 3, "Now to noisy, which no send reached.");
        assertEquals(1, held(s).size());
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 3).get(0));
    }

    @Test
    void M7_afterASendItsBangStartsAContinuationWithItsWordsHeld() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        s.host.say(turn, 2, ">>>#work ! Kept words.", drafts("list", null));
        assertEquals(1, lastNotices(s, "continuation").size());
        assertEquals("Kept words.", held(s).get(1).text());
    }

    @Test
    void M7_aRoundThatCallsSkipReplyBesideDraftsStaysWhollyPrivate() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        s.host.say(turn, 2, "Narration.\n>>>#work An envelope.\n>>>#nowhere A refused one.", drafts("list", null),
                tool("skip_reply"));
        assertEquals(List.of(Route.keptPrivate("skip-reply"), Route.keptPrivate("skip-reply"),
                Route.keptPrivate("skip-reply")), routes(s, turn, 2));
        assertEquals(1, held(s).size());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M7_outsideASilencedTurnProseBesideDraftsListIsPostedAsBefore(Mode mode) {
        Scenario s = scenario(mode);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Narration beside a listing.", drafts("list", null));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
    }

    @Test
    void M7_outsideASilencedTurnATargetBesideADraftsCallIsDeliveredAndLaterRoundsFollowIt() {
        for (Mode mode : List.of(Mode.HYBRID, Mode.EXPLICIT)) {
            Scenario s = scenario(mode);
            String prefix = mode == Mode.HYBRID ? ">>>" : ">>";
            long turn = roomTurn(s, "work");
            s.host.say(turn, 1, prefix + "#noisy Out it goes.", drafts("list", null));
            s.host.say(turn, 2, "Follows the target.", drafts("list", null));
            assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 1).get(0), mode.toString());
            assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0), mode.toString());
        }
    }

    @Test
    void M7_outsideASilencedTurnARefusedTargetStillBounces() {
        for (Mode mode : List.of(Mode.HYBRID, Mode.EXPLICIT)) {
            Scenario s = scenario(mode);
            String prefix = mode == Mode.HYBRID ? ">>>" : ">>";
            long turn = roomTurn(s, "work");
            s.host.say(turn, 1, prefix + "#nowhere Refused.", drafts("list", null));
            assertEquals("bounced", routes(s, turn, 1).get(0).kind(), mode.toString());
            assertEquals(1, s.notices("bounce").size(), mode.toString());
        }
    }

    @Test
    void M7_explicitALineWithNoDestinationBesideADraftsCallIsHeldAsNoDestinationWithNoNoticeAndNoWake() {
        Scenario s = scenario(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "  The deploy is green, merging now.\n", drafts("list", null));
        s.host.boundary(turn);
        DraftHeld line = held(s).get(0);
        assertEquals(Route.held(line.draft(), "no-destination"), routes(s, turn, 1).get(0));
        assertEquals("The deploy is green, merging now.", line.text());
        assertEquals(List.of(), s.notices("bounce"));
        assertEquals(List.of(), s.notices("held-drafts"));
        s.host.say(turn, 2, "", drafts("read", null, line.draft()));
        String read = s.host.last(ToolDecided.class).get(0).result();
        assertTrue(read.contains("it had no destination"), "not a failed envelope: " + read);
    }

    @Test
    void M7_explicitALineBesideADraftsCallAndASendOfItsOwnIsHeldTheSameWay() {
        Scenario s = scenario(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "A line.", drafts("list", null), send("work"));
        assertTrue(isHeld(routes(s, turn, 1).get(0), "no-destination"));
        assertEquals(List.of(), s.notices("bounce"));
    }

    @Test
    void M7_explicitALineGoesToTheTurnsStickyTargetBesideADraftsCall() {
        Scenario s = scenario(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work Set.");
        s.host.say(turn, 2, "A line.", drafts("list", null));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M7_unsentInSuchALineExpandsAsInABounceAndABareOneHoldsNothingNew() {
        Scenario s = scenario(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Bounced words.");
        s.host.say(turn, 2, "Again: {{unsent}}", drafts("list", null));
        assertEquals("Again: Bounced words.", held(s).get(1).text());
        s.host.say(turn, 3, "{{unsent}}", drafts("list", null));
        assertEquals(2, held(s).size(), "a bare {{unsent}} is the latest bounce itself, already held");
        assertEquals("private", routes(s, turn, 3).get(0).kind());
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M7_locusAndHybridWithNoDestinationALineBesideADraftsCallIsHeldWithNoNoticeAndNamedInTheReceipt() {
        for (Mode mode : List.of(Mode.LOCUS, Mode.HYBRID)) {
            Scenario s = scenario(mode);
            String self = s.host.wake("qa", "self-wake", null);
            long turn = s.host.start("qa", List.of(self), List.of());
            s.host.say(turn, 1, "No destination.", drafts("list", null));
            s.host.boundary(turn);
            s.host.end(turn);
            DraftHeld line = held(s).get(0);
            assertEquals("no-destination", line.cause(), mode.toString());
            assertTrue(line.quiet(), mode.toString());
            assertEquals(List.of(), s.notices("held-drafts"), mode.toString());
            assertTrue(receipt(s, turn).names().drafts().contains(line.draft()), mode.toString());
        }
    }

    @Test
    // drafts-round.txt review R1-3
    void M7_onlyTheEnginesDraftsToolCountsALineBesideAModulesDraftsIsHeldAndOffered() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = silenced(s);
        s.host.say(turn, 2, "Beside mail--drafts.", new Call("mail--drafts", null, null, null, "list", null, null, null, null));
        s.host.boundary(turn);
        DraftHeld line = held(s).get(1);
        assertEquals("explicit-send", line.cause());
        assertTrue(offered(s).contains(line.draft()));
    }

    @Test
    void M7_aDraftsCallTheAgentMayNotMakeCountsForNothing() {
        Scenario locus = scenario(Mode.LOCUS);
        long turn = silenced(locus);
        locus.host.say(turn, 2, "Held as before.", denied(drafts("list", null)));
        assertTrue(isHeld(routes(locus, turn, 2).get(0), "explicit-send"));
        assertTrue(!held(locus).get(1).quiet());

        Scenario explicit = scenario(Mode.EXPLICIT);
        long e = roomTurn(explicit, "work");
        explicit.host.say(e, 1, "Bounces as before.", denied(drafts("list", null)));
        assertEquals("bounced", routes(explicit, e, 1).get(0).kind());
    }

    /**
     * Issue 25 (b): in a hybrid turn a send to {@code work} silenced, an envelope to another channel
     * beside a resend is held quietly as a draft, not published to the target it names (and makes
     * sticky); the resend in that round still goes out, and the receipt names the held words.
     */
    @Test
    void M7_aHybridEnvelopeToAnyTargetInASilencedDraftsRoundIsHeldQuietlyAndTheResendGoesOut() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = silenced(s);
        String paragraph = held(s).get(0).draft();
        s.host.say(turn, 2, ">>>noisy The migration finished.", drafts("resend", "work", paragraph));
        assertEquals(List.of("A paragraph for the room."), requested(s).stream().map(PublishRequested::text).toList(),
                "the resend went out, the envelope did not");
        DraftHeld envelope = held(s).get(1);
        assertEquals("The migration finished.", envelope.text());
        assertEquals("explicit-send", envelope.cause());
        assertTrue(envelope.quiet(), "no notice mid-turn");
        s.host.boundary(turn);
        assertFalse(offered(s).contains(envelope.draft()), "not offered while the turn runs");
        s.host.say(turn, 3, "A later round with no drafts call.");
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 3).get(0),
                "M2: the envelope moved the router; M6: no send posted to noisy");
        Prose.endSettled(s, turn);
        assertTrue(receipt(s, turn).names().drafts().contains(envelope.draft()), "the receipt names it");
    }

    /** M7 in a private turn too: its silenced drafts round holds an envelope wherever it points, as a public turn's does. */
    @Test
    void M7_aPrivateTurnsSilencedDraftsRoundHoldsItsEnvelopeWhereverItPoints() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "", send("work"));
        s.host.say(turn, 2, ">>>noisy Deliberate words.", drafts("list", null));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"), "held: " + routes(s, turn, 2));
        assertTrue(held(s).get(0).quiet());
        assertEquals(List.of(), requested(s).stream().filter(p -> "speech".equals(p.via())).toList());
    }

    /** M6: the agent's tools judge only the tools the engine carries out; a skip_reply the host ran silences as ever. */
    @Test
    void M6_aSkipReplyTheHostRanSilencesWhateverTheAgentsToolsList() {
        Scenario s = withoutDrafts(Mode.LOCUS);
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, List.of("send_message"),
                false, null));
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Thinking out loud.", tool("skip_reply"));
        assertEquals(Route.keptPrivate("skip-reply"), routes(s, turn, 1).get(0));
    }

    /** An agent whose {@code tools} leave out {@code drafts}: its calls of it are ones it may not make. */
    private static Scenario withoutDrafts(Mode mode) {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", mode, LocusPolicy.DELIVERY,
                List.of("send_message", "channel_publish", "shell", "skip_reply"), false, null));
        return s;
    }

    /** Issue 25 (c): the agent's tools refuse drafts, so a line beside its call bounces, as beside any refused call. */
    @Test
    void M7_anExplicitLineBesideADraftsCallTheAgentsToolsLeaveOutBouncesAndWakes() {
        Scenario s = withoutDrafts(Mode.EXPLICIT);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "The deploy is green, merging now.", drafts("list", null));
        assertEquals("bounced", routes(s, turn, 1).get(0).kind());
        assertEquals("bounced", held(s).get(0).cause());
        ToolDecided call = s.host.all(ToolDecided.class).stream().filter(t -> t.tool().equals("drafts")).findFirst().orElseThrow();
        assertFalse(call.allowed(), "the call is refused");
        NoticeIssued bounce = lastNotices(s, "bounce").get(0);
        assertTrue(bounce.wake(), "the bounce wakes the agent");
    }

    /** M6: a resend through a tool the agent may not call sends nothing and silences nothing. */
    @Test
    void M6_aResendTheAgentsToolsLeaveOutSendsNothingAndTheRoundsSpeechGoesOut() {
        Scenario s = withoutDrafts(Mode.LOCUS);
        long first = roomTurn(s, "work");
        s.host.say(first, 1, "Here is the summary.", send("work"));
        s.host.end(first);
        String paragraph = held(s).get(0).draft();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Status is green.", drafts("resend", "work", paragraph));
        assertEquals("publish", routes(s, turn, 1).get(0).kind(), "no send silenced it");
        assertEquals(List.of("Status is green."), requested(s).stream().map(PublishRequested::text).toList(),
                "the held paragraph was not resent");
        assertFalse(s.host.last(ToolDecided.class).stream().filter(t -> t.tool().equals("drafts")).findFirst().orElseThrow().allowed());
    }

    @Test
    void M7_inASilencedTurnNarrationBesideAnotherToolIsStillHeldAndOffered() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = silenced(s);
        s.host.say(turn, 2, "Narrating beside a shell call.", tool("shell"));
        s.host.boundary(turn);
        assertTrue(offered(s).contains(held(s).get(1).draft()));
    }

    @Test
    void M7_plainSpeechUnderAStickyTargetInASilencedHybridTurnBesideDraftsIsKept() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#noisy Target set.");
        s.host.say(turn, 2, "", send("noisy"));
        s.host.say(turn, 3, "Plain under the sticky target.", drafts("list", null));
        assertEquals(Route.keptPrivate("drafts-round"), routes(s, turn, 3).get(0));
    }

    @Test
    void M7_P12_aPrivateTurnsDraftsRoundHoldsNoneOfItsPlainWords() {
        for (Mode mode : List.of(Mode.HYBRID, Mode.EXPLICIT)) {
            Scenario s = scenario(mode);
            long turn = operatorTurn(s);
            s.host.say(turn, 1, "For the operator.", drafts("list", null));
            assertEquals(Route.keptPrivate("private-turn"), routes(s, turn, 1).get(0), mode.toString());
            assertEquals(List.of(), held(s), mode.toString());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M6_M7_aRefusedDraftsCallCountsForNothingSoTheRoundsSpeechIsPublished(Mode mode) {
        Scenario s = scenario(mode);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Hello.", drafts("resend", "work", "d-aaaaaaa"));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed(), "an unknown id is refused");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0), "neither a send nor a drafts round");
        s.host.say(turn, 2, "Again.", drafts("list", null, "d-aaaaaaa"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0), "a refused list counts for nothing too");
    }
}
