package dev.routing.journal.store;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TurnEnded;
import java.time.Instant;

/** Entries for journal tests, built from their JSON so that new optional fields break nothing here. */
public final class Entries {
    private Entries() {}

    public static MessageReceived message(Instant at, String id) {
        return (MessageReceived) EntryCodec.readFact("{\"type\":\"message.received\",\"at\":\"" + at
                + "\",\"id\":\"" + id + "\",\"agent\":\"qa\",\"kind\":\"external-message\",\"writer\":\"host\",\"text\":\"status of " + id + "?\"}");
    }

    /** A durable entry (J3): the attempt is synced before append returns. */
    public static PublishRequested publish(Instant at, long attempt) {
        return (PublishRequested) EntryCodec.readEntry("{\"type\":\"publish.requested\",\"at\":\"" + at
                + "\",\"attempt\":" + attempt + ",\"agent\":\"qa\",\"channel\":\"work\",\"server\":\"discord\","
                + "\"text\":\"attempt " + attempt + "\",\"via\":\"speech\"}");
    }

    public static StateCheckpoint checkpoint(Instant at, long through) {
        return (StateCheckpoint) EntryCodec.readEntry("{\"type\":\"state.checkpoint\",\"at\":\"" + at
                + "\",\"through\":" + through + ",\"entries\":" + (through + 1) + ",\"state\":{\"n\":" + through + "}}");
    }

    /**
     * The stored bytes of a turn.ended whose instant is epoch second -1 (zigzag 1), which no reader
     * takes: a journal rewritten with them in place of an entry has its checksum made right around
     * them, so the entry is undecodable while its excerpt is whole.
     */
    public static byte[] unreadable() {
        byte[] stored = EntryCodec.store(new TurnEnded(Instant.EPOCH, 7L));
        int second = 1 + "turn.ended".length() + 1;
        if (stored[second] != 0) throw new IllegalStateException("turn.ended's stored form moved: its instant is not where this expects");
        stored[second] = 1;
        return stored;
    }

    public static Entry withAt(Entry entry, Instant at) {
        String json = EntryCodec.toJson(entry).replace("\"at\":\"" + entry.at() + "\"", "\"at\":\"" + at + "\"");
        return EntryCodec.readEntry(json);
    }
}
