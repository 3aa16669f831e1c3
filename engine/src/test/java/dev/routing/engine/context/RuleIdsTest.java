package dev.routing.engine.context;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.privacy.PrivateStart;
import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * What explain shows, pinned where it is said: each rule says its own RULES id, and the entries it
 * rests on, as it emits a decision (the trace), rule by rule. Tests are named by the rule whose id
 * they pin.
 */
class RuleIdsTest {

    private static Scenario traced(Mode mode, LocusPolicy policy) {
        return new Scenario(RuleSet.CURRENT, true).agent(mode, policy);
    }

    private static long roomTurn(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        return s.host.answer("qa", ping, "work");
    }

    private static <T extends Decision> Why why(Scenario s, Class<T> type, Predicate<T> which) {
        T d = s.host.all(type).stream().filter(which).reduce((a, b) -> b).orElseThrow(() -> new AssertionError(type.getSimpleName()));
        Why why = s.sink.why(d);
        assertTrue(why != null, () -> "no reason kept for " + d);
        return why;
    }

    private static Why notice(Scenario s, String kind) {
        return why(s, NoticeIssued.class, n -> n.kind().equals(kind));
    }

    private static boolean restsOn(Why why, Ground.Kind kind) {
        return why.grounds().stream().anyMatch(g -> g.kind() == kind);
    }

    @Test
    void P2_P3_P4_P5_P6_P7_P8_P9_P15_eachPrivacyReasonSaysTheRuleItApplies() {
        Map<String, String> rules = Map.ofEntries(Map.entry(PrivateStart.WORK, "P3"), Map.entry(PrivateStart.ARMED, "P8"),
                Map.entry(PrivateStart.STORED, "P7"), Map.entry(PrivateStart.RETAKE, "P9"), Map.entry(PrivateStart.WAITED, "P15"),
                Map.entry(PrivateStart.READ_IN_PRIVATE, "P15"), Map.entry(PrivateStart.INJECTED, "P5"),
                Map.entry(PrivateStart.UNKNOWN_MESSAGE, "P2"), Map.entry(PrivateStart.REUSED_MESSAGE, "P2"),
                Map.entry(PrivateStart.UNKNOWN_TURN, "P2"), Map.entry(PrivateStart.UNKNOWN_WAKE, "P2"),
                Map.entry(PrivateStart.FOREIGN_TURN, "P2"));
        rules.forEach((why, rule) -> assertEquals(rule, PrivateStart.rule(new PrivateStart.Reason(why, "w", "m", 3L)), why));
        assertEquals("P4", PrivateStart.rule(new PrivateStart.Reason(PrivateStart.SURFACE, "w", "m", null)), "a private surface's message read");
        assertEquals("P6", PrivateStart.rule(new PrivateStart.Reason(PrivateStart.SURFACE, "w", null, null)), "a gate window's private wake");
    }

