package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** A routing-relevant call a script makes, judged by the turn that started the script as it stands now. */
@JsonTypeName("script.called")
public record ScriptCalled(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) String tool,
        String channel,
        String server,
        String text) implements Fact {

    public boolean namesChannel() {
        return channel != null && !channel.isBlank();
    }
}
