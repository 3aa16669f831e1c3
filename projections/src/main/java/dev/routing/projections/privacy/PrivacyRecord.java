package dev.routing.projections.privacy;

import dev.routing.projections.keyed.HashedSortedMap;
import java.util.HashMap;
import java.util.TreeSet;

/**
 * Which turns are private, which stored messages are private input, and what each agent was last
 * told about where its speech goes (RULES P7, P10). Unlike the seed's in-memory record, this one
 * is rebuilt from the journal, so a restart loses nothing.
 */
public final class PrivacyRecord {
    /** How many private turn ids are kept exactly; older ones fall under {@link #floor}. */
    public static final int KEPT_IDS = 4096;

    /** The highest {@link #KEPT_IDS} private turn ids. */
    public final TreeSet<Long> privateTurns = new TreeSet<>();
    /** Every turn id at or below the floor counts as private (fail closed); 0 names no real turn. */
    public long floor = 0;
    /**
     * agent -> message id -> message; public messages are forgotten once read. Walked in id order
     * only by a retake's search and an audit: hashed, since the fold writes and reads it by id for
     * nearly every message, start and boundary.
     */
    public final HashedSortedMap<String, HashedSortedMap<String, StoredMessage>> messages = new HashedSortedMap<>();
    /**
     * How many ids of public messages let go are kept per agent. A wake or a redo names recent
     * messages; one that names an id neither stored nor among these counts as private (P2), as a
     * turn id under {@link #floor} does.
     */
    public static final int FORGOTTEN_KEPT = 1024;
    /** agent -> the ids of its newest public messages forgotten once read. */
    public final HashMap<String, ForgottenIds> forgotten = new HashMap<>();
    /** agent -> private input stored that no start's stream has answered yet (P7). */
    public final HashMap<String, TreeSet<String>> mark = new HashMap<>();
    /** agent -> the routing it was last told: a channel id, or "" for no channel. */
    public final HashMap<String, String> lastTold = new HashMap<>();

    public boolean isPrivateTurn(long turn) {
        return turn <= floor || privateTurns.contains(turn);
    }

    public void notePrivateTurn(long turn) {
        if (turn <= floor || !privateTurns.add(turn)) return;
        while (privateTurns.size() > KEPT_IDS) floor = Math.max(floor, privateTurns.pollFirst());
    }

    /**
     * P3: a message is private input when a surface sent it or a private turn's work brought it;
     * P2: so is one whose id the engine cannot classify.
     */
    public boolean isPrivateInput(StoredMessage m) {
        return m.surface || m.unclassified != null || (m.workTurn != null && isPrivateTurn(m.workTurn));
    }

    public StoredMessage message(String agent, String id) {
        HashedSortedMap<String, StoredMessage> byId = messages.get(agent);
        return byId == null ? null : byId.get(id);
    }

    public HashedSortedMap<String, StoredMessage> messagesOf(String agent) {
        return messages.computeIfAbsent(agent, a -> new HashedSortedMap<>());
    }

    public TreeSet<String> markOf(String agent) {
        return mark.computeIfAbsent(agent, a -> new TreeSet<>());
    }

    /** P9: the first message of the agent's stored history on its current branch that is private input, or null. */
    public String firstPrivateOnBranch(String agent) {
        HashedSortedMap<String, StoredMessage> byId = messages.get(agent);
        if (byId == null) return null;
        // The lowest id that qualifies, found in one pass over the hash table: no sorted walk.
        String first = null;
        for (var e : byId.byHash()) {
            String id = e.getKey();
            if ((first == null || id.compareTo(first) < 0) && e.getValue().onBranch && isPrivateInput(e.getValue())) first = id;
        }
        return first;
    }

    /**
     * A start or a boundary took the message in; {@code turn} is the turn a start or a live
     * boundary read it for (null for one that takes nothing in). A public message is then forgotten
     * (only private input matters to a later retake, P9), its id kept among the agent's newest
     * {@link #FORGOTTEN_KEPT} forgotten, so that a later wake or redo naming it is known public.
     */
    public void markRead(String agent, String id, Long turn) {
        HashedSortedMap<String, StoredMessage> byId = messages.get(agent);
        if (byId == null) return;
        StoredMessage m = byId.get(id);
        if (m == null) return;
        m.read = true;
        if (m.readIn == null) m.readIn = turn;
        if (m.mayBePrivate()) return;
        byId.remove(id);
        forgotten.computeIfAbsent(agent, a -> new ForgottenIds()).add(id, m.readIn, FORGOTTEN_KEPT);
    }

    /**
     * P2, P7: an id taken in where nothing answers it (a boundary that ends its turn, a silent
     * start) that the record neither holds nor let go counts as private input stored: it sets the
     * mark, so the next start that can publish is private.
     */
    public void markIfUnclassifiable(String agent, String id) {
        if (message(agent, id) == null && forgottenHolding(agent, id) == null) markOf(agent).add(id);
    }

    /** The public message the agent's record let go under the id (among the newest {@link #FORGOTTEN_KEPT}), or null. */
    public ForgottenIds forgottenHolding(String agent, String id) {
        ForgottenIds ids = forgotten.get(agent);
        return ids != null && ids.holds(id) ? ids : null;
    }
}
