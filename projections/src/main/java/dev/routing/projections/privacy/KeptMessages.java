package dev.routing.projections.privacy;

import dev.routing.projections.keyed.HashedSortedMap;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * Every agent's kept messages ({@link PrivacyRecord#messages}): those the newest seal wrote, read in
 * place from its table ({@link SealedKept}, a file the engine maps: docs/decisions/0014), under the
 * heap's messages stored or changed since, which shadow the table's. A restore then parses only the
 * heap's part, the messages of the day so far, where it parsed every message kept since the journal
 * began (private input is never let go: P9).
 *
 * <p>A sealed message changed since the seal (read, moved on or off the branch, stored again, its
 * turn made private) is copied to the heap and changed there; one let go since is {@link #GONE} on the
 * heap. Every read goes through {@link #get} and the walks here, which see the two as one: the
 * canonical form ({@code state}, {@code verify}) is the same whether a seal happened or not.
 *
 * <p>A state restored from a checkpoint that names a seal answers nothing until its table is
 * {@link #attach attached}.
 */
public final class KeptMessages {
    /** A sealed message let go since the seal: shadows the table's on the heap, and is never handed out. */
    static final StoredMessage GONE = new StoredMessage();

    /**
     * A seal as a checkpoint names it: its day, the journal index it covers, its table's file's
     * checksum, how many messages it holds, its part's file's checksum ({@link KeptPart}) and its rules.
     */
    public record Seal(long day, long index, int crc, long count, int partCrc, String label) {
        /** The seal's part, as the next part names it. */
        public KeptPart.Link part() {
            return new KeptPart.Link(day, partCrc);
        }
    }

    /**
     * agent -> id -> the messages stored or changed since the seal (all of them with none), or {@link
     * #GONE}: what a checkpoint and a seal's part store besides the seal's name.
     */
    final HashedSortedMap<String, HashedSortedMap<String, StoredMessage>> heap = new HashedSortedMap<>();
    private Seal seal;
    /** The seal's table, once attached; null with no seal, or before {@link #attach}. */
    private SealedKept table;

    /** The message kept under the id, or null: the heap's, else the table's (a new copy each call: the record changes one on the heap). */
    public StoredMessage get(String agent, String id) {
        HashedSortedMap<String, StoredMessage> byId = heap.get(agent);
        StoredMessage m = byId == null ? null : byId.get(id);
        if (m != null) return m == GONE ? null : m;
        return seal == null ? null : attached().find(agent, id);
    }

    /** Whether the heap holds a version of the id (or its letting go) that shadows the table's. */
    boolean shadows(String agent, String id) {
        HashedSortedMap<String, StoredMessage> byId = heap.get(agent);
        return byId != null && byId.containsKey(id);
    }

    /** The agent's heap part, made when it has none: its messages stored or changed since the seal. */
    HashedSortedMap<String, StoredMessage> heapOf(String agent) {
        return heap.computeIfAbsent(agent, a -> new HashedSortedMap<>());
    }

    /** Lets the message go: off the heap, and shadowed there when the table holds it. */
    void remove(String agent, String id) {
        HashedSortedMap<String, StoredMessage> byId = heapOf(agent);
        if (seal != null && attached().find(agent, id) != null) byId.put(id, GONE);
        else byId.remove(id);
    }

    /** The agents that have had messages kept (some with none left), in order. */
    public List<String> agents() {
        TreeSet<String> all = new TreeSet<>(heap.keySet());
        if (seal != null) all.addAll(attached().agents());
        return new ArrayList<>(all);
    }

    /** Whether the agent has had messages kept (a history change that puts ids back makes its place, as checkpoints have always shown). */
    public boolean holds(String agent) {
        return heap.containsKey(agent) || seal != null && attached().size(agent) > 0;
    }

    /** The agent's kept messages in id order, the heap's shadowing the table's. */
    public void forEach(String agent, BiConsumer<String, StoredMessage> action) {
        HashedSortedMap<String, StoredMessage> byId = heap.get(agent);
        @SuppressWarnings("unchecked")
        Map.Entry<String, StoredMessage>[] mine = byId == null ? new Map.Entry[0] : byId.entrySet().toArray(new Map.Entry[0]);
        int[] next = {0};
        if (seal != null) {
            attached().forEach(agent, (id, sealed) -> {
                while (next[0] < mine.length && mine[next[0]].getKey().compareTo(id) < 0) emit(mine[next[0]++], action);
                if (next[0] < mine.length && mine[next[0]].getKey().equals(id)) emit(mine[next[0]++], action);
                else action.accept(id, sealed);
            });
        }
        while (next[0] < mine.length) emit(mine[next[0]++], action);
    }

    private static void emit(Map.Entry<String, StoredMessage> e, BiConsumer<String, StoredMessage> action) {
        if (e.getValue() != GONE) action.accept(e.getKey(), e.getValue());
    }

    /** Every kept message: agents in order, each one's in id order. */
    public void forEach(Each action) {
        for (String agent : agents()) forEach(agent, (id, m) -> action.accept(agent, id, m));
    }

    /** One kept message of a walk. */
    @FunctionalInterface
    public interface Each {
        void accept(String agent, String id, StoredMessage m);
    }

    /** How many messages are kept (a walk of the heap's part and a count of the table's). */
    public long size() {
        long[] n = {seal == null ? 0 : attached().size()};
        heap.forEach((agent, byId) -> byId.forEach((id, m) -> {
            boolean sealed = seal != null && table.find(agent, id) != null;
            n[0] += (m == GONE ? 0 : 1) - (sealed ? 1 : 0);
        }));
        return n[0];
    }

    /** P9 over the table: the agent's first id sealed as private input on the branch that the heap does not shadow, or null. */
    String firstSealedPrivateOnBranch(String agent) {
        if (seal == null) return null;
        HashedSortedMap<String, StoredMessage> byId = heap.get(agent);
        return attached().firstPrivateOnBranch(agent, byId == null ? id -> false : byId::containsKey);
    }

    /** The (agent, id) of each sealed message that was the work of the turn while it was public, and that the heap does not shadow. */
    void sealedWorkOf(long turn, BiConsumer<String, String> action) {
        if (seal == null) return;
        attached().workOfPublicTurn(turn, (agent, id) -> {
            if (!shadows(agent, id)) action.accept(agent, id);
        });
    }

    /** The seal a checkpoint names, or null when every kept message is on the heap. */
    public Seal seal() {
        return seal;
    }

    /**
     * The table a seal writes now: every kept message, the heap's and the table's as one, with what
     * P9 and a turn made private later read of it ({@link SealedKept#write}).
     */
    public ByteBuffer sealBody(Predicate<StoredMessage> privateInput, LongPredicate privateTurn) {
        Map<String, Map<String, StoredMessage>> all = new TreeMap<>();
        for (String agent : agents()) {
            Map<String, StoredMessage> byId = new TreeMap<>();
            forEach(agent, byId::put);
            all.put(agent, byId);
        }
        return SealedKept.write(all, privateInput, privateTurn);
    }

    /**
     * The seal written and mapped: {@code table} holds every kept message, so the heap keeps none, only
     * each agent's place (an agent with none kept still shows, as it did).
     *
     * @throws IllegalArgumentException when the table does not hold as many messages as are kept
     */
    void sealed(Seal written, SealedKept sealedTable) {
        long kept = size();
        if (sealedTable.size() != kept || written.count() != kept) {
            throw new IllegalArgumentException("a seal of " + sealedTable.size() + " messages, where " + kept + " are kept");
        }
        for (String agent : List.copyOf(heap.keySet())) heap.put(agent, new HashedSortedMap<>());
        seal = written;
        table = sealedTable;
    }

    /** A checkpoint named this seal: its table answers once {@link #attach attached}. */
    void named(Seal named) {
        seal = named;
        table = null;
    }

    /**
     * Attaches the table of the seal the checkpoint named, read from its file.
     *
     * @throws IllegalArgumentException when it holds another count than the checkpoint named
     */
    public void attach(SealedKept named) {
        if (seal == null) throw new IllegalStateException("kept messages: no seal is named");
        if (named.size() != seal.count()) {
            throw new IllegalArgumentException("a table of " + named.size() + " kept messages, the checkpoint names " + seal.count());
        }
        table = named;
    }

    /** Whether a seal is named but its table not attached: such a state answers nothing. */
    public boolean pending() {
        return seal != null && table == null;
    }

    private SealedKept attached() {
        if (table == null) throw new IllegalStateException("kept messages: the seal of day " + seal.day() + " is named but not attached");
        return table;
    }
}
