package dev.routing.projections.publish;

import java.util.List;

/** One publish attempt: what was requested, and its outcome once settled (null while out). */
public final class Attempt {
    public long id;
    public String agent;
    public String channel;
    public String server;
    public String via;
    /** The words requested, exactly. */
    public String text;
    /** A resend's drafts still waiting behind this attempt, in order (D4). */
    public List<String> queued = List.of();
    public boolean confirmDuplicate;
    /** An envelope's words (explicit and hybrid): a provably failed delivery bounces them. */
    public boolean envelope;
    public List<String> drafts;
    public Long turn;
    /** Requested by a turn that was private then: its failure is a private bounce, never a draft (P12). */
    public boolean privateTurn;
    public long requestedAtMillis;
    /** When the outcome was first known (0 while out). */
    public long settledAtMillis;
    /** {@code delivered}, {@code failed}, {@code unknown}, or null while the attempt is out. */
    public String outcome;

    public boolean out() {
        return outcome == null;
    }
}
