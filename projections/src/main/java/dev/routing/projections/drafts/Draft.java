package dev.routing.projections.drafts;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/** One draft: the resident's exact words, why they were held, and what happened to them since. */
public final class Draft {
    public String id;
    public String agent;
    public String cause;
    public String text;
    /** The words may already have been posted (an unknown attempt, or copied from such a draft). */
    public boolean risk;
    /** Order of holding within the resident's drafts: newest is highest. */
    public long seq;
    public Long turn;
    public long heldAtMillis;
    /** When anything last happened to it: held, named, attempted, answered, dismissed (T2). */
    public long touchedMillis;
    public final List<Long> attempts = new ArrayList<>();
    /** The attempt in flight, if any: a draft is never let go or dismissed while one is out. */
    public Long outAttempt;
    /** The attempt of a resend this draft waits behind: the resend owns it until then (D4). */
    public Long queuedBehind;
    public boolean delivered;
    public boolean dismissed;
    /** An attempt of unknown outcome: it may have been posted. */
    public boolean unconfirmed;
    /**
     * A notice with no id has named it (D7): a journal from before notice ids. No history change can
     * take such a notice away, so the draft counts as named for good.
     */
    public boolean named;
    /**
     * D7: how many notices naming it are on the agent's current branch, by id (a history change
     * takes them off and puts them back). Left out of a checkpoint while 0.
     */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public int namings;
    /**
     * D7, fail closed: a history change named a notice id the engine never gave, so which notices it
     * took away is unknown: the draft is named again at the next start, whatever names it now.
     */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public boolean renameDue;

    /**
     * D7: catch-up names it at the next start: neither delivered nor dismissed, and no notice on the
     * current branch names it (or which do is unknown).
     */
    public boolean awaitsNaming() {
        return !delivered && !dismissed && (renameDue || (!named && namings == 0));
    }

    /** D6: delivered > dismissed > unconfirmed > held; attempting while an attempt is out. */
    public String state() {
        if (delivered) return "delivered";
        if (dismissed) return "dismissed";
        if (outAttempt != null) return "attempting";
        if (unconfirmed) return "unconfirmed";
        return "held";
    }
}
