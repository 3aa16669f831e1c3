package dev.routing.journal.store;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;

/** The one-byte kind stored beside each entry, so checkpoints are found without decoding JSON. */
enum EntryKind {
    FACT('F'), DECISION('D'), CHECKPOINT('C');

    final byte code;

    EntryKind(char code) {
        this.code = (byte) code;
    }

    static EntryKind of(Entry entry) {
        if (entry instanceof Fact) return FACT;
        if (entry instanceof Decision) return DECISION;
        return CHECKPOINT;
    }
}
