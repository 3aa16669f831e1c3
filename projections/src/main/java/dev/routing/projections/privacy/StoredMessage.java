package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSetter;
import dev.routing.journal.event.MessageReceived;
import java.util.List;

/**
 * What the privacy record keeps of a stored message. Its two turn ids are held unboxed, each with
 * whether it has one (any long is a turn id a host may send, so no value can stand for none): a
 * boxed id was 24 bytes more a message, 6 MB of a restore's heap at 10 M messages. The checkpoint's
 * form is as it was: {@code workTurn} and {@code readIn} a number, or absent when there is none.
 * The fields are {@code transient} so the mapper neither writes them nor knows their names: a
 * checkpoint naming one is refused as any unknown field is.
 */
@JsonPropertyOrder({"kind", "channel", "server", "addressed", "tags", "surface", "workTurn", "onBranch", "read", "readIn", "unclassified"})
public final class StoredMessage {
    public String kind;
    public String channel;
    public String server;
    public boolean addressed;
    public List<String> tags;
    /** A private surface's message (P1). */
    public boolean surface;
    /** The turn whose work this is, when the host marked it (P2, P3): {@link #workTurn()}. */
    private transient boolean isWork;
    private transient long workTurn;
    /** On the agent's current history branch (P9 reads only these). */
    public boolean onBranch = true;
    /** A start or a live boundary has taken it in. */
    public boolean read;
    /** The turn whose start or live boundary first read it (P15: judged as that turn stands): {@link #readIn()}. */
    private transient boolean hasReadIn;
    private transient long readIn;
    /**
     * Why the engine cannot tell what the id holds (P2: it then counts as private input), or null
     * when it can: {@link #UNKNOWN} or {@link #REUSED}. Left out of a checkpoint while null.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String unclassified;

    /** Put back on the branch by a history change, yet neither stored nor a public message let go. */
    public static final String UNKNOWN = "unknown-message";
    /** Stored again, classified otherwise, while it named private input or a turn's work. */
    public static final String REUSED = "reused-message-id";

    /**
     * A checkpoint's tags, read: none shares the one empty list (most messages carry none, and a
     * restore at 10 M messages made 149,435 empty lists, 5.5 MB of heap); null stays null, so the
     * state writes back as it was read.
     */
    @JsonSetter("tags")
    void readTags(List<String> read) {
        tags = read == null ? null : read.isEmpty() ? List.of() : read;
    }

    /**
     * A kind, channel or server, shared with every other message that names it: a few dozen words
     * stand in hundreds of thousands of kept messages, and one copy each was 7 MB of a restore's
     * heap at 10 M messages. Interned: equal strings, so no answer changes.
     */
    static String shared(String word) {
        return word == null ? null : word.intern();
    }

    @JsonSetter("kind")
    void readKind(String read) {
        kind = shared(read);
    }

    @JsonSetter("channel")
    void readChannel(String read) {
        channel = shared(read);
    }

    @JsonSetter("server")
    void readServer(String read) {
        server = shared(read);
    }

    /** Whether the host marked it as a turn's work (P2, P3). */
    public boolean isWork() {
        return isWork;
    }

    /** The turn whose work it is; only when {@link #isWork()}. */
    public long workTurn() {
        return workTurn;
    }

    /** Marks it as the work of {@code turn}. */
    public void workTurn(long turn) {
        isWork = true;
        workTurn = turn;
    }

    /** Whether a turn is known to have read it first (a start or a live boundary that named its turn). */
    public boolean hasReadIn() {
        return hasReadIn;
    }

    /** The turn that first read it; only when {@link #hasReadIn()}. */
    public long readIn() {
        return readIn;
    }

    /** Notes the turn that read it, unless one already did: the first reader stays (P15). */
    public void readFirstIn(long turn) {
        if (hasReadIn) return;
        hasReadIn = true;
        readIn = turn;
    }

    @JsonProperty("workTurn")
    private Long workTurnForm() {
        return isWork ? workTurn : null;
    }

    @JsonProperty("workTurn")
    private void workTurnForm(Long turn) {
        isWork = turn != null;
        workTurn = turn == null ? 0 : turn;
    }

    @JsonProperty("readIn")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private Long readInForm() {
        return hasReadIn ? readIn : null;
    }

    @JsonProperty("readIn")
    private void readInForm(Long turn) {
        hasReadIn = turn != null;
        readIn = turn == null ? 0 : turn;
    }

    public static StoredMessage of(MessageReceived m) {
        StoredMessage s = new StoredMessage();
        s.kind = shared(m.kind());
        s.channel = m.namesChannel() ? shared(m.channel().trim()) : null;
        s.server = shared(m.server());
        s.addressed = m.addressed();
        s.tags = m.tags();
        s.surface = Classification.isPrivateSurface(m);
        Long work = Classification.workTurn(m);
        if (work != null) s.workTurn(work);
        return s;
    }

    /** A message id put back on the branch that names nothing the engine stored (P2, P9). */
    public static StoredMessage unknown() {
        StoredMessage s = new StoredMessage();
        s.unclassified = UNKNOWN;
        return s;
    }

    /** Whether it may be private input, now or later (P3: work is judged as its turn stands): kept once read. */
    public boolean mayBePrivate() {
        return surface || isWork || unclassified != null;
    }

    /** Whether the message classifies as {@code other} does: the same kind of source, and the same turn's work. */
    public boolean classifiesAs(StoredMessage other) {
        return surface == other.surface && isWork == other.isWork && workTurn == other.workTurn;
    }

    /** Ambient and system messages' wakes are dropped once answered; P15 names no such channel. */
    public boolean ambientOrSystem() {
        return tags != null && (tags.contains("ambient") || tags.contains("system"));
    }
}
