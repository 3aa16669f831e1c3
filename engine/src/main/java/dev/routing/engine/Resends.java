package dev.routing.engine;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.JournalWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A fact resent (J7): numbered at or below the last seq journaled, it is answered from the journal
 * with the decisions it got the first time, never decided twice. A resend goes on from the
 * group the last resent fact was found in, so a host resending everything after a crash reads the
 * journal once, forward.
 */
final class Resends {
    private final JournalWriter journal;
    /** The group the last fact answered from the journal was found in: a resend goes on from there. */
    private long resentIndex = -1;
    private long resentSeq = Group.NO_SEQ;

    Resends(JournalWriter journal) {
        this.journal = journal;
    }

    /** See {@link Engine#journaled}: {@code seq} is at or below {@code lastSeq}, the last journaled. */
    Engine.Accepted answer(Fact fact, long seq, long lastSeq) {
        // Forward from the last fact resent; else from whichever end the seq is nearer (a host
        // resending from seq 1 after a crash would otherwise read the whole journal back to it).
        long from = resentSeq != Group.NO_SEQ && resentSeq < seq ? resentIndex : seq <= lastSeq / 2 ? journal.firstIndex() : -1;
        long index = journal.indexOfSeq(seq, from);
        List<Entry> entries = new ArrayList<>();
        if (index >= 0) {
            journal.read(index, index + 1, r -> {
                if (r.seq() == seq) entries.add(r.entry());
            });
        }
        if (entries.isEmpty()) {
            throw new BadEntryException("seq", "seq " + seq + " is not above the last seq journaled (" + lastSeq + "), and no"
                    + " fact was journaled under it: a host's seqs increase, so this one went back. Nothing was journaled", null);
        }
        // The numbered fact is its group's last: after engine.started in a journal's first group, and in an opening.
        Fact numbered = null;
        List<Decision> decisions = new ArrayList<>();
        for (Entry e : entries) {
            if (e instanceof Fact f) numbered = f;
            else if (e instanceof Decision d) decisions.add(d);
        }
        if (numbered == null) throw new IllegalStateException("the group numbered " + seq + " holds no fact");
        if (!fact.equals(numbered)) {
            throw new BadEntryException("seq", "seq " + seq + " was journaled for another fact, the " + numbered.type() + " at "
                    + numbered.at() + " (index 0x" + Long.toHexString(index) + "): a seq names one fact, so this "
                    + fact.type() + " was not journaled", null);
        }
        resentIndex = index;
        resentSeq = seq;
        return new Engine.Accepted(index, seq, List.copyOf(decisions), true);
    }
}
