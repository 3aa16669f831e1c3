package dev.routing.projections.drafts;

import dev.routing.projections.keyed.HashedSortedMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/** Every resident's kept drafts, its latest bounce, and the ids retention let go. */
public final class DraftBook {
    /** How many let-go ids are remembered per resident, to say "let go" rather than "unknown". */
    public static final int REMEMBERED_LET_GO = 1000;
    /** Newest held first; a tie (a checkpoint from before seq existed) falls back to id order. */
    private static final Comparator<Draft> NEWEST_FIRST = (a, b) -> a.seq != b.seq ? Long.compare(b.seq, a.seq) : a.id.compareTo(b.id);

    /**
     * agent -> draft id -> draft. Agents walk in order (retention and an audit walk them so) but are
     * looked up by hash, for every draft an attempt, outcome or notice names; a resident's drafts
     * by hash, since every reader that walks them orders them itself (newest first).
     */
    public final HashedSortedMap<String, HashMap<String, Draft>> drafts = new HashedSortedMap<>();
    /** agent -> the latest bounce's id, while it is open (D5). */
    public final HashMap<String, String> latestBounce = new HashMap<>();
    /** agent -> ids retention let go, newest remembered. */
    public final HashMap<String, TreeSet<String>> letGo = new HashMap<>();
    /** Draft ids drawn so far: the generator's position (ids never depend on anything else). */
    public long drawn;
    public long nextSeq;

    // Two orders of the same drafts, so that a list, a retention pass and a turn's catch-up read
    // what they need without copying and sorting every kept draft. Derived from the drafts, so not
    // in a checkpoint: built by the first reader that asks and kept up from then on, which spares
    // a replay that only folds (and reads neither) their upkeep.
    private transient boolean ordered;
    /** agent -> its drafts, newest first. */
    private final transient TreeMap<String, TreeSet<Draft>> byAge = new TreeMap<>();
    /** agent -> its drafts no notice has named that are neither dismissed nor delivered, newest first (D7's catch-up). */
    private final transient TreeMap<String, TreeSet<Draft>> unnamed = new TreeMap<>();

    public Draft get(String agent, String id) {
        HashMap<String, Draft> byId = drafts.get(agent);
        return byId == null ? null : byId.get(id);
    }

    /** Keeps a draft just held, in place of one of the same id: for the fold only. */
    public void put(Draft d) {
        Draft replaced = drafts.computeIfAbsent(d.agent, a -> new HashMap<>()).put(d.id, d);
        if (!ordered) return;
        if (replaced != null) unorder(replaced);
        order(d);
    }

    /** Lets a draft go: for the fold only. */
    public void remove(String agent, String id) {
        HashMap<String, Draft> byId = drafts.get(agent);
        Draft d = byId == null ? null : byId.remove(id);
        if (d != null && ordered) unorder(d);
    }

    /** The draft was named, dismissed or delivered, none of which is undone: catch-up no longer names it. For the fold only. */
    public void settled(Draft d) {
        if (ordered) removeFrom(unnamed, d);
    }

    /** The resident's drafts, newest first. */
    public Collection<Draft> newestFirst(String agent) {
        return read(byAge, agent);
    }

    /** The resident's drafts no notice has named, neither dismissed nor delivered, newest first. */
    public Collection<Draft> unnamed(String agent) {
        return read(unnamed, agent);
    }

    public boolean wasLetGo(String agent, String id) {
        TreeSet<String> ids = letGo.get(agent);
        return ids != null && ids.contains(id);
    }

    private Collection<Draft> read(TreeMap<String, TreeSet<Draft>> order, String agent) {
        if (!ordered) {
            for (HashMap<String, Draft> byId : drafts.values()) byId.values().forEach(this::order);
            ordered = true;
        }
        TreeSet<Draft> set = order.get(agent);
        return set == null ? List.of() : Collections.unmodifiableCollection(set);
    }

    private void order(Draft d) {
        byAge.computeIfAbsent(d.agent, a -> new TreeSet<>(NEWEST_FIRST)).add(d);
        if (!d.named && !d.dismissed && !d.delivered) unnamed.computeIfAbsent(d.agent, a -> new TreeSet<>(NEWEST_FIRST)).add(d);
    }

    private void unorder(Draft d) {
        removeFrom(byAge, d);
        removeFrom(unnamed, d);
    }

    private static void removeFrom(TreeMap<String, TreeSet<Draft>> order, Draft d) {
        TreeSet<Draft> set = order.get(d.agent);
        if (set != null && set.remove(d) && set.isEmpty()) order.remove(d.agent);
    }
}
