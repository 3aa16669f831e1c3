package dev.routing.projections.drafts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/** Every resident's kept drafts, its latest bounce, and the ids retention let go. */
public final class DraftBook {
    /** How many let-go ids are remembered per resident, to say "let go" rather than "unknown". */
    public static final int REMEMBERED_LET_GO = 1000;

    /** agent -> draft id -> draft. */
    public final TreeMap<String, TreeMap<String, Draft>> drafts = new TreeMap<>();
    /** agent -> the latest bounce's id, while it is open (D5). */
    public final TreeMap<String, String> latestBounce = new TreeMap<>();
    /** agent -> ids retention let go, newest remembered. */
    public final TreeMap<String, TreeSet<String>> letGo = new TreeMap<>();
    /** Draft ids drawn so far: the generator's position (ids never depend on anything else). */
    public long drawn;
    public long nextSeq;

    public Draft get(String agent, String id) {
        TreeMap<String, Draft> byId = drafts.get(agent);
        return byId == null ? null : byId.get(id);
    }

    /** The resident's drafts, created empty if need be: for the fold only, never for a reader. */
    public TreeMap<String, Draft> of(String agent) {
        return drafts.computeIfAbsent(agent, a -> new TreeMap<>());
    }

    /** Newest first. */
    public List<Draft> newestFirst(String agent) {
        TreeMap<String, Draft> byId = drafts.get(agent);
        if (byId == null) return List.of();
        List<Draft> all = new ArrayList<>(byId.values());
        all.sort(Comparator.comparingLong((Draft d) -> d.seq).reversed());
        return all;
    }

    public boolean wasLetGo(String agent, String id) {
        TreeSet<String> ids = letGo.get(agent);
        return ids != null && ids.contains(id);
    }
}
