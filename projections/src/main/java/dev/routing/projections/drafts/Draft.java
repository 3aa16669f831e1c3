package dev.routing.projections.drafts;

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
    /** A notice has named it (D7); catch-up names those no notice reached. */
    public boolean named;

    /** D6: delivered > dismissed > unconfirmed > held; attempting while an attempt is out. */
    public String state() {
        if (delivered) return "delivered";
        if (dismissed) return "dismissed";
        if (outAttempt != null) return "attempting";
        if (unconfirmed) return "unconfirmed";
        return "held";
    }
}
