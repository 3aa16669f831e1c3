package dev.routing.projections.privacy;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.routing.projections.keyed.HashedSortedMap;
import dev.routing.projections.retention.Retention;
import java.util.HashMap;
import java.util.TreeSet;

/**
 * Which turns are private, which stored messages are private input, and what each agent was last
 * told about where its speech goes (RULES P7, P10). Unlike the seed's in-memory record, this one
 * is rebuilt from the journal, so a restart loses nothing; and it is exact: no count of later turns
 * or messages turns an old public one private (docs/decisions/0004).
 */
public final class PrivacyRecord {
    /** Every private turn id the engine assigned. */
    public final PrivateTurns privateTurns = new PrivateTurns();
    /**
     * agent -> message id -> message; public messages are forgotten once read. Looked up by id for
     * nearly every message, start and boundary; walked in id order only by a retake's search, an
     * audit and the canonical form. The newest seal's are read in place ({@link KeptMessages}); a
     * checkpoint packs each agent's on the heap ({@link KeptMessagesForm}).
     */
    @JsonSerialize(using = KeptMessagesForm.Write.class)
    @JsonDeserialize(using = KeptMessagesForm.Read.class)
    public final KeptMessages messages = new KeptMessages();
    /**
     * agent -> the ids of its public messages forgotten once read, for as long as retention keeps
     * them ({@link Retention#KEEP_IDS_DAYS}). A wake or a redo naming an id neither stored nor among
     * these counts as private (P2). Private input is never forgotten: a retake must find it while it
     * is on the branch (P9).
     */
    public final HashMap<String, ForgottenIds> forgotten = new HashMap<>();
    /** agent -> private input stored that no start's stream has answered yet (P7). */
    public final HashMap<String, TreeSet<String>> mark = new HashMap<>();
    /** agent -> the routing it was last told: a channel id, or "" for no channel. */
    public final HashMap<String, String> lastTold = new HashMap<>();
    /** P9's answer, kept as the messages and turns change: derived, not in a checkpoint ({@link #reindex}). */
    private final transient PrivateOnBranch privateOnBranch = new PrivateOnBranch();

    /** P10: whether the turn is private; 0 and below name no turn and count as private. Ids never assigned are the caller's to refuse. */
    public boolean isPrivateTurn(long turn) {
        return turn <= 0 || privateTurns.contains(turn);
    }

    public void notePrivateTurn(long turn) {
        if (!privateTurns.add(turn)) return;
        // the sealed work of the turn is private input now: copied to the heap, where P9's index and a checkpoint see it
        messages.sealedWorkOf(turn, this::onHeap);
        privateOnBranch.turnMadePrivate(this, turn);
    }

    /**
     * P3: a message is private input when a surface sent it or a private turn's work brought it;
     * P2: so is one whose id the engine cannot classify.
     */
    public boolean isPrivateInput(StoredMessage m) {
        return m.surface || m.unclassified != null || (m.isWork() && isPrivateTurn(m.workTurn()));
    }

    /** The message kept under the id, or null: read it; {@link #store}, {@link #branch} and {@link #markRead} change it. */
    public StoredMessage message(String agent, String id) {
        return messages.get(agent, id);
    }

    /** Gives the agent its place among the kept messages, with none yet: as a history change that puts ids back always has. */
    public void holdMessagesOf(String agent) {
        messages.heapOf(agent);
    }

    /** Stores the message under its id, in place of any stored there before (returned). */
    public StoredMessage store(String agent, String id, StoredMessage m) {
        StoredMessage before = message(agent, id);
        store(agent, id, m, before);
        return before;
    }

    /** As {@link #store(String, String, StoredMessage)}, with what the caller just read kept there before: one lookup, not two. */
    void store(String agent, String id, StoredMessage m, StoredMessage before) {
        messages.heapOf(agent).put(id, m);
        privateOnBranch.stored(this, agent, id, before, m);
    }

    /**
     * The message under the id, on the heap so that it can be changed: a sealed one is copied there
     * first, shadowing the table's ({@link KeptMessages}); null when none is kept.
     */
    private StoredMessage onHeap(String agent, String id) {
        HashedSortedMap<String, StoredMessage> byId = messages.heap.get(agent);
        StoredMessage m = byId == null ? null : byId.get(id);
        if (m != null) return m == KeptMessages.GONE ? null : m;
        StoredMessage sealed = messages.get(agent, id);
        if (sealed != null) store(agent, id, sealed, sealed);
        return sealed;
    }

