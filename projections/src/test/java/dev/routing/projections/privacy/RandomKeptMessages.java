package dev.routing.projections.privacy;

import java.util.List;
import java.util.Random;

/** Kept messages for the seals' property tests: random ones of every shape a record keeps, and copies to store twice. */
final class RandomKeptMessages {
    private RandomKeptMessages() {}

    static StoredMessage message(Random random) {
        StoredMessage m = new StoredMessage();
        m.kind = random.nextBoolean() ? "channel-message" : "dm";
        m.channel = random.nextBoolean() ? "general" : null;
        m.surface = random.nextInt(4) == 0;
        m.addressed = random.nextBoolean();
        if (random.nextInt(3) == 0) m.tags = random.nextBoolean() ? List.of() : List.of("ambient");
        if (random.nextInt(3) == 0) m.workTurn(random.nextInt(9) - 1);
        m.onBranch = random.nextInt(5) > 0;
        if (random.nextInt(10) == 0) m.unclassified = StoredMessage.REUSED;
        if (random.nextInt(6) == 0) m.read = true;
        return m;
    }

    /** Every field of {@code m}, in a message of its own. */
    static StoredMessage copy(StoredMessage m) {
        StoredMessage c = new StoredMessage();
        c.kind = m.kind;
        c.channel = m.channel;
        c.server = m.server;
        c.addressed = m.addressed;
        c.tags = m.tags;
        c.surface = m.surface;
        if (m.isWork()) c.workTurn(m.workTurn());
        c.onBranch = m.onBranch;
        c.read = m.read;
        if (m.hasReadIn()) c.readFirstIn(m.readIn());
        c.unclassified = m.unclassified;
        return c;
    }
}
