package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.SpeechRouted;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * P15, P16: a channel's message that meets private input, and merged wakes.
 *
 * <p>The seed's ids (private-turns.txt): E1 is P15, E2 is P16.
 */
class ChannelsHeldTest {

    private static long mixedStart(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String roomWake = s.host.wake("qa", "message", "work", ping);
        String op = s.host.operator("qa", "status?");
        String opWake = s.host.wake("qa", "message", null, op);
        return s.host.start("qa", List.of(roomWake, opWake), List.of(ping, op));
    }

    @Test
    void P15_aPrivateStartThatTakesInARoomsMessageNamesTheRoomBeforeTheReply() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = mixedStart(s);
        s.host.say(turn, 1, "Both answered.");
        List<Decision> all = s.host.all();
        int named = indexOf(all, d -> d instanceof NoticeIssued n && n.kind().equals("channels-held"));
        int reply = indexOf(all, d -> d instanceof SpeechRouted);
        assertTrue(named >= 0 && named < reply, "the room is named before the reply");
        assertEquals(List.of("work"), ((NoticeIssued) all.get(named)).names().channels());
        s.assertNothingPublished();
    }

    @Test
    void P15_aChannelsMessageIsNamedOnceInAPrivateTurn() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = mixedStart(s);
        s.host.say(turn, 1, "First.", call("shell", null, null));
        String again = s.host.room("qa", "work", "@qa still there?", true);
        s.host.boundary(turn, again);
        s.host.say(turn, 2, "Second.");
        assertEquals(1, s.notices("channels-held").size());
    }

    @Test
    void P15_aRoomsWakeThatWaitedOnAPrivateTurnsContinuationStartsATurnThatSpeaksInNoChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "status?");
        long first = s.host.answer("qa", op, null);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String waited = s.host.wake(new WakeSpec("qa", "message").channel("work").messages(ping).waitedOn(first));
        s.host.continueTurn("qa", first, List.of(), List.of(ping), false);
        s.host.say(first, 1, "Restarted answer.");
        s.host.end(first);
        long own = s.host.start("qa", List.of(waited), List.of());
        s.host.say(own, 1, "Room answer.");
        assertTrue(s.opened(own).isPrivate());
        assertEquals("waited-on-private-turn", s.opened(own).why());
        s.assertNothingPublished();
    }

    /**
     * P15, P9: a retake that waited behind a private turn's continuation takes that turn's id as a
     * turn it continues, so it starts a private turn even over a history that holds no private
     * input (here the private turn's only mark was a gate window's message that nothing stored).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nudge", "unstick", "inference-request"})
    void P15_aRetakeThatWaitedOnAPrivateTurnStartsAPrivateTurn(String retake) {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        String gate = s.host.wake(new WakeSpec("qa", "gate-window").privateSurface());
        long first = s.host.start("qa", List.of(gate), List.of());
        s.host.say(first, 1, "Looking.");
        String waited = s.host.wake(new WakeSpec("qa", "retake").retake(retake).waitedOn(first));
        s.host.continueTurn("qa", first, List.of(), List.of(), false);
        s.host.say(first, 2, "Restarted answer.");
        s.host.end(first);
        long own = s.host.start("qa", List.of(waited), List.of());
        s.host.say(own, 1, "The retaken answer.");
        assertTrue(s.opened(own).isPrivate(), "a retake that waited on a private turn");
        assertEquals("waited-on-private-turn", s.opened(own).why());
        s.assertNothingPublished();
    }

    /** P9 still applies beside P15: a retake over a history holding private input is private, whatever it waited on. */
    @Test
    void P9_aRetakeThatWaitedOnAChannelTurnIsPrivateWhileTheHistoryHoldsPrivateInput() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        String op = s.host.operator("qa", "the numbers are bad");
        long first = s.host.answer("qa", op, null);
        s.host.say(first, 1, "Noted.");
        s.host.end(first);
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long room = s.host.answer("qa", ping, "noisy");
        s.host.say(room, 1, "pong");
        String waited = s.host.wake(new WakeSpec("qa", "retake").retake("nudge").waitedOn(room));
        s.host.end(room);
        long own = s.host.start("qa", List.of(waited), List.of());
        s.host.say(own, 1, "The numbers are bad.");
        assertEquals("retake-of-private-history", s.opened(own).why());
        assertEquals(List.of(), s.speech(own).stream().filter(r -> r.route().isPublish()).toList());
    }

    private String ambient(Scenario s, String id, String channel, String tag) {
        s.host.feed(new dev.routing.journal.event.MessageReceived(s.host.tick(), id, "qa", "channel-message", channel,
                "discord", false, List.of(tag), "someone joined", "host", null, true));
        return id;
    }

    /** E1: a private start that takes in an ambient or system message's wake names its channel, once. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ambient", "system"})
    void P15_aPrivateStartThatTakesInAnAmbientOrSystemMessagesWakeNamesItsChannel(String tag) {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String quiet = ambient(s, "amb", "work", tag);
        String op = s.host.operator("qa", "status?");
        String gate = s.host.wake(new WakeSpec("qa", "gate-window").channel("work").messages(quiet));
        String opWake = s.host.wake("qa", "message", null, op);
        long turn = s.host.start("qa", List.of(gate, opWake), List.of(quiet, op));
        s.host.say(turn, 1, "Answered.");
        assertTrue(s.opened(turn).isPrivate());
        assertEquals(List.of(List.of("work")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
    }

    /**
     * E1: an ambient or system message a private turn's continuation reads without its wake is not
     * named: its wake is dropped once the turn has read and answered it.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ambient", "system"})
    void P15_anAmbientOrSystemMessageAPrivateContinuationReadsWithoutItsWakeIsNotNamed(String tag) {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Looking.");
        String chatter = s.host.message("qa", "channel-message", "noisy", false, "lol", "host", null, true);
        String quiet = ambient(s, "amb", "work", tag);
        s.host.continueTurn("qa", turn, List.of(), List.of(quiet, chatter), false);
        s.host.say(turn, 2, "Restarted.");
        assertEquals(List.of(List.of("noisy")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
        s.assertNothingPublished();
    }

    /**
     * E1: at a live boundary a private turn names a channel whose injected message addressed the
     * agent, or, under delivery, follows up where the turn sent; an unaddressed message elsewhere is
     * not named.
     */
    @Test
    void P15_aPrivateTurnsLiveBoundaryNamesAnInjectedMessageThatAddressedItOrFollowsUpWhereItSent() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Checking.", call("channel_publish", "noisy", "on it"));
        String elsewhere = s.host.message("qa", "channel-message", "work", false, "unrelated chatter", "host", null, true);
        s.host.boundary(turn, elsewhere);
        assertEquals(List.of(), s.notices("channels-held"), "an unaddressed message where the turn never sent");
        String followUp = s.host.message("qa", "channel-message", "noisy", false, "thanks!", "host", null, true);
        s.host.boundary(turn, followUp);
        String addressed = s.host.room("qa", "work", "@qa and here?", true);
        s.host.boundary(turn, addressed);
        // Under delivery 0.30.0's notice names the room that addressed the agent; this one the follow-up.
        assertEquals(List.of(List.of("noisy")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
        assertEquals(List.of(List.of("work")), addressedElsewhere(s));
    }

    private static List<List<String>> addressedElsewhere(Scenario s) {
        return s.notices("routing").stream().filter(n -> n.text().contains("addressed you from"))
                .map(n -> n.names().channels()).toList();
    }

    /**
     * E1: under delivery 0.30.0's notice that someone addressed the agent from another channel and
     * the private turn's notice share one record: a room named in the turn's public part is not
     * named again once the turn is private.
     */
    @Test
    void P15_underDeliveryARoomNamedByTheAddressedElsewhereNoticeIsNotNamedAgainWhenTheTurnTurnsPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "On it.", call("shell", null, null));
        String there = s.host.room("qa", "noisy", "@qa over here", true);
        s.host.boundary(turn, there);
        assertEquals(List.of(List.of("noisy")), addressedElsewhere(s));
        s.host.say(turn, 2, "Still on work.", call("shell", null, null));
        s.assertPublishedIn(turn, "work");
        String op = s.host.operator("qa", "status, privately");
        s.host.boundary(turn, op);
        String again = s.host.room("qa", "noisy", "@qa hello??", true);
        s.host.boundary(turn, again);
        s.host.say(turn, 3, "Private reply.");
        assertEquals(List.of(), s.notices("channels-held"), "noisy was named once already");
        assertEquals(1, addressedElsewhere(s).size());
        assertEquals("private", s.speech(turn).get(2).route().kind());
    }

    /** E1: the locus's own room is not "another channel"; a private turn names it by its own notice. */
    @Test
    void P15_aTurnMadePrivateNamesItsOwnLocusRoomWhenABoundaryInjectsAMessageFromIt() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "On it.", call("shell", null, null));
        String op = s.host.operator("qa", "status, privately");
        String more = s.host.room("qa", "work", "@qa any news?", true);
        s.host.boundary(turn, op, more);
        assertEquals(List.of(List.of("work")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
        assertEquals(List.of(), addressedElsewhere(s));
    }

    /** E1: "an arrival removed before the private turn's next start isn't named". */
    @Test
    void P15_anArrivalRemovedBeforeThePrivateTurnsNextStartIsNotNamed() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Looking.");
        String gone = s.host.room("qa", "work", "@qa here?", true);
        String kept = s.host.room("qa", "noisy", "@qa and here?", true);
        s.host.feed(new dev.routing.journal.event.HistoryChanged(s.host.tick(), "qa", "main", List.of(gone), List.of()));
        s.host.continueTurn("qa", turn, List.of(), List.of(gone, kept), false);
        assertEquals(List.of(List.of("noisy")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
    }

    /** E1: under latest-inbound the notice runs where 0.30.0 re-pins: for messages that addressed the agent. */
    @Test
    void P15_underLatestInboundALiveBoundaryNamesOnlyWhatAddressedTheAgent() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Checking.", call("channel_publish", "noisy", "on it"));
        String followUp = s.host.message("qa", "channel-message", "noisy", false, "thanks!", "host", null, true);
        s.host.boundary(turn, followUp);
        assertEquals(List.of(), s.notices("channels-held"));
        String addressed = s.host.room("qa", "noisy", "@qa more?", true);
        s.host.boundary(turn, addressed);
        assertEquals(List.of(List.of("noisy")), s.notices("channels-held").stream().map(n -> n.names().channels()).toList());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"EXPLICIT", "DISABLED"})
    void P15_explicitAndDisabledModeNameNoChannel(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        long turn = mixedStart(s);
        s.host.say(turn, 1, "Both answered.");
        assertEquals(List.of(), s.notices("channels-held"));
        assertEquals(1, s.notices("private-turn").size(), "but it is told why it is private");
    }

    @Test
    void P16_mergingWakesNeverLosesAPrivateMark() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        String a = s.host.room("qa", "work", "@qa one", true);
        String b = s.host.room("qa", "noisy", "@qa two", true);
        String wa = s.host.wake("qa", "message", "work", a);
        String gate = s.host.wake(new WakeSpec("qa", "gate-window").privateSurface());
        String wb = s.host.wake("qa", "message", "noisy", b);
        long turn = s.host.start("qa", List.of(wa, gate, wb), List.of(a, b));
        s.host.say(turn, 1, "Merged.");
        assertTrue(s.opened(turn).isPrivate());
        s.assertNothingPublished();
    }

    private static int indexOf(List<Decision> all, java.util.function.Predicate<Decision> p) {
        for (int i = 0; i < all.size(); i++) {
            if (p.test(all.get(i))) return i;
        }
        return -1;
    }
}
