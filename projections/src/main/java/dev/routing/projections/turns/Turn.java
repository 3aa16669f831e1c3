package dev.routing.projections.turns;

import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/** One open logical turn: what its start froze, and what its rounds have done so far. */
public final class Turn {
    public long id;
    public String agent;
    public Mode mode;
    public LocusPolicy locusPolicy;
    public String home;

    public boolean isPrivate;
    public String why;
    /** The channel unprefixed speech goes to in locus mode, frozen at the start (M1). */
    public String locus;
    public String locusServer;
    /** {@code focus} or {@code latest-inbound} when the locus came from a fallback. */
    public String fallback;
    /** The channel whose wake triggered the turn. */
    public String trigger;
    /** explicit and hybrid mode's sticky destination (M2, M3); {@code skip_reply} in hybrid keeps speech private. */
    public String sticky;
    /**
     * The sticky value hybrid mode holds after a malformed, unresolved or undelivered envelope: the
     * rest of the turn's plain speech is held as drafts until an envelope names a destination (M2).
     */
    public static final String HELD = "(held)";
    public String stickyServer;

    /** M6: channels a send of this turn may have posted to; {@link #holdAnywhere} when unreadable. */
    public final TreeSet<String> holdPlaces = new TreeSet<>();
    public boolean holdAnywhere;

    /** Channels this turn sent to, or may have (its attempts, its send tools' places): where a follow-up comes (P15). */
    public final TreeSet<String> sentTo = new TreeSet<>();
    /** Channels a notice of this turn already named (P15's "once"). */
    public final TreeSet<String> channelsNamed = new TreeSet<>();
    public boolean privateNoticeGiven;
    /** A heartbeat's turn takes no channel and holds its speech as drafts (M1a). */
    public boolean heartbeat;

    /** The current start is a silent heartbeat tick. */
    public boolean startSilent;
    /** The current start's stream has begun (its first round). */
    public boolean streamBegun;
    /** The stored private input (P7) the current start read: what its first round spends. */
    public final TreeSet<String> markAtStart = new TreeSet<>();
    public int rounds;

    /** why -> segments kept private in this turn, for the receipt. */
    public final TreeMap<String, Integer> keptPrivate = new TreeMap<>();
    /** attempt -> its channel: what this turn requested, for the receipt. */
    public final TreeMap<Long, String> attempts = new TreeMap<>();
    /** attempt -> its settled outcome, for the receipt (the attempt book lets settled attempts go). */
    public final TreeMap<Long, String> outcomes = new TreeMap<>();
    /** D7: the receipt waits while one of the turn's attempts is still out. */
    public boolean attemptsOut(dev.routing.projections.publish.AttemptBook book) {
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
    public final List<String> drafts = new ArrayList<>();
    /** Drafts held since the last notice that named them (D7). */
    public final List<String> unnamedDrafts = new ArrayList<>();
}
