package dev.routing.journal.store;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;

/**
 * The one-byte kind stored beside each entry, so checkpoints are found without decoding JSON. A
 * checkpoint too large for one excerpt is written as a {@code S}tart part, further {@code P}arts,
 * and an {@code E}nd that holds the last part and is the checkpoint's one index.
 */
enum EntryKind {
    FACT('F'), DECISION('D'), CHECKPOINT('C'), CHECKPOINT_START('S'), CHECKPOINT_PART('P'), CHECKPOINT_END('E');

    final byte code;

    EntryKind(char code) {
        this.code = (byte) code;
    }

    static boolean isCheckpoint(byte code) {
        return code == CHECKPOINT.code || code == CHECKPOINT_END.code;
    }

    static boolean isPart(byte code) {
        return code == CHECKPOINT_START.code || code == CHECKPOINT_PART.code;
    }

    static EntryKind of(Entry entry) {
        if (entry instanceof Fact) return FACT;
        if (entry instanceof Decision) return DECISION;
        return CHECKPOINT;
    }
}