    /** P9: a history change moved the stored message under the id, if any, on or off the agent's current branch; returns it. */
    public StoredMessage branch(String agent, String id, boolean on) {
        StoredMessage kept = message(agent, id);
        // already where the change puts it (P9's index agrees): a sealed one stays in its table
        if (kept == null || kept.onBranch == on) return kept;
        StoredMessage m = onHeap(agent, id);
        if (m == null) return null;
        m.onBranch = on;
        privateOnBranch.update(this, agent, id, m);
        return m;
    }

    /**
     * Every kept message sealed into {@code table}, written from this record and mapped back
     * (docs/decisions/0014): the heap keeps none of them, and P9's index only what the heap keeps.
     *
     * @throws IllegalArgumentException when the table does not hold every message kept
     */
    public void sealKept(KeptMessages.Seal seal, SealedKept table) {
        messages.sealed(seal, table);
        privateOnBranch.rebuild(this);
    }

    /** Rebuilds what is derived from the messages and turns: after a restore, which does not store it. */
    public void reindex() {
        privateOnBranch.rebuild(this);
    }

    public TreeSet<String> markOf(String agent) {
        return mark.computeIfAbsent(agent, a -> new TreeSet<>());
    }

    /** P9: the first message of the agent's stored history on its current branch that is private input, or null. */
    public String firstPrivateOnBranch(String agent) {
        String onHeap = privateOnBranch.first(agent);
        String sealed = messages.firstSealedPrivateOnBranch(agent);
        return sealed == null || onHeap != null && onHeap.compareTo(sealed) < 0 ? onHeap : sealed;
    }

    /**
     * A start or a boundary took the message in on {@code epochDay}; {@code turn} is the turn a
     * start or a live boundary read it for (null for one that takes nothing in). A public message is
     * then forgotten (only private input matters to a later retake, P9), its id kept among the
     * agent's forgotten ids, so that a later wake or redo naming it is known public.
     */
    public void markRead(String agent, String id, Long turn, long epochDay) {
        StoredMessage kept = message(agent, id);
        if (kept == null) return;
        // read already, its reader noted and kept: nothing changes, and a sealed one stays in its table
        if (kept.read && (turn == null || kept.hasReadIn()) && kept.mayBePrivate()) return;
        StoredMessage m = onHeap(agent, id);
        m.read = true;
        if (turn != null) m.readFirstIn(turn);
        if (m.mayBePrivate()) return;
        // a message that may not be private input was never among the private input on the branch
        messages.remove(agent, id);
        forgotten.computeIfAbsent(agent, a -> new ForgottenIds()).add(id, m.hasReadIn() ? m.readIn() : null, epochDay);
    }

    /** Room for each agent's forgotten ids of {@code day} to grow by {@code share} ({@link ForgottenIds#reserve}). */
    public void reserve(double share, long day) {
        for (ForgottenIds ids : forgotten.values()) ids.reserve(share, day);
    }

    /** Lets go the ids of public messages forgotten on a UTC day before {@code cutoffDay}: a later mention of one counts as unknown. */
    public void letGoBefore(long cutoffDay) {
        for (ForgottenIds ids : forgotten.values()) ids.expire(cutoffDay);
    }

    /**
     * P2, P7: an id taken in where nothing answers it (a boundary that ends its turn, a silent
     * start) that the record neither holds nor let go counts as private input stored: it sets the
     * mark, so the next start that can publish is private.
     */
    public void markIfUnclassifiable(String agent, String id, long today) {
        if (message(agent, id) == null && !forgottenHolds(agent, id, today)) markOf(agent).add(id);
    }

    /** Whether the agent's record let go a public message under the id on a day retention still keeps on {@code today}. */
    public boolean forgottenHolds(String agent, String id, long today) {
        return forgottenLookup(agent, id, today) != ForgottenIds.NOT_HELD;
    }

    /**
     * What the agent's record knows of a public message let go under the id, as retention keeps it
     * on {@code today}: {@link ForgottenIds#NOT_HELD}, {@link ForgottenIds#NO_READER}, or the turn that
     * first read it.
     */
    public long forgottenLookup(String agent, String id, long today) {
        ForgottenIds ids = forgotten.get(agent);
        return ids == null ? ForgottenIds.NOT_HELD : ids.lookup(id, Retention.keptFrom(today));
    }
}
