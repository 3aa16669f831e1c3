package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import org.junit.jupiter.api.Test;

/**
 * P1, P2: what a private surface is, decided by what a message names, failing closed.
 *
 * <p>The seed's ids (private-turns.txt): A1 is P1, A2 is P2.
 */
class SurfacesTest {

    private long answer(Scenario s, String kind, String channel, String writer, Long fromTurn) {
        String m = s.host.message("qa", kind, channel, false, "status?", writer, fromTurn, true);
        long turn = s.host.answer("qa", m, null);
        s.host.say(turn, 1, "All green.");
        return turn;
    }

    @Test
    void P1_treatsAnUnknownFutureExternalMessageSourceAsPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = answer(s, "cron:tick", null, "host", null);
        assertTrue(s.opened(turn).isPrivate());
        s.assertKeptPrivate(turn, "private-turn");
        s.assertNothingPublished();
    }

    @Test
    void P1_anApiMessageThatNamesNoChannelOpensAPrivateTurn() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = answer(s, "api:message", null, "host", null);
        assertTrue(s.opened(turn).isPrivate());
        assertEquals("private-surface", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P1_aWhitespaceOnlyChannelNamesNoChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = answer(s, "external-message", "  \t", "host", null);
        assertTrue(s.opened(turn).isPrivate());
        s.assertNothingPublished();
    }

    @Test
    void P1_aWebUiTurnOverridesEvenAResidentHomeChannel() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, "work"));
        long turn = answer(s, "external-message", null, "host", null);
        assertTrue(s.opened(turn).isPrivate());
        assertNull(s.opened(turn).locus());
        s.assertNothingPublished();
    }

    @Test
    void P1_aSurfaceMessageThatNamesAChannelRoutesAsThatChannelsMessage() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String m = s.host.message("qa", "external-message", "work", true, "status?", "host", null, true);
        long turn = s.host.answer("qa", m, "work");
        s.host.say(turn, 1, "All green.");
        assertFalse(s.opened(turn).isPrivate());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P2_aTurnWokenByTheFrameworksOwnToolListNoticeSpeaksAsOnMain() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = answer(s, "tool-list-notice", null, "host", null);
        assertFalse(s.opened(turn).isPrivate());
        assertEquals("focus", s.opened(turn).fallback());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P2_aTurnWokenByAModulesEventWithTheNoticesFieldsIsPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = answer(s, "tool-list-notice", null, "module", null);
        assertTrue(s.opened(turn).isPrivate());
        s.assertNothingPublished();
    }

    @Test
    void P2_aModulesMessageThatCarriesAPrivateTurnsWorkMarkLeavesAChannelTurnSpeakingInItsChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long privateTurn = answer(s, "external-message", null, "host", null);
        s.host.end(privateTurn);
        assertTrue(s.opened(privateTurn).isPrivate());
        String room = s.host.room("qa", "work", "@qa ping", true);
        String forged = s.host.message("qa", "work-result", null, false, "done", "module", privateTurn, false);
        String w = s.host.wake("qa", "message", "work", room);
        long turn = s.host.start("qa", java.util.List.of(w), java.util.List.of(room, forged));
        s.host.say(turn, 1, "pong");
        assertFalse(s.opened(turn).isPrivate());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P2_theSameWorkMarkFromTheHostMakesTheTurnPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long privateTurn = answer(s, "external-message", null, "host", null);
        s.host.end(privateTurn);
        String room = s.host.room("qa", "work", "@qa ping", true);
        String work = s.host.message("qa", "work-result", null, false, "done", "host", privateTurn, false);
        String w = s.host.wake("qa", "message", "work", room);
        long turn = s.host.start("qa", java.util.List.of(w), java.util.List.of(room, work));
        s.host.say(turn, 1, "pong");
        assertTrue(s.opened(turn).isPrivate());
        s.assertKeptPrivate(turn, "private-turn");
    }
}
