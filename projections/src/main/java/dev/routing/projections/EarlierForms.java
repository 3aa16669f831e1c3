package dev.routing.projections;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.PrivateTurns;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.TurnLedger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads what a checkpoint of an earlier build wrote in a form this build no longer writes, so that
 * a journal upgraded in place restores from its newest checkpoint instead of refusing it. Each
 * form becomes the one that answers as the earlier record did, or more privately: the earlier
 * record's private turn floor marks every id below it private; the public ids it let go are kept
 * as let go on the checkpoint's own day; the turns whose owners it kept are kept with no channel.
 */
final class EarlierForms {
    private EarlierForms() {}

    /** The state tree in this build's form: the same tree when it is, else an upgraded copy (the checkpoint's own is left as read). */
    static JsonNode upgrade(JsonNode tree) {
        boolean earlier = tree.path("turns").has("owners");
        if (!earlier || !(tree instanceof ObjectNode)) return tree;
        ObjectNode state = ((ObjectNode) tree).deepCopy();
        long day = Retention.day(state.path("clockMillis").asLong());
        long nextTurn = state.path("nextTurn").asLong(1);
        if (state.get("privacy") instanceof ObjectNode privacy) upgradePrivacy(privacy, day, nextTurn);
        if (state.get("turns") instanceof ObjectNode turns) upgradeTurns(turns, day, state.path("roster").path("agents"));
        return state;
    }

    /** Issue 25's build: the highest 4,096 private turn ids and a floor; each agent's newest 1,024 ids let go. */
    private static void upgradePrivacy(ObjectNode privacy, long day, long nextTurn) {
        JsonNode turns = privacy.get("privateTurns");
        if (turns != null && turns.isArray()) {
            List<Long> kept = new ArrayList<>();
            turns.forEach(t -> kept.add(t.asLong()));
            JsonNode floor = privacy.remove("floor");
            privacy.set("privateTurns", StateCodec.toTreeOf(PrivateTurns.fromEarlierForm(kept, floor == null ? 0 : floor.asLong(), nextTurn)));
        }
        if (privacy.get("forgotten") instanceof ObjectNode forgotten) {
            forgotten.fields().forEachRemaining(agent -> {
                JsonNode ids = agent.getValue();
                if (!ids.isObject()) return;
                List<String> order = new ArrayList<>();
                ids.path("order").forEach(id -> order.add(id.asText()));
                Map<String, Long> readIn = new HashMap<>();
                ids.path("readIn").fields().forEachRemaining(r -> readIn.put(r.getKey(), r.getValue().asLong()));
                agent.setValue(StateCodec.toTreeOf(ForgottenIds.fromEarlierForm(order, readIn, day)));
            });
        }
    }

    /**
     * The owners of the newest 4,096 turns, before the ledger kept every turn retention keeps; and
     * the tools of each open turn, which that build did not copy into a turn: the agent's own.
     */
    private static void upgradeTurns(ObjectNode turns, long day, JsonNode agents) {
        JsonNode owners = turns.remove("owners");
        TreeMap<Long, String> byId = new TreeMap<>();
        owners.fields().forEachRemaining(o -> byId.put(Long.parseLong(o.getKey()), o.getValue().asText()));
        turns.set("ledger", StateCodec.toTreeOf(TurnLedger.fromEarlierForm(byId, day)));
        turns.path("open").forEach(turn -> {
            JsonNode tools = agents.path(turn.path("agent").asText()).get("tools");
            if (turn instanceof ObjectNode t && tools != null && !tools.isNull() && !t.has("tools")) t.set("tools", tools);
        });
    }
}
