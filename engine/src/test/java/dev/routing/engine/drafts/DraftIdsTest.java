package dev.routing.engine.drafts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.drafts.Draft;
import dev.routing.projections.drafts.DraftBook;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

/**
 * D3: a draft id is unique among the resident's kept drafts. The generator's candidate at its
 * position is passed over while a kept draft of the same resident holds it, and taken when only
 * another resident's draft does.
 */
class DraftIdsTest {

    private static void keep(DraftBook book, String agent, String id) {
        Draft d = new Draft();
        d.id = id;
        d.agent = agent;
        book.drafts.computeIfAbsent(agent, a -> new HashMap<>()).put(id, d);
    }

    @Test
    void D3_aCandidateAKeptDraftHoldsIsPassedOverForTheNext() {
        DraftBook book = new DraftBook();
        book.drawn = 41;
        String first = DraftIds.candidate(41, 0);
        String second = DraftIds.candidate(41, 1);
        assertNotEquals(first, second);
        assertEquals(first, DraftIds.next(book, "qa"), "nothing kept: the candidate at the generator's position");

        keep(book, "qa", first);
        assertEquals(second, DraftIds.next(book, "qa"), "the first candidate is held: the next one");
        keep(book, "qa", second);
        assertEquals(DraftIds.candidate(41, 2), DraftIds.next(book, "qa"));
        assertEquals(first, DraftIds.next(book, "ops"), "another resident's drafts do not count");
    }

    @Test
    void D3_anIdIsDashDAndSevenLettersWithoutLookAlikes() {
        for (long position = 0; position < 2_000; position++) {
            String id = DraftIds.candidate(position, 0);
            assertTrue(id.matches("d-[abcdefghjkmnpqrstuvwxyz23456789]{7}"), id);
        }
    }
}
