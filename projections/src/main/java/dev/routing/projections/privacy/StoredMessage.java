package dev.routing.projections.privacy;

import dev.routing.journal.event.MessageReceived;
import java.util.List;

/** What the privacy record keeps of a stored message. */
public final class StoredMessage {
    public String kind;
    public String channel;
    public String server;
    public boolean addressed;
    public List<String> tags;
    /** A private surface's message (P1). */
    public boolean surface;
    /** The turn whose work this is, when the host marked it (P2, P3). */
    public Long workTurn;
    /** On the agent's current history branch (P9 reads only these). */
    public boolean onBranch = true;
    /** A start or a live boundary has taken it in. */
    public boolean read;

    public static StoredMessage of(MessageReceived m) {
        StoredMessage s = new StoredMessage();
        s.kind = m.kind();
        s.channel = m.namesChannel() ? m.channel().trim() : null;
        s.server = m.server();
        s.addressed = m.addressed();
        s.tags = m.tags();
        s.surface = Classification.isPrivateSurface(m);
        s.workTurn = Classification.workTurn(m);
        return s;
    }

    /** Ambient and system messages' wakes are dropped once answered; P15 names no such channel. */
    public boolean ambientOrSystem() {
        return tags != null && (tags.contains("ambient") || tags.contains("system"));
    }
}
