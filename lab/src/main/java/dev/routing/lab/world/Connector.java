package dev.routing.lab.world;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import java.util.Random;

/**
 * How a chat server answers a publish attempt. Most are delivered; the rest take every shape the
 * rules read (RULES O1-O3): refused before dispatch, delivered: false naming no message, an error
 * response, no response, a contradictory receipt, no answer at all before the 60 s deadline, and
 * an answer that confirms delivery after the deadline. The week's first attempts take each shape
 * once, so even a short simulation has them all.
 */
final class Connector {
    enum Shape { DELIVERED, NOT_SENT, NOT_DELIVERED, ERROR_RESPONSE, NO_RESPONSE, CONTRADICTORY, SILENT, LATE }

    private final long seed;
    private int first;

    Connector(long seed) {
        this.seed = seed;
    }

    /** Schedules the connector's answer for an attempt, if it answers at all. */
    void answer(World world, PublishRequested p) {
        Random r = new Random(seed * 1_000_003L ^ p.attempt() * 0x9E37_79B9L);
        Shape shape = shape(r);
        long latency = 120 + r.nextInt(1_400);
        long attempt = p.attempt();
        switch (shape) {
            case DELIVERED -> settle(world, latency, attempt, true, "x" + attempt, null, null);
            case NOT_SENT -> settle(world, latency, attempt, null, null, "not-sent", "rate limited: 429, request not sent");
            case NOT_DELIVERED -> settle(world, latency, attempt, false, null, null, null);
            case ERROR_RESPONSE -> settle(world, latency, attempt, null, null, "error-response",
                    "502 Bad Gateway from the chat API: upstream connect error or disconnect/reset before headers");
            case NO_RESPONSE -> settle(world, 30_000 + latency, attempt, null, null, "no-response", "read timed out after 30 s");
            case CONTRADICTORY -> settle(world, latency, attempt, false, "x" + attempt, null, "delivered: false, but a message id came back");
            case SILENT -> { }
            case LATE -> settle(world, 75_000 + latency, attempt, true, "x" + attempt, null, "delivered (late receipt)");
        }
    }

    private Shape shape(Random r) {
        Shape[] all = Shape.values();
        if (first < all.length) return all[first++];
        int x = r.nextInt(1000);
        if (x < 960) return Shape.DELIVERED;
        if (x < 972) return Shape.NOT_SENT;
        if (x < 982) return Shape.NOT_DELIVERED;
        if (x < 986) return Shape.ERROR_RESPONSE;
        if (x < 989) return Shape.NO_RESPONSE;
        if (x < 991) return Shape.CONTRADICTORY;
        if (x < 994) return Shape.SILENT;
        return Shape.LATE;
    }

    private static void settle(World world, long latency, long attempt, Boolean delivered, String messageId, String error,
            String connectorText) {
        long at = world.now() + latency;
        world.schedule(at, () -> {
            ObjectNode data = null;
            if (error != null) {
                data = JsonNodeFactory.instance.objectNode();
                data.put("status", "not-sent".equals(error) ? 429 : "error-response".equals(error) ? 502 : 0);
                data.put("retryAfterMs", "not-sent".equals(error) ? 1500 : 0);
            }
            world.feed(new PublishSettled(world.at(), attempt, delivered, messageId, error, connectorText, data));
        });
    }
}
