package dev.routing.engine.attempts;

import dev.routing.projections.EngineState;
import dev.routing.projections.roster.Roster;
import java.util.ArrayList;
import java.util.List;

/**
 * A channel a selector resolves to, or why it does not (RULES O4): an empty selector, an unknown
 * channel, one that two servers share (refused rather than guessed), or an inbound-only one.
 */
public record Destination(String channel, String server, String refusal) {

    public boolean ok() {
        return refusal == null;
    }

    public static Destination resolve(EngineState state, String selector, String server) {
        if (selector == null || selector.isBlank()) return refused("an empty channel selector names no channel");
        List<Roster.Resolved> found = onServer(state.roster.resolve(selector), server);
        if (found.isEmpty()) return refused("no registered channel is named '" + selector.trim() + "'");
        if (found.size() > 1) {
            boolean oneId = found.stream().map(Roster.Resolved::channel).distinct().count() == 1;
            if (oneId) {
                String servers = String.join(", ", found.stream().map(Roster.Resolved::server).toList());
                return refused("'" + selector.trim() + "' is registered by more than one server (" + servers
                        + "): name the server; nothing was sent to a guessed one");
            }
            String channels = String.join(", ", found.stream().map(r -> r.channel() + " on " + r.server()).toList());
            return refused("'" + selector.trim() + "' names more than one channel (" + channels
                    + "): name one by its id; nothing was sent to a guessed one");
        }
        Roster.Resolved r = found.get(0);
        if (r.info().inboundOnly) return refused("'" + selector.trim() + "' is inbound-only: its server takes no posts");
        return new Destination(r.channel(), r.server(), null);
    }

    /**
     * The registrations on the named server; all of them when it names none. A loop, not a stream:
     * every routed segment resolves its destination, and most name their server.
     */
    public static List<Roster.Resolved> onServer(List<Roster.Resolved> found, String server) {
        if (server == null || server.isBlank()) return found;
        String wanted = server.trim();
        List<Roster.Resolved> on = new ArrayList<>(1);
        for (Roster.Resolved r : found) {
            if (r.server().equals(wanted)) on.add(r);
        }
        return on;
    }

    /** O4: a server selector supplied empty is refused, never read as absent. */
    public static final String EMPTY_SERVER = "an empty server selector names no server: name one or leave it out";

    public static Destination refused(String why) {
        return new Destination(null, null, why);
    }
}
