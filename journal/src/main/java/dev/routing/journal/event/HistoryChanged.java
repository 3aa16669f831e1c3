package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/**
 * The agent's context moved: undo, rollback, hide, redo, branch switch. Drafts never change with it,
 * but whether one counts as named does (D7): {@code removedNotices} are the ids of the engine's
 * notices whose messages are no longer on the current branch, {@code restoredNotices} those back on it.
 */
@JsonTypeName("history.changed")
public record HistoryChanged(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        String branch,
        List<String> removed,
        List<String> restored,
        @JsonPropertyDescription("Ids of the engine's notices (notice.issued's notice) whose messages are no longer on"
                + " the agent's current branch, or were never recorded: the drafts they named are named again at the"
                + " agent's next turn start (catch-up) unless another notice on the branch names them. An id the engine"
                + " never gave names every open draft of the agent's again.") List<Long> removedNotices,
        @JsonPropertyDescription("Ids of the engine's notices whose messages are back on the agent's current branch (a"
                + " redo, a switch back), or found there after a restart took them off (those given while the agent's"
                + " turn was open at the restart): the drafts they named count as named again.") List<Long> restoredNotices) implements Fact {

    public HistoryChanged {
        removed = Lists.orEmpty("removed", removed);
        restored = Lists.orEmpty("restored", restored);
        removedNotices = Lists.orEmpty("removedNotices", removedNotices);
        restoredNotices = Lists.orEmpty("restoredNotices", restoredNotices);
    }

    /** A change of messages only. */
    public HistoryChanged(Instant at, String agent, String branch, List<String> removed, List<String> restored) {
        this(at, agent, branch, removed, restored, null, null);
    }
}
