package dev.routing.engine.drafts;

import java.util.HashSet;
import java.util.Set;

/**
 * The drafts a round's own calls take, worked out before the round is routed: those a resend of the
 * round sends now or queues, and those a dismissal of the round sets aside. A later call of the
 * round, and the round's {{unsent}}, read a draft as these calls leave it (D4, D5), as they would
 * had each call been carried out before the next was read.
 */
public final class Claims {
    /** Claims of no round: a settle's resend chain reads the drafts as they stand. */
    public static final Claims NONE = new Claims();

    // Made on the first claim: every round has its Claims, and few rounds claim anything.
    private Set<String> sending;
    private Set<String> queued;
    private Set<String> dismissed;

    public boolean sending(String id) {
        return sending != null && sending.contains(id);
    }

    public boolean queued(String id) {
        return queued != null && queued.contains(id);
    }

    public boolean dismissed(String id) {
        return dismissed != null && dismissed.contains(id);
    }

    /** Taken by a call of this round: {{unsent}} leaves it to that call. */
    public boolean taken(String id) {
        return sending(id) || queued(id) || dismissed(id);
    }

    void send(String id) {
        if (sending == null) sending = new HashSet<>();
        sending.add(id);
    }

    void queue(Iterable<String> ids) {
        if (queued == null) queued = new HashSet<>();
        ids.forEach(queued::add);
    }

    void dismiss(String id) {
        if (dismissed == null) dismissed = new HashSet<>();
        dismissed.add(id);
    }
}
