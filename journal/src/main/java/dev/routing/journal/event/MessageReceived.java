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
        String writer,
        Long fromTurn,
        Boolean wakes) implements Fact {

    public MessageReceived {
        if (addressed == null) addressed = false;
        tags = Lists.orEmpty(tags);
        if (text == null) text = "";
        if (writer == null) writer = "host";
        if (wakes == null) wakes = true;
    }

    /** Whether the message names a channel; an empty or whitespace-only channel names none (P1). */
    public boolean namesChannel() {
        return channel != null && !channel.isBlank();
    }
}
