package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** The agent's context moved: undo, rollback, hide, redo, branch switch. Drafts never change with it. */
@JsonTypeName("history.changed")
public record HistoryChanged(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        String branch,
        List<String> removed,
        List<String> restored) implements Fact {

    public HistoryChanged {
        removed = Lists.orEmpty("removed", removed);
        restored = Lists.orEmpty("restored", restored);
    }
}
