package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A tool call made beside a round's plain speech. */
public record Call(
        @JsonProperty(required = true) String tool,
        String channel,
        String server,
        String text,
        String action,
        List<String> draftIds,
        Boolean confirmDuplicate,
        Boolean permitted,
        Boolean fromScript) {

    public Call {
        draftIds = Lists.orEmpty("draftIds", draftIds);
        if (confirmDuplicate == null) confirmDuplicate = false;
        if (permitted == null) permitted = true;
        if (fromScript == null) fromScript = false;
    }

    public static Call of(String tool) {
        return new Call(tool, null, null, null, null, null, null, null, null);
    }

    public boolean namesChannel() {
        return channel != null && !channel.isBlank();
    }
}
