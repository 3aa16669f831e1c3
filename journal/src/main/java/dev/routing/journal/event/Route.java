package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where one segment of plain speech goes: {@code publish} (channel, server), {@code private}
 * (why), {@code held} (draft, cause) or {@code bounced} (draft).
 */
public record Route(
        @JsonProperty(required = true) String kind,
        String channel,
        String server,
        String why,
        String draft,
        String cause) {

    public static Route publish(String channel, String server) {
        return new Route("publish", channel, server, null, null, null);
    }

    public static Route keptPrivate(String why) {
        return new Route("private", null, null, why, null, null);
    }

    public static Route held(String draft, String cause) {
        return new Route("held", null, null, null, draft, cause);
    }

    public static Route bounced(String draft) {
        return new Route("bounced", null, null, null, draft, null);
    }

    @JsonIgnore
    public boolean isPublish() {
        return "publish".equals(kind);
    }
}
