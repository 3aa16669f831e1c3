package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * What the resident is told; {@code wake} asks the host to wake the agent, as a bounce does.
 * {@code notice} is its id (1, 2, 3 ... for ever, as turn and attempt ids): the host records it
 * with the notice's message, and names it in a {@code history.changed} that takes the message off,
 * or puts it back on, the agent's current branch. A journal from before notice ids holds notices
 * without one.
 */
@JsonTypeName("notice.issued")
public record NoticeIssued(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String kind,
        Names names,
        @JsonProperty(required = true) String text,
        Boolean wake,
        Long turn,
        @JsonPropertyDescription("The notice's id: 1, 2, 3 ... in journal order, for ever, across restarts. Keep it with"
                + " the notice's message in the agent's history, and name it in history.changed's removedNotices when"
                + " a rollback, an undo or a branch move takes that message off the current branch (or the message was"
                + " never recorded), and in restoredNotices when it comes back. Absent only in journals from before"
                + " notice ids.") Long notice) implements Decision {

    public NoticeIssued {
        if (names == null) names = Names.NONE;
        if (wake == null) wake = false;
    }

    /** A notice not numbered yet: the engine gives it its id as it is emitted. */
    public NoticeIssued(Instant at, String agent, String kind, Names names, String text, Boolean wake, Long turn) {
        this(at, agent, kind, names, text, wake, turn, null);
    }

    /** The same notice under the id {@code notice}. */
    public NoticeIssued numbered(long notice) {
        return new NoticeIssued(at, agent, kind, names, text, wake, turn, notice);
    }
}
