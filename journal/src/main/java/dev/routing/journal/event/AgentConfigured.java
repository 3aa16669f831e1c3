package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** An agent exists or changes settings; the settings take effect at its next turn. */
@JsonTypeName("agent.configured")
public record AgentConfigured(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) Mode mode,
        LocusPolicy locusPolicy,
        List<String> tools,
        Boolean run,
        String home) implements Fact {

    public AgentConfigured {
        if (locusPolicy == null) locusPolicy = LocusPolicy.DELIVERY;
        if (run == null) run = false;
        if (tools != null) tools = List.copyOf(tools);
    }

    /** Whether the agent may call a tool: {@code tools} absent means every tool. */
    public boolean mayCall(String tool) {
        return allows(tools, tool);
    }

    /** Whether a tools list lets the agent call the tool: a list absent (null) lets it call every tool. */
    public static boolean allows(List<String> tools, String tool) {
        return tools == null || tools.contains(tool);
    }
}
