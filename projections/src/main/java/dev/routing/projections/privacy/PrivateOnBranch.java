package dev.routing.projections.privacy;

import dev.routing.projections.keyed.HashedSortedMap;
import java.util.HashMap;
import java.util.TreeSet;

/**
 * P9's search, kept answered: per agent, the ids of its stored messages that are on its branch and
 * private input now, in id order, so a retake reads the first instead of walking every message the
 * agent keeps (thousands, for a week's busy resident: a walk per retake was a quarter of an audit).
 *
 * <p>Derived from the heap's part of {@link PrivacyRecord#messages} and {@link PrivacyRecord#privateTurns}:
 * not in a checkpoint, rebuilt on restore; a seal's table holds its own ({@link SealedKept}). It changes where they do: a message stored ({@link #stored}),
 * let go or moved on or off the branch ({@link #update}), and a turn made private, which makes its
 * work private input ({@link #turnMadePrivate}).
 */
final class PrivateOnBranch {
    /**
     * A stored message whose work turn is public for now: it becomes private input when the turn
     * does. Chained to the turn's earlier ones, newest first: a list per turn (its array sized for
     * ten) was 5 MB of a restore's heap at 10 M messages, for 1.4 messages a turn.
     */
    private record Work(String agent, String id, Work earlier) {}

    private final HashMap<String, TreeSet<String>> ids = new HashMap<>();
    /** turn -> the newest message stored as its work while it was public; checked again, with the earlier ones, when the turn turns private. */
    private final HashedSortedMap<Long, Work> workOfPublicTurns = new HashedSortedMap<>();

    String first(String agent) {
        TreeSet<String> of = ids.get(agent);
        return of == null || of.isEmpty() ? null : of.first();
    }

    /** A message stored under the id, new or in place of {@code before} (null: none). */
    void stored(PrivacyRecord record, String agent, String id, StoredMessage before, StoredMessage m) {
        // most messages are public and new: no search of the ids for one that is not there
        if (m.onBranch && record.isPrivateInput(m) || before != null && before.onBranch && record.isPrivateInput(before)) {
            update(record, agent, id, m);
        }
        if (m.isWork() && !record.isPrivateTurn(m.workTurn())) {
            workOfPublicTurns.compute(m.workTurn(), (turn, earlier) -> new Work(agent, id, earlier));
        }
    }

    /** The message under the id ({@code m}, null when none is now) judged again, as the record stands. */
    void update(PrivacyRecord record, String agent, String id, StoredMessage m) {
        if (m != null && m.onBranch && record.isPrivateInput(m)) {
            ids.computeIfAbsent(agent, a -> new TreeSet<>()).add(id);
        } else {
            TreeSet<String> of = ids.get(agent);
            if (of != null) of.remove(id);
        }
    }

    /** The turn just turned private: the messages stored as its work are judged again (one since replaced is judged as it is now). */
    void turnMadePrivate(PrivacyRecord record, long turn) {
        // each judged as the record stands: the order they were stored in does not matter
        for (Work w = workOfPublicTurns.remove(turn); w != null; w = w.earlier()) update(record, w.agent(), w.id(), record.message(w.agent(), w.id()));
    }

    /** Rebuilt from the record: after a restore, which does not store it. */
    void rebuild(PrivacyRecord record) {
        ids.clear();
        workOfPublicTurns.clear();
        // the heap's part only: the sealed table answers P9 for its own ({@link KeptMessages})
        for (var agent : record.messages.heap.byHash()) {
            for (var m : agent.getValue().byHash()) {
                if (m.getValue() != KeptMessages.GONE) stored(record, agent.getKey(), m.getKey(), null, m.getValue());
            }
        }
    }
}
