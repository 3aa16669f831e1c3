package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A message stored in an agent's history. */
@JsonTypeName("message.received")
public record MessageReceived(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String kind,
        String channel,
        String server,
        Boolean addressed,
        List<String> tags,
        String text,
        @JsonProperty(required = true) String writer,
        Long fromTurn,
        Boolean wakes) implements Fact {

    /** Who stored it (RULES P2): only the host may mark a message as a turn's work. */
    public static final List<String> WRITERS = List.of("host", "module", "server");

    public MessageReceived {
        if (addressed == null) addressed = false;
        tags = Lists.orEmpty("tags", tags);
        if (text == null) text = "";
        if (writer == null) throw new BadValue("writer", "writer is required: host, module or server");
        if (!WRITERS.contains(writer)) {
            throw new BadValue("writer", "writer must be host, module or server, not '" + writer + "'");
        }
        if (wakes == null) wakes = true;
    }

    /**
     * The writer of a message journaled before writers were checked: one other than the three was
     * never the host, and the engine read it as a module's (its work mark dropped), so it reads so.
     */
    public static String asJournaled(String writer) {
        return writer == null || WRITERS.contains(writer) ? writer : "module";
    }

    /** Whether the message names a channel; an empty or whitespace-only channel names none (P1). */
    public boolean namesChannel() {
        return channel != null && !channel.isBlank();
    }
}
