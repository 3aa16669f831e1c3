package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** P15 (E1): the notice that someone addressed the agent from another channel says where plain speech goes. */
class AddressedElsewhereWordsTest {

    @Test
    void P15_aPublicTurnIsToldItsSpeechStillGoesToItsLocus() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        String elsewhere = s.host.room("qa", "noisy", "@qa over here", true);
        s.host.boundary(turn, elsewhere);
        assertEquals(List.of("[routing] Someone addressed you from noisy. Your plain speech still goes to work; answer there"
                + " with an explicit send if you mean to."), s.notices("routing").stream().map(n -> n.text())
                .filter(t -> t.contains("addressed")).toList());
    }
}
