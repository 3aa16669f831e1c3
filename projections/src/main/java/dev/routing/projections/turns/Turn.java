package dev.routing.projections.turns;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One open logical turn: what its start froze, and what its rounds have done so far.
 *
 * <p>Its collections start as shared empty ones and are made on their first write (the methods
 * below): most turns write two or three of the nine, and a fold opens a turn every dozen entries.
 * Each stays sorted (a set in a checkpoint is written in its own order), and a restore reads each
 * back as the sorted kind it names.
 */
public final class Turn {
    public long id;
    public String agent;
    public Mode mode;
    public LocusPolicy locusPolicy;
    public String home;
    /** The tool names the agent could call when the turn opened (its {@code agent.configured} tools); null means every tool. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public List<String> tools;

    public boolean isPrivate;
    public String why;
    /** The channel unprefixed speech goes to in locus mode, frozen at the start (M1). */
    public String locus;
    public String locusServer;
    /** {@code focus} or {@code latest-inbound} when the locus came from a fallback. */
    public String fallback;
    /** The channel whose wake triggered the turn. */
    public String trigger;
    /** M6, M7: whether the agent may call the tool in this turn (its tools as the turn opened); a call it may not make counts for nothing. */
    public boolean mayCall(String tool) {
        return AgentConfigured.allows(tools, tool);
    }

    /**
     * The turn's own channel, where 0.30.0 sends a {@code channel_publish} that names none: its
     * locus, else its trigger, else its fork's home; null for a private turn, which has none (P4).
     */
    public String channel() {
        if (isPrivate) return null;
        return locus != null ? locus : trigger != null ? trigger : home;
    }

    /** explicit and hybrid mode's sticky destination (M2, M3); {@code skip_reply} in hybrid keeps speech private. */
    public String sticky;
    /**
     * The sticky value hybrid mode holds after a malformed, unresolved or undelivered envelope: the
     * rest of the turn's plain speech is held as drafts until an envelope names a destination (M2).
     */
    public static final String HELD = "(held)";
    public String stickyServer;

    /** M6: channels a send of this turn may have posted to; {@link #holdAnywhere} when unreadable. */
    public SortedSet<String> holdPlaces = Collections.emptySortedSet();
    public boolean holdAnywhere;

    /** Channels this turn sent to, or may have (its attempts, its send tools' places): where a follow-up comes (P15). */
    public SortedSet<String> sentTo = Collections.emptySortedSet();
    /** Channels a notice of this turn already named (P15's "once"). */
    public SortedSet<String> channelsNamed = Collections.emptySortedSet();
    public boolean privateNoticeGiven;
    /**
     * M3: bounce wakes in a row as this turn counts them: what a turn opened by bounce wakes alone
     * carried in, and its own waking bounces since (a delivered envelope resets it). A late bounce of
     * another turn writes to that turn, never to this one. Left out of a checkpoint while 0.
     */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public int bounceStreak;
    /**
     * D7: the newest notice id given before the turn opened. A restart while it is open takes the
     * agent's notices given since off the branch: the host may never have recorded them. Left out
     * of a checkpoint while 0, as in every journal from before notice ids.
     */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public long noticesBefore;
    /** A heartbeat's turn takes no channel and holds its speech as drafts (M1a). */
    public boolean heartbeat;

    /** The current start is a silent heartbeat tick. */
    public boolean startSilent;
    /** The current start's stream has begun (its first round). */
    public boolean streamBegun;
    /** The stored private input (P7) the current start read: what its first round spends. */
    public SortedSet<String> markAtStart = Collections.emptySortedSet();
    public int rounds;

    /** why -> segments kept private in this turn, for the receipt. */
    public SortedMap<String, Integer> keptPrivate = Collections.emptySortedMap();
    /** attempt -> its channel: what this turn requested, for the receipt. */
    public SortedMap<Long, String> attempts = Collections.emptySortedMap();
    /** attempt -> its settled outcome, for the receipt (the attempt book lets settled attempts go). */
    public SortedMap<Long, String> outcomes = Collections.emptySortedMap();
    /** D7: the receipt waits while one of the turn's attempts is still out. */
    public boolean attemptsOut(dev.routing.projections.publish.AttemptBook book) {
        if (attempts.isEmpty()) return false;
        for (Long id : attempts.keySet()) {
            if (book.out.containsKey(id)) return true;
        }
        return false;
    }

    /** The turn writes a receipt at its end (locus, hybrid, disabled and named mode), once it has spoken. */
    public boolean writesReceipt() {
        return mode != Mode.EXPLICIT && rounds > 0;
    }

    /** Drafts this turn held, for the receipt. */
    public List<String> drafts = List.of();
    /** Drafts held since the last notice that named them (D7). */
    public List<String> unnamedDrafts = List.of();

    /** M6: a send of this turn may have posted to the place. */
    public void holdPlace(String place) {
        holdPlaces = growable(holdPlaces);
        holdPlaces.add(place);
    }

    /** M6: fresh conversational input ends an explicit send's hold. */
    public void endHold() {
        if (!holdPlaces.isEmpty()) holdPlaces = Collections.emptySortedSet();
        holdAnywhere = false;
    }

    public void sentTo(String channel) {
        sentTo = growable(sentTo);
        sentTo.add(channel);
    }

    public void named(List<String> channels) {
        if (channels.isEmpty()) return;
        channelsNamed = growable(channelsNamed);
        channelsNamed.addAll(channels);
    }

    /** The current start read this stored private input (a copy: the mark moves on without it). */
    public void markAtStart(SortedSet<String> mark) {
        markAtStart = mark == null || mark.isEmpty() ? Collections.emptySortedSet() : new TreeSet<>(mark);
    }

    public void keptPrivate(String why) {
        if (!(keptPrivate instanceof TreeMap)) keptPrivate = new TreeMap<>();
        keptPrivate.merge(why, 1, Integer::sum);
    }

    public void requested(Long attempt, String channel) {
        if (!(attempts instanceof TreeMap)) attempts = new TreeMap<>();
        attempts.put(attempt, channel);
        sentTo(channel);
    }

    public void settled(Long attempt, String outcome) {
        if (!(outcomes instanceof TreeMap)) outcomes = new TreeMap<>();
        outcomes.put(attempt, outcome);
    }

    public void held(String draft, boolean quiet) {
        if (!(drafts instanceof ArrayList)) drafts = new ArrayList<>();
        drafts.add(draft);
        if (quiet) return;
        if (!(unnamedDrafts instanceof ArrayList)) unnamedDrafts = new ArrayList<>();
        unnamedDrafts.add(draft);
    }

    /** D7: a notice named these drafts. */
    public void draftsNamed(List<String> ids) {
        if (!ids.isEmpty() && !unnamedDrafts.isEmpty()) unnamedDrafts.removeAll(ids);
    }

    /** A shared empty set the first time a turn writes it, else the set itself. */
    private static SortedSet<String> growable(SortedSet<String> set) {
        return set instanceof TreeSet ? set : new TreeSet<>();
    }
}
