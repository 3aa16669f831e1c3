package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.Scenario;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P17: turns with no private input route exactly as under the 0.30.0 rules.
 *
 * <p>The seed's ids (private-turns.txt): F1 is P17.
 */
class UnchangedRoutingTest {

    @Test
    void P17_streamsWithNoPrivateTurnDecideExactlyAsUnderThe0300Rules() {
        int[] compared = {0};
        Property.check("F1 unchanged routing", Property.baseSeed(1_700_000L), Math.max(1, Property.streams(10_000) / 5), 60, stream -> {
            List<Action> noOperator = stream.stream().filter(a -> a.kind() != Action.Kind.OPERATOR_MESSAGE
                    && a.kind() != Action.Kind.WORK_MESSAGE).toList();
            List<Decision> current = StreamHost.play(new CoreSink(RuleSet.CURRENT), noOperator).decisions();
            if (current.stream().anyMatch(UnchangedRoutingTest::private_)) return null;
            compared[0]++;
            List<Decision> before = StreamHost.play(new CoreSink(RuleSet.V0_30_0), noOperator).decisions();
            List<String> a = current.stream().map(EntryCodec::toJson).toList();
            List<String> b = before.stream().map(EntryCodec::toJson).toList();
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                String x = i < a.size() ? a.get(i) : "(none)";
                String y = i < b.size() ? b.get(i) : "(none)";
                if (!x.equals(y)) return "decision " + i + " differs: current " + x + " vs 0.30.0 " + y;
            }
            return null;
        });
        if (Property.streams(10_000) >= 1_000) {
            assertTrue(compared[0] > 100, "too few streams without private turns to compare: " + compared[0]);
        }
    }

    private static boolean private_(Decision d) {
        return (d instanceof TurnOpened o && o.isPrivate()) || (d instanceof TurnContinued c && c.isPrivate())
                || d instanceof TurnMadePrivate
                || (d instanceof dev.routing.journal.event.ToolDecided t && t.refusal() != null
                        && t.refusal().contains("private input"));
    }

    @Test
    void P17_aRunTakesNoFallback() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.LATEST_INBOUND, null, true, null));
        s.host.focus("qa", "work");
        String mail = s.host.message("qa", "agent-mail", null, false, "do the thing", "host", null, true);
        long turn = s.host.answer("qa", mail, null);
        s.host.say(turn, 1, "Done.");
        assertNull(s.opened(turn).locus());
        assertNull(s.opened(turn).fallback());
        assertEquals("held", s.speech(turn).get(0).route().kind(), "M1: no locus, held as a no-destination draft");
        assertEquals(List.of(), s.published());
    }

    @Test
    void P17_underLatestInboundAChannelLessPublicTurnTakesTheNewestInboundChannelWhenNoFocusHolds() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        s.host.room("qa", "noisy", "chatter", false);
        String mail = s.host.message("qa", "agent-mail", null, false, "ping", "host", null, true);
        long turn = s.host.answer("qa", mail, null);
        s.host.say(turn, 1, "Answer.");
        assertEquals("latest-inbound", s.opened(turn).fallback());
        s.assertPublishedIn(turn, "noisy");
    }

    @Test
    void P17_aFocusComesBeforeTheNewestInboundChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        s.host.room("qa", "noisy", "chatter", false);
        s.host.focus("qa", "work");
        String mail = s.host.message("qa", "agent-mail", null, false, "ping", "host", null, true);
        long turn = s.host.answer("qa", mail, null);
        assertEquals("focus", s.opened(turn).fallback());
        assertEquals("work", s.opened(turn).locus());
    }
}