    @Test
    void P4_P12_P15_aPrivateStartSaysItsReasonAndItsNoticesTheTurnsPrivacy() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        String room = s.host.room("qa", "work", "@qa ping", false);
        String op = s.host.operator("qa", "status?");
        String w = s.host.wake("qa", "message", null, op, room);
        long turn = s.host.start("qa", List.of(w), List.of(op, room));
        Why opened = why(s, TurnOpened.class, o -> o.turn() == turn);
        assertEquals("P4", opened.rule());
        assertTrue(restsOn(opened, Ground.Kind.MESSAGE) && restsOn(opened, Ground.Kind.WAKE), opened::toString);
        assertEquals("P12", notice(s, "private-turn").rule());
        assertTrue(restsOn(notice(s, "private-turn"), Ground.Kind.PRIVATE_TURN));
        assertEquals("P15", notice(s, "channels-held").rule());
        s.host.say(turn, 1, "Kept.");
        Why kept = why(s, SpeechRouted.class, r -> r.turn() == turn);
        assertEquals("P4", kept.rule());
        assertTrue(restsOn(kept, Ground.Kind.PRIVATE_TURN));
    }

    @Test
    void M1_M1a_P17_aPublicTurnsLocusSaysWhereItCameFrom() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s);
        Why trigger = why(s, TurnOpened.class, o -> o.turn() == turn);
        assertEquals("M1", trigger.rule());
        assertTrue(restsOn(trigger, Ground.Kind.CONFIGURED) && restsOn(trigger, Ground.Kind.WAKE), trigger::toString);
        assertEquals("M1", notice(s, "routing").rule());
        s.host.end(turn);
        String w = s.host.wake(new WakeSpec("qa", "self-wake").armedBy(turn));
        long inbound = s.host.start("qa", List.of(w), List.of());
        Why fallback = why(s, TurnOpened.class, o -> o.turn() == inbound);
        assertEquals("P17", fallback.rule(), "under latest-inbound the newest inbound channel");
        assertTrue(restsOn(fallback, Ground.Kind.INBOUND));
        s.host.end(inbound);
        s.host.focus("qa", "noisy");
        String w2 = s.host.wake(new WakeSpec("qa", "self-wake").armedBy(inbound));
        long focus = s.host.start("qa", List.of(w2), List.of());
        Why focused = why(s, TurnOpened.class, o -> o.turn() == focus);
        assertEquals("P17", focused.rule());
        assertTrue(restsOn(focused, Ground.Kind.FOCUS));
        s.host.end(focus);
        String beat = s.host.wake("qa", "heartbeat", null);
        long heartbeat = s.host.start("qa", List.of(beat), List.of());
        assertEquals("M1a", why(s, TurnOpened.class, o -> o.turn() == heartbeat).rule());
    }

    @Test
    void M1_P8_P5_publishedSpeechRestsOnTheLocusAContinuationOnItsTurnABoundaryOnTheInputItInjected() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "pong");
        Why routed = why(s, SpeechRouted.class, r -> r.turn() == turn);
        assertEquals("M1", routed.rule());
        assertTrue(restsOn(routed, Ground.Kind.LOCUS) && restsOn(routed, Ground.Kind.CHANNEL), routed::toString);
        Why requested = why(s, PublishRequested.class, p -> true);
        assertEquals("M1", requested.rule());
        assertTrue(restsOn(requested, Ground.Kind.DECISION));
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        Why continued = why(s, TurnContinued.class, c -> c.turn() == turn);
        assertEquals("P8", continued.rule());
        String op = s.host.operatorQuietly("qa", "psst");
        s.host.boundary(turn, op);
        assertEquals("P5", why(s, TurnMadePrivate.class, p -> p.turn() == turn).rule());
    }

    @Test
    void O1_O2_O3_O5_J3_eachOutcomeSaysTheReadingItApplies() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        for (int round = 1; round <= 4; round++) s.host.say(turn, round, "words " + round);
        List<Long> attempts = s.host.all(PublishRequested.class).stream().map(PublishRequested::attempt).toList();
        s.host.settle(attempts.get(0), true, null);
        s.host.settle(attempts.get(1), false, null);
        s.host.settle(attempts.get(2), null, "no-response");
        assertEquals("O1", why(s, PublishOutcome.class, o -> o.attempt().equals(attempts.get(0))).rule());
        assertEquals("O2", why(s, PublishOutcome.class, o -> o.attempt().equals(attempts.get(1))).rule());
        Why unknown = why(s, PublishOutcome.class, o -> o.attempt().equals(attempts.get(2)));
        assertEquals("O3", unknown.rule());
        assertTrue(restsOn(unknown, Ground.Kind.ATTEMPT));
        Why failed = notice(s, "send-failed");
        assertEquals("O5", failed.rule());
        assertTrue(restsOn(failed, Ground.Kind.DECISION) && restsOn(failed, Ground.Kind.ATTEMPT));
        s.restart();
        assertEquals("J3", why(s, PublishOutcome.class, o -> o.attempt().equals(attempts.get(3))).rule());
    }

    @Test
    void O3_anAttemptPastItsDeadlineSaysO3() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "words");
        s.host.advance(61);
        s.host.end(turn);
        assertEquals("O3", why(s, PublishOutcome.class, o -> true).rule());
        Why receipt = notice(s, "receipt");
        assertEquals("D7", receipt.rule());
        assertTrue(restsOn(receipt, Ground.Kind.ATTEMPT), "the receipt rests on the turn's attempts");
    }

    @Test
    void M6_M7_D4_D7_heldWordsRestOnTheSendAndTheDraftsToolSaysD4() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Held.", call("send_message", "work", "posted"));
        Why held = why(s, SpeechRouted.class, r -> r.turn() == turn);
        assertEquals("M6", held.rule());
        assertEquals("M6", why(s, ToolDecided.class, t -> t.tool().equals("send_message")).rule());
        s.host.boundary(turn);
        assertEquals("D7", notice(s, "held-drafts").rule());
        assertTrue(restsOn(notice(s, "held-drafts"), Ground.Kind.DRAFT));
        s.host.say(turn, 2, "Kept in context.", drafts("list", null));
        assertEquals("M7", why(s, SpeechRouted.class, r -> r.turn() == turn && r.round() == 2).rule());
        assertTrue(restsOn(why(s, SpeechRouted.class, r -> r.turn() == turn && r.round() == 2), Ground.Kind.SEND));
        assertEquals("D4", why(s, ToolDecided.class, t -> t.tool().equals("drafts")).rule());
        s.host.say(turn, 3, "", new dev.routing.journal.event.Call("drafts", null, null, null, "dismiss",
                List.of(s.host.all(dev.routing.journal.event.DraftHeld.class).get(0).draft()), null, null, null));
        assertEquals("D4", why(s, dev.routing.journal.event.DraftDismissed.class, d -> true).rule());
    }

    @Test
    void M2_M3_D5_envelopesSayTheirModesRuleAndUnsentD5() {
        Scenario s = traced(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "No target.");
        assertEquals("M3", why(s, SpeechRouted.class, r -> r.round() == 1).rule());
        assertEquals("M3", notice(s, "bounce").rule());
        s.host.say(turn, 2, ">>#work {{unsent}}");
        assertEquals("D5", why(s, SpeechRouted.class, r -> r.round() == 2).rule());
        s.host.say(turn, 3, ">>#work ! Again.");
        assertEquals("M3", why(s, SpeechRouted.class, r -> r.round() == 3).rule());
        assertEquals("M3", notice(s, "continuation").rule());
        Scenario h = traced(Mode.HYBRID, LocusPolicy.DELIVERY);
        long hybrid = roomTurn(h);
        h.host.say(hybrid, 1, ">>>#nowhere Lost.");
        assertEquals("M2", why(h, SpeechRouted.class, r -> r.round() == 1).rule());
        h.host.say(hybrid, 2, "Afterwards.");
        Why after = why(h, SpeechRouted.class, r -> r.round() == 2);
        assertEquals("M2", after.rule(), "held: hybrid holds the rest after an unresolved envelope");
        assertTrue(restsOn(after, Ground.Kind.LOCUS));
    }

    @Test
    void M4_M5_P11_P13_O4_P14_P2_eachModeAndChannelPublishSaysItsRule() {
        Scenario named = traced(Mode.NAMED, LocusPolicy.DELIVERY);
        long n = roomTurn(named);
        named.host.say(n, 1, "Words.", call("channel_publish", null, "x"));
        assertEquals("M5", why(named, SpeechRouted.class, r -> true).rule());
        assertEquals("M5", why(named, ToolDecided.class, t -> true).rule());
        Scenario disabled = traced(Mode.DISABLED, LocusPolicy.DELIVERY);
        long d = roomTurn(disabled);
        disabled.host.say(d, 1, "Words.");
        assertEquals("M4", why(disabled, SpeechRouted.class, r -> true).rule());
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.channel("shared", "discord").channel("shared", "slack");
        long turn = roomTurn(s);
        s.host.say(turn, 1, "", call("channel_publish", "noisy", "x"), call("channel_publish", null, "y"),
                call("channel_publish", "shared", "z"), call("channel_open", "noisy", null));
        List<ToolDecided> answers = s.host.all(ToolDecided.class);
        assertEquals("P11", s.sink.why(answers.get(0)).rule());
        assertEquals("P17", s.sink.why(answers.get(1)).rule(), "naming no channel: its turn's, as on 0.30.0");
        assertEquals("O4", s.sink.why(answers.get(2)).rule(), "two servers register it: refused, not guessed");
        assertEquals("M1", s.sink.why(answers.get(3)).rule());
        String op = s.host.operator("qa", "status?");
        long secret = s.host.answer("qa", op, null);
        s.host.say(secret, 1, "", call("channel_publish", null, "y"), call("channel_open", "noisy", null));
        assertEquals("P13", why(s, ToolDecided.class, t -> t.turn() == secret && t.tool().equals("channel_publish")).rule());
        assertEquals("P14", why(s, ToolDecided.class, t -> t.turn() == secret && t.tool().equals("channel_open")).rule());
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", 999L, "channel_publish", null, null, "z"));
        assertEquals("P2", why(s, ToolDecided.class, t -> t.turn() == 999L).rule());
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, List.of("skip_reply"), false, null));
        long later = roomTurn(s);
        s.host.say(later, 1, "", call("channel_publish", "noisy", "x"));
        assertEquals("M6", why(s, ToolDecided.class, t -> t.turn() == later).rule(), "a call the agent may not make counts for nothing");
    }

    @Test
    void D2_M6_aSilentTicksWordsSayD2AndASkipReplyRoundsSayM6() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.feed(new TurnStarted(s.host.tick(), "qa", List.of(), List.of(), null, true));
        long tick = s.host.last(TurnOpened.class).get(0).turn();
        s.host.say(tick, 1, "Quiet.");
        assertEquals("D2", why(s, SpeechRouted.class, r -> r.turn() == tick).rule(), "a silent tick's words are never drafted");
        s.host.end(tick);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Unsaid.", call("skip_reply", null, null));
        assertEquals("M6", why(s, SpeechRouted.class, r -> r.turn() == turn).rule(), "skip_reply outranks the locus");
    }

    @Test
    void M1_M1a_wordsWithNoLocusAreHeldUnderM1AndAHeartbeatsUnderM1a() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        String self = s.host.wake("qa", "self-wake", null);
        long nowhere = s.host.start("qa", List.of(self), List.of());
        s.host.say(nowhere, 1, "No locus.");
        Why held = why(s, SpeechRouted.class, r -> r.turn() == nowhere);
        assertEquals("M1", held.rule());
        assertTrue(restsOn(held, Ground.Kind.LOCUS), "held for want of a locus: it rests on the turn's locus");
        assertEquals("M1", why(s, DraftHeld.class, d -> true).rule());
        s.host.end(nowhere);
        String beat = s.host.wake("qa", "heartbeat", null);
        long heartbeat = s.host.start("qa", List.of(beat), List.of());
        s.host.say(heartbeat, 1, "Tick.");
        assertEquals("M1a", why(s, SpeechRouted.class, r -> r.turn() == heartbeat).rule());
    }

    @Test
    void M1a_M7_M6_explicitModesHeartbeatHoldsItsPlainSpeechUnderM1aOrBesideADraftsCallM7() {
        Scenario s = traced(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String beat = s.host.wake("qa", "heartbeat", null);
        long turn = s.host.start("qa", List.of(beat), List.of());
        s.host.say(turn, 1, "No target.");
        Why held = why(s, SpeechRouted.class, r -> r.round() == 1);
        assertEquals("M1a", held.rule(), "held with no bounce: a heartbeat's turn has no target");
        assertTrue(!restsOn(held, Ground.Kind.SEND), "no send held it");
        s.host.say(turn, 2, "Beside the list.", drafts("list", null));
        assertEquals("M7", why(s, SpeechRouted.class, r -> r.round() == 2).rule());
    }

    @Test
    void M6_M7_wordsASendHoldsRestOnTheSendAndAHeldEnvelopeSaysM6OrInASilencedDraftsRoundM7() {
        Scenario s = traced(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>>#work Held by the send.", call("send_message", "work", "posted"));
        Why envelope = why(s, SpeechRouted.class, r -> r.round() == 1);
        assertEquals("M6", envelope.rule());
        assertTrue(restsOn(envelope, Ground.Kind.SEND), envelope::toString);
        s.host.say(turn, 2, ">>>#work Beside the list.", drafts("list", null));
        assertEquals("M7", why(s, SpeechRouted.class, r -> r.round() == 2).rule(), "a drafts round of a turn a send silenced");
    }

    @Test
    void M6_M7_aRefusedEnvelopeBesideASendOfUnreadablePlaceIsHeldUnderM6AndInASilencedDraftsRoundUnderM7() {
        Scenario s = traced(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>>#nowhere Refused.", call("mcpl--discord--send_message", null, "sent"));
        Why held = why(s, SpeechRouted.class, r -> r.round() == 1);
        assertEquals("M6", held.rule());
        assertTrue(restsOn(held, Ground.Kind.SEND), held::toString);
        s.host.say(turn, 2, ">>>#nowhere Refused again.", drafts("list", null));
        assertEquals("M7", why(s, SpeechRouted.class, r -> r.round() == 2).rule());
    }

    @Test
    void D5_aBareUnsentThatSendsNothingRestsOnTheLatestBounceWhenThereIsOne() {
        Scenario s = traced(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, ">>#work {{unsent}}");
        Why none = why(s, SpeechRouted.class, r -> r.round() == 1);
        assertEquals("D5", none.rule());
        assertTrue(!restsOn(none, Ground.Kind.DRAFT), "no bounce to rest on: " + none);
        Scenario b = traced(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long bounced = roomTurn(b);
        b.host.say(bounced, 1, "No target.");
        String bounce = b.host.all(DraftHeld.class).get(0).draft();
        b.host.say(bounced, 2, ">>#work {{unsent}}");
        assertEquals(1, b.host.all(PublishRequested.class).size(), "the bounce is being sent");
        b.host.say(bounced, 3, ">>#work {{unsent}}");
        Why out = why(b, SpeechRouted.class, r -> r.round() == 3);
        assertEquals("D5", out.rule());
        assertTrue(out.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.DRAFT && bounce.equals(g.key())), out::toString);
        Why told = notice(b, "bounce");
        assertTrue(told.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.DRAFT && bounce.equals(g.key())), told::toString);
    }

    @Test
    void P8_aContinuingStartRestsOnItsWakesAndAPrivateTurnsOnItsPrivacy() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        String w = s.host.wake("qa", "self-wake", null);
        s.host.continueTurn("qa", turn, List.of(w), List.of(), false);
        Why continued = why(s, TurnContinued.class, c -> c.turn() == turn);
        assertEquals("P8", continued.rule());
        assertTrue(continued.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.WAKE && w.equals(g.key())), continued::toString);
        assertTrue(!restsOn(continued, Ground.Kind.PRIVATE_TURN), "a public turn's continuation: " + continued);
        s.host.end(turn);
        String op = s.host.operator("qa", "status?");
        long secret = s.host.answer("qa", op, null);
        s.host.continueTurn("qa", secret, List.of(), List.of(), false);
        Why again = why(s, TurnContinued.class, c -> c.turn() == secret);
        assertEquals("P8", again.rule());
        assertTrue(restsOn(again, Ground.Kind.PRIVATE_TURN), again::toString);
    }

    @Test
    void M1_aRepinRestsOnTheArrivalAndAChannelOpenOnNoMessage() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Opening.", call("channel_open", "noisy", null));
        Why opened = why(s, TurnLocusMoved.class, m -> true);
        assertEquals("M1", opened.rule());
        assertTrue(!restsOn(opened, Ground.Kind.MESSAGE), "a channel_open rests on its turn, not on a message: " + opened);
        String other = s.host.message("qa", "channel-message", "work", true, "@qa back here", "host", null, false);
        s.host.boundary(turn, other);
        Why repinned = why(s, TurnLocusMoved.class, m -> true);
        assertEquals("M1", repinned.rule());
        assertTrue(repinned.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.MESSAGE && other.equals(g.key())), repinned::toString);
    }

    @Test
    void P17_P11_aChannelPublishRestsOnWhereItsChannelCameFrom() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "", call("channel_publish", null, "x"), call("channel_publish", "noisy", "y"));
        Why own = why(s, ToolDecided.class, t -> t.turn() == turn && t.call() == 0);
        assertEquals("P17", own.rule());
        assertTrue(restsOn(own, Ground.Kind.LOCUS) && !restsOn(own, Ground.Kind.FOCUS) && !restsOn(own, Ground.Kind.INBOUND), own::toString);
        assertTrue(!restsOn(own, Ground.Kind.CHANNEL), "it names no channel: " + own);
        Why named = why(s, ToolDecided.class, t -> t.turn() == turn && t.call() == 1);
        assertEquals("P11", named.rule());
        assertTrue(named.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.CHANNEL && "noisy".equals(g.key())), named::toString);
        s.host.end(turn);
        long inbound = s.host.start("qa", List.of(s.host.wake("qa", "heartbeat", null)), List.of());
        s.host.say(inbound, 1, "", call("channel_publish", null, "z"));
        Why newest = why(s, ToolDecided.class, t -> t.turn() == inbound);
        assertEquals("P17", newest.rule());
        assertTrue(restsOn(newest, Ground.Kind.INBOUND) && !restsOn(newest, Ground.Kind.LOCUS), newest::toString);
        s.host.end(inbound);
        s.host.focus("qa", "noisy");
        long focused = s.host.start("qa", List.of(s.host.wake("qa", "heartbeat", null)), List.of());
        s.host.say(focused, 1, "", call("channel_publish", null, "z"));
        Why focus = why(s, ToolDecided.class, t -> t.turn() == focused);
        assertEquals("P17", focus.rule());
        assertTrue(restsOn(focus, Ground.Kind.FOCUS) && !restsOn(focus, Ground.Kind.LOCUS), focus::toString);
    }

    @Test
    void P5_P8_aPrivateJudgementRestsOnWhatItNamesAndOnNothingElse() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "Looking.", call("shell", null, null));
        String op = s.host.operatorQuietly("qa", "psst");
        s.host.boundary(turn, op);
        Why injected = why(s, TurnMadePrivate.class, p -> p.turn() == turn);
        assertEquals("P5", injected.rule());
        assertTrue(injected.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.MESSAGE && op.equals(g.key())), injected::toString);
        assertTrue(!restsOn(injected, Ground.Kind.WAKE), "a boundary takes no wake: " + injected);
        s.host.end(turn);
        String w = s.host.wake(new WakeSpec("qa", "self-wake").armedBy(turn));
        long armed = s.host.start("qa", List.of(w), List.of());
        Why opened = why(s, TurnOpened.class, o -> o.turn() == armed);
        assertEquals("P8", opened.rule());
        assertTrue(opened.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.PRIVATE_TURN && g.number() == turn), opened::toString);
    }

    @Test
    void P12_aPrivateTurnsUnsentSendNotConfirmedIsABounceKeptPrivateRestingOnItsPrivacy() {
        Scenario s = traced(Mode.HYBRID, LocusPolicy.DELIVERY);
        long room = roomTurn(s);
        s.host.say(room, 1, ">>>#nowhere Lost.");
        s.host.end(room);
        String op = s.host.operator("qa", "status?");
        long secret = s.host.answer("qa", op, null);
        s.host.say(secret, 1, ">>>#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        Why told = notice(s, "bounce");
        assertEquals("P12", told.rule());
        assertTrue(told.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.PRIVATE_TURN && g.number() == secret), told::toString);
    }

    @Test
    void M1_J3_anAttemptRestsOnTheTurnThatRequestedIt() {
        Scenario s = traced(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s);
        s.host.say(turn, 1, "pong");
        Why requested = why(s, PublishRequested.class, p -> true);
        assertTrue(requested.grounds().stream().anyMatch(g -> g.kind() == Ground.Kind.TURN && g.number() == turn), requested::toString);
    }
}
