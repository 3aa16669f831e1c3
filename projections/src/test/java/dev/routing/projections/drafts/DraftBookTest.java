package dev.routing.projections.drafts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The book's two orders of a resident's drafts (newest first, and those D7's catch-up still names):
 * kept up through holds, notices, dismissals and let-gos once a reader has asked for them, and
 * built whole on the first read of a state that no reader asked yet (a replay's, a restored one's).
 */
class DraftBookTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static DraftHeld held(String id, String agent) {
        return new DraftHeld(AT, id, agent, "bounced", "words of " + id, false, null, false);
    }

    private static EngineState fold(List<Entry> entries) {
        Fold fold = new Fold();
        entries.forEach(fold::accept);
        return fold.state();
    }

    /** Folds the entries, asking for the orders after the first {@code readAfter} of them. */
    private static EngineState fold(List<Entry> entries, int readAfter) {
        Fold fold = new Fold();
        for (int i = 0; i < entries.size(); i++) {
            if (i == readAfter) fold.state().drafts.unnamed("qa");
            fold.accept(entries.get(i));
        }
        return fold.state();
    }

    private static List<String> ids(Collection<Draft> drafts) {
        return drafts.stream().map(d -> d.id).toList();
    }

    private static final List<Entry> JOURNAL = List.of(
            // Ids out of their holding order, so newest-first is not id order.
            held("d-c", "qa"), held("d-a", "qa"), held("d-e", "qa"), held("d-b", "qa"), held("d-d", "qa"),
            held("o-1", "ops"),
            new NoticeIssued(AT, "qa", "bounce", Names.drafts(List.of("d-a")), "named", false, null),
            new DraftDismissed(AT, "d-b", "qa", false),
            new DraftLetGo(AT, "d-e", "qa"));

    @Test
    void D7_theOrdersReadTheSameWhetherKeptUpFromAnyPointOrBuiltOnRestore() {
        List<EngineState> states = new ArrayList<>();
        for (int readAfter = 0; readAfter <= JOURNAL.size(); readAfter++) states.add(fold(JOURNAL, readAfter));
        states.add(StateCodec.fromTree(StateCodec.toTree(fold(JOURNAL))));
        for (EngineState s : states) {
            assertEquals(List.of("d-d", "d-b", "d-a", "d-c"), ids(s.drafts.newestFirst("qa")));
            assertEquals(List.of("d-d", "d-c"), ids(s.drafts.unnamed("qa")), "named, dismissed and let go drafts are caught up no more");
            assertEquals(List.of("o-1"), ids(s.drafts.unnamed("ops")));
            assertEquals(List.of(), ids(s.drafts.unnamed("nobody")));
        }
    }

    @Test
    void D7_aDraftHeldAgainUnderItsIdReplacesTheOldOneInBothOrders() {
        EngineState s = fold(List.of(held("d-a", "qa"), held("d-b", "qa"),
                new NoticeIssued(AT, "qa", "bounce", Names.drafts(List.of("d-a")), "named", false, null), held("d-a", "qa")), 0);
        assertEquals(List.of("d-a", "d-b"), ids(s.drafts.newestFirst("qa")));
        assertEquals(List.of("d-a", "d-b"), ids(s.drafts.unnamed("qa")));
    }
}
