package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/**
 * A publish attempt, journaled and synced before the host sends anything (J3). A drafts resend
 * sends one draft at a time: {@code queued} are the drafts it still owns, each sent once the one
 * before it is delivered (D4), under the same {@code confirmDuplicate}. {@code envelope}: the words an
 * envelope addressed (explicit and hybrid mode, its sticky target's included), whose provably failed
 * delivery bounces them into a draft; absent for any other attempt.
 */
@JsonTypeName("publish.requested")
public record PublishRequested(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long attempt,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String channel,
        String server,
        @JsonProperty(required = true) String text,
        List<String> drafts,
        @JsonProperty(required = true) String via,
        Long turn,
        List<String> queued,
        Boolean confirmDuplicate,
        Boolean envelope) implements Decision {

    public PublishRequested {
        drafts = Lists.orEmpty("drafts", drafts);
        queued = Lists.orEmpty("queued", queued);
        if (confirmDuplicate == null) confirmDuplicate = false;
    }

    /** An attempt with nothing queued behind it. */
    public PublishRequested(Instant at, Long attempt, String agent, String channel, String server, String text,
            List<String> drafts, String via, Long turn) {
        this(at, attempt, agent, channel, server, text, drafts, via, turn, null, null, null);
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
