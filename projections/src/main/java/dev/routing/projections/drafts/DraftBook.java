package dev.routing.projections.drafts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.routing.projections.keyed.HashedSortedMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
     * by hash, since every reader that walks them orders them itself (newest first). A state
     * checkpoint packs each resident's ({@link DraftsForm}).
     */
    @JsonSerialize(contentUsing = DraftsForm.Write.class)
    @JsonDeserialize(contentUsing = DraftsForm.Read.class)
    public final HashedSortedMap<String, HashMap<String, Draft>> drafts = new HashedSortedMap<>();
    /** agent -> the latest bounce's id, while it is open (D5). */
    public final HashMap<String, String> latestBounce = new HashMap<>();
    /** agent -> ids retention let go, newest remembered. */
    public final HashMap<String, TreeSet<String>> letGo = new HashMap<>();
    /**
     * notice id -> a notice with an id that named drafts, while one it named is kept and open (D7): a
     * history change that takes it off the branch, or puts it back, reads which drafts it named.
     * Left out of a checkpoint while empty, as in every journal from before notice ids.
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public final HashMap<Long, NamingNotice> notices = new HashMap<>();
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
    /** agent -> its drafts that await naming ({@link Draft#awaitsNaming}), newest first (D7's catch-up). */
    private final transient TreeMap<String, TreeSet<Draft>> unnamed = new TreeMap<>();
    /**
     * The id of the first notice naming drafts that the fact now folding caused, 0 while it caused
     * none (a fact's decisions fold before it): what a restart issues itself reaches the restarted
     * host. Back to 0 once each fact has folded, so never in a checkpoint.
     */
    private transient long firstOfFact;

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

    /** Whether catch-up names the draft may have changed (named, unnamed, dismissed, delivered): for the fold only. */
    public void recheck(Draft d) {
        if (!ordered) return;
        removeFrom(unnamed, d);
        if (d.awaitsNaming()) unnamed.computeIfAbsent(d.agent, a -> new TreeSet<>(NEWEST_FIRST)).add(d);
    }

    /**
     * D7: a notice named these of the resident's drafts, touching them (T2); {@code notice} is its id,
     * or null for a notice from before notice ids, which names a draft for good. For the fold only.
     */
    public void named(String agent, Long notice, List<String> ids, long atMillis) {
        NamingNotice record = null;
        for (int i = 0; i < ids.size(); i++) {
            Draft d = get(agent, ids.get(i));
            if (d == null) continue;
            d.touchedMillis = atMillis;
            d.renameDue = false;
            if (notice == null) {
                d.named = true;
            } else {
                if (record == null) {
                    record = new NamingNotice();
                    record.agent = agent;
                    record.heldBefore = nextSeq;
                    if (firstOfFact == 0) firstOfFact = notice;
                }
                // a notice that lists a draft twice names it once
                if (!record.drafts.contains(d.id)) {
                    record.drafts.add(d.id);
                    d.namings++;
                }
            }
            recheck(d);
        }
        if (record != null) notices.put(notice, record);
    }

    /**
     * D7: a history change took the notice off the resident's current branch: a draft no other
     * notice on the branch names is named again at the next start. An id the engine never gave
     * ({@code lastNotice} is the newest it gave) says the host's history holds what the engine cannot
     * place: every open draft of the resident's is named again (fail closed). An id of another
     * resident's notice, or of one that named nothing still kept, takes nothing away. For the fold only.
     */
    public void noticeRemoved(String agent, long notice, long lastNotice) {
        if (notice < 1 || notice > lastNotice) {
            HashMap<String, Draft> byId = drafts.get(agent);
            if (byId == null) return;
            for (Draft d : byId.values()) {
                if (d.delivered || d.dismissed) continue;
                d.renameDue = true;
                recheck(d);
            }
            return;
        }
        NamingNotice n = notices.get(notice);
        if (n != null && n.agent.equals(agent)) takeOff(n);
    }

    /**
     * D7, fail closed: the host restarted while the resident's turn was open, so it may never have
     * recorded the notices it was given since that turn opened ({@code after}: the newest notice id
     * given before it), whichever turn each belongs to (the seed: "one no notice reached (a crash, an
     * aborted turn)"). Each is taken off the branch as a history change would take it, and a
     * {@code restoredNotices} that names it puts it back. The notices the restart itself issued reach
     * the restarted host: they stay. For the fold only, as the restart's fact folds (after its
     * decisions), before the turn closes.
     */
    public void restarted(String agent, long after) {
        for (Map.Entry<Long, NamingNotice> e : notices.entrySet()) {
            long id = e.getKey();
            if (id <= after || firstOfFact != 0 && id >= firstOfFact) continue;
            if (e.getValue().agent.equals(agent)) takeOff(e.getValue());
        }
    }

    /** Each fact has folded (after its decisions): the next fact's notices are its own. For the fold only. */
    public void factFolded() {
        firstOfFact = 0;
    }

    private void takeOff(NamingNotice n) {
        if (!n.onBranch) return;
        n.onBranch = false;
        for (int i = 0; i < n.drafts.size(); i++) {
            Draft d = get(n.agent, n.drafts.get(i));
            if (d == null || !n.named(d)) continue;
            d.namings--;
            recheck(d);
        }
    }

    /** D7: a history change put the notice back on the resident's current branch (a redo, a switch back). For the fold only. */
    public void noticeRestored(String agent, long notice) {
        NamingNotice n = notices.get(notice);
        if (n == null || !n.agent.equals(agent) || n.onBranch) return;
        n.onBranch = true;
        for (int i = 0; i < n.drafts.size(); i++) {
            Draft d = get(agent, n.drafts.get(i));
            if (d == null || !n.named(d)) continue;
            d.namings++;
            recheck(d);
        }
    }

    /**
     * At a retention checkpoint: a notice that names no draft still kept, held before it and open is
     * forgotten, since no history change can make it matter again. For the fold only.
     */
    public void forgetSpentNotices() {
        notices.values().removeIf(n -> {
            for (int i = 0; i < n.drafts.size(); i++) {
                Draft d = get(n.agent, n.drafts.get(i));
                if (d != null && n.named(d) && !d.delivered && !d.dismissed) return false;
            }
            return true;
        });
    }

    /** The resident's drafts, newest first. */
    public Collection<Draft> newestFirst(String agent) {
        return read(byAge, agent);
    }

    /** The resident's drafts no notice on its branch names, neither dismissed nor delivered, newest first. */
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
        if (d.awaitsNaming()) unnamed.computeIfAbsent(d.agent, a -> new TreeSet<>(NEWEST_FIRST)).add(d);
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
