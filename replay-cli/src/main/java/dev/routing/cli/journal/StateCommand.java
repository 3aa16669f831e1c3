package dev.routing.cli.journal;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WindowOption;
import dev.routing.cli.progress.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.Replay;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "state", header = "Prints what the engine knows (its projections) as JSON, now or as it stood at an instant.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "--at replays from the nearest checkpoint before the instant, not from the start."})
public final class StateCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--at", paramLabel = "INSTANT", description = "replay up to this instant (ISO-8601 UTC)")
    String at;

    @Option(names = "--agent", paramLabel = "AGENT", description = "only what concerns this agent")
    String agent;

    @Override
    public Integer call() {
        Instant instant = WindowOption.instant("--at", at);
        try (Journal j = journal.reader()) {
            Progress progress = new Progress("replay", 0);
            Replay.Result result = instant == null ? Replay.restore(j, progress) : Replay.at(j, instant, progress);
            progress.done();
            JsonNode tree = StateCodec.toTree(result.state());
            if (agent != null) {
                tree = forAgent((ObjectNode) tree, agent);
                if (!mentions(tree, agent)) {
                    throw new BadInputException("--agent: no agent '" + agent + "' in this journal" + (instant == null ? "" : " by " + at));
                }
            }
            System.out.println(StateCodec.pretty(tree));
        }
        return ExitCodes.OK;
    }

    /** Keeps, at any depth, only map entries keyed by the agent, and open turns and attempts that are its own. */
    static JsonNode forAgent(ObjectNode state, String agent) {
        // The top level holds the books, two of them named like the maps inside them ("drafts",
        // "attempts"): prune inside each book, never treat a book itself as a per-agent map.
        state.forEach(book -> prune(book, agent));
        return state;
    }

    private static void prune(JsonNode node, String agent) {
        if (!node.isObject()) return;
        ObjectNode object = (ObjectNode) node;
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            if (isAgentMap(field.getKey())) {
                ObjectNode only = object.objectNode();
                if (value.has(agent)) only.set(agent, value.get(agent));
                field.setValue(only);
            } else if ("open".equals(field.getKey()) && value.isObject()) {
                ObjectNode only = object.objectNode();
                value.fields().forEachRemaining(t -> {
                    if (agent.equals(t.getValue().path("agent").asText())) only.set(t.getKey(), t.getValue());
                });
                field.setValue(only);
            } else if ("attempts".equals(field.getKey()) && value.isObject()) {
                ObjectNode only = object.objectNode();
                value.fields().forEachRemaining(a -> {
                    if (agent.equals(a.getValue().path("agent").asText())) only.set(a.getKey(), a.getValue());
                });
                field.setValue(only);
            } else {
                prune(value, agent);
            }
        }
    }

    /** Whether anything the state keeps, pruned to the agent, is the agent's: a key of one of its maps, or an {@code agent} field. */
    private static boolean mentions(JsonNode node, String agent) {
        if (!node.isContainerNode()) return false;
        if (node.isObject() && (node.has(agent) || agent.equals(node.path("agent").asText(null)))) return true;
        for (JsonNode child : node) {
            if (mentions(child, agent)) return true;
        }
        return false;
    }

    private static boolean isAgentMap(String key) {
        return switch (key) {
            case "agents", "focus", "openByAgent", "wakes", "newestInbound", "bounceStreak", "messages", "mark",
                    "lastTold", "drafts", "latestBounce", "letGo", "forgotten" -> true;
            default -> false;
        };
    }
}
