package dev.routing.engine.prose;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * M2, M3, M7, P12, D5: envelopes with no words of their own and skip_reply: hybrid's bare
 * {@code >>>skip_reply} keeps what follows private, explicit's keeps only itself; a private turn's
 * skip_reply is a skip_reply (and sets the latest bounce aside); a bare {{unsent}} whose envelope
 * bounces or sits beside a drafts call holds nothing new; a private turn's refused envelope is a
 * private bounce, in the mode's own prefix, whose wake is capped like any bounce's.
 */
class SkipReplyAndBareEnvelopesTest {
    private Scenario s;
    private long turn;
    private int round;

    private void roomTurn(Mode mode) {
        s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        round = 0;
    }

    private void privateTurn(Mode mode) {
        s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        String asked = s.host.operator("qa", "hello");
        turn = s.host.answer("qa", asked, null);
        round = 0;
    }

    private List<Route> say(String text, dev.routing.journal.event.Call... calls) {
        s.host.say(turn, ++round, text, calls);
        return s.host.last(SpeechRouted.class).stream().map(SpeechRouted::route).toList();
    }

    @Test
    void M2_aBareSkipReplyEnvelopeInHybridKeepsWhatFollowsPrivate() {
        roomTurn(Mode.HYBRID);
        assertEquals(List.of(), say(">>>skip_reply"));
        assertEquals(List.of(Route.keptPrivate("skip-reply")), say("Thinking aloud."));
    }

    @Test
    void M3_aBareSkipReplyEnvelopeInExplicitModeKeepsOnlyItself() {
        roomTurn(Mode.EXPLICIT);
        say(">>skip_reply");
        List<Route> next = say("Unaddressed words.");
        assertEquals(1, next.size());
        assertEquals("bounced", next.get(0).kind(), "explicit's skip_reply is not sticky: " + next);
    }

    @Test
    void P12_M2_aPrivateHybridTurnsBareSkipReplyKeepsWhatFollowsPrivateForThePrivateTurn() {
        privateTurn(Mode.HYBRID);
        say(">>>skip_reply");
        assertEquals(List.of(Route.keptPrivate("private-turn")), say("Still private."));
    }

    @Test
    void P12_D5_aPrivateTurnsSkipReplyIsKeptAsSkipReplyAndSetsTheLatestBounceAside() {
        roomTurn(Mode.EXPLICIT);
        say("Unaddressed words.");
        String bounce = s.host.last(DraftHeld.class).get(0).draft();
        s.host.end(turn);
        String asked = s.host.operator("qa", "never mind that");
        turn = s.host.answer("qa", asked, null);
        round = 0;
        assertEquals(List.of(Route.keptPrivate("skip-reply")), say(">>skip_reply just thinking"));
        assertEquals(List.of(), s.host.all(DraftDismissed.class));
        assertEquals(List.of(Route.keptPrivate("skip-reply")), say(">>skip_reply {{unsent}}"));
        assertEquals(List.of(bounce), s.host.all(DraftDismissed.class).stream().map(DraftDismissed::draft).toList());
    }

    @Test
    void P12_M3_aPrivateTurnsRefusedEnvelopeIsAPrivateBounceInItsModesPrefixAndItsThirdWakesNoOne() {
        for (Mode mode : new Mode[] {Mode.EXPLICIT, Mode.HYBRID}) {
            privateTurn(mode);
            String prefix = mode == Mode.HYBRID ? ">>>" : ">>";
            assertEquals(List.of(Route.keptPrivate("private-turn")), say(prefix + "#nowhere Words."));
            NoticeIssued told = s.notices("bounce").get(0);
            assertEquals(true, told.text().startsWith("[bounce] Not delivered: ") && told.text().endsWith(" To publish, name a registered channel (" + prefix
                    + "#channel) or use a send tool."), told.text());
        }
        privateTurn(Mode.EXPLICIT);
        for (String words : List.of("One.", "Two.", "Three.")) say(">>#nowhere " + words);
        assertEquals(List.of(true, true, false), s.notices("bounce").stream().map(NoticeIssued::wake).toList());
    }

    @Test
    void D5_aBareUnsentWhoseEnvelopeBouncesHoldsNothingNew() {
        roomTurn(Mode.EXPLICIT);
        say("Unaddressed words.");
        String bounce = s.host.last(DraftHeld.class).get(0).draft();
        s.host.say(turn, ++round, ">>#nowhere {{unsent}}");
        assertEquals(List.of(Route.keptPrivate("nothing-to-send")),
                s.host.last(SpeechRouted.class).stream().map(SpeechRouted::route).toList());
        assertEquals(List.of(bounce), s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList());
    }

    @Test
    void M7_D5_beADraftsCallABareUnsentIsTheLatestBounceItselfAndAnyOtherLineIsHeld() {
        roomTurn(Mode.EXPLICIT);
        say("Unaddressed words.", call("shell", null, null));
        assertEquals(List.of(Route.keptPrivate("drafts-round")), say("{{unsent}}", drafts("list", null)));
        assertEquals(1, s.host.all(DraftHeld.class).size(), "nothing new held");
        List<Route> held = say("Another line.", drafts("list", null));
        assertEquals(1, held.size());
        assertEquals("held", held.get(0).kind());
        assertEquals("no-destination", held.get(0).cause());
    }

    @Test
    void M7_D5_beADraftsCallABareUnsentNamingNoBounceHoldsNothing() {
        roomTurn(Mode.EXPLICIT);
        assertEquals(List.of(Route.keptPrivate("nothing-to-send")), say("{{unsent}}", drafts("list", null)));
        assertEquals(List.of(), s.host.all(DraftHeld.class));
    }

    @Test
    void M6_D5_aHybridEnvelopeASendHoldsWhoseBareUnsentNamesNoBounceHoldsNothing() {
        roomTurn(Mode.HYBRID);
        assertEquals(List.of(Route.keptPrivate("nothing-to-send")),
                say(">>>#work {{unsent}}", call("send_message", "work", "x")));
        assertEquals(List.of(), s.host.all(DraftHeld.class));
    }
}
