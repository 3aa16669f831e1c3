package dev.routing.engine.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.Ground.Kind;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.RetentionCheckpoint;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a rule says of a decision as it emits it, as explain reads it back: each way of naming a
 * ground keeps that ground, in the order said, and hands back the same reason so the chain goes on;
 * the untraced reason keeps nothing, whatever it is told, and says so.
 */
class BecauseTest {
    private static final Decision DECIDED = new RetentionCheckpoint(Instant.EPOCH, 1L, 0, 0);

    private static Ground g(Kind kind, String agent, String key, long number) {
        return new Ground(kind, agent, key, number, null);
    }

    @Test
    void everyGroundARuleNamesIsKeptInTheOrderSaidAndTheChainGoesOn() {
        Trace trace = new Trace();
        Because because = trace.pending(DECIDED);
        Because said = because.message("qa", "m-1").messages("qa", List.of("m-2", "m-3")).wake("qa", "w-1").turn(7)
                .privateTurn(8).attempt(9).draft("qa", "d-1").drafts("qa", List.of("d-2")).configured("qa").focus("qa")
                .channel("#work").locus(10).send(11).history("qa").inbound("qa").rule("P7");
        assertSame(because, said, "each names its ground and hands back the same reason");
        trace.emitted(DECIDED);
        Why why = trace.whys().get(0);
        assertEquals("P7", why.rule());
        assertEquals(List.of(
                g(Kind.MESSAGE, "qa", "m-1", 0), g(Kind.MESSAGE, "qa", "m-2", 0), g(Kind.MESSAGE, "qa", "m-3", 0),
                g(Kind.WAKE, "qa", "w-1", 0), g(Kind.TURN, null, null, 7), g(Kind.PRIVATE_TURN, null, null, 8),
                g(Kind.ATTEMPT, null, null, 9), g(Kind.DRAFT, "qa", "d-1", 0), g(Kind.DRAFT, "qa", "d-2", 0),
                g(Kind.CONFIGURED, "qa", null, 0), g(Kind.FOCUS, "qa", null, 0), g(Kind.CHANNEL, null, "#work", 0),
                g(Kind.LOCUS, null, null, 10), g(Kind.SEND, null, null, 11), g(Kind.HISTORY, "qa", null, 0),
                g(Kind.INBOUND, "qa", null, 0)), why.grounds());
        assertTrue(because.keeps());
    }

    @Test
    void theUntracedReasonKeepsNothingAndSaysSo() {
        Because none = Because.NONE;
        assertFalse(none.keeps(), "a rule walks a collection to say more only when it is kept");
        assertSame(none, none.messages("qa", List.of("m-1")).drafts("qa", List.of("d-1")).wake("qa", "w-1").send(3)
                .privateTurn(4).locus(5).history("qa").decision(DECIDED).rule("P1"));
    }
}
