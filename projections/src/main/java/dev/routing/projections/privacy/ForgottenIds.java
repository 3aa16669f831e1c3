package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.routing.projections.retention.DayRuns;
import java.util.List;
import java.util.Map;

/**
 * The ids of one agent's public messages that the record let go once read, exactly, each with the
 * turn that first read it (P2: a wake or a redo naming one is known public, not unknown; P15: one
 * that a turn private now read gets no inferred reply in its channel). An id stays until
 * {@link #expire} lets its day go, so no count of later messages decides whether an old public
 * message is still known to be public (docs/decisions/0004).
 *
 * <p>Each id is kept whole in one byte arena ({@link IdArena}), in the order let go, and found by
 * an open-addressing table of arena offsets ({@link IdTable}). The days that let ids go
 * ({@link DayRuns}) each start a run of the arena: a day that leaves takes its ids out of the table
 * one by one and moves the arena's base past them, so expiry costs what it lets go; the arena is
 * rewritten only once what lies before the base or is dead outweighs what is live. The checkpoint
 * holds it in {@link ForgottenIdsForm}.
 */
public final class ForgottenIds {
    /** {@link #lookup}: the record does not hold the id (from that day). */
    public static final long NOT_HELD = Long.MIN_VALUE;
    /** {@link #lookup}: held, and no turn read it first. */
    public static final long NO_READER = Long.MIN_VALUE + 1;

    final IdArena arena = new IdArena();
    final IdTable table = new IdTable(arena);
    final DayRuns days = new DayRuns();

    /** Whether the id was let go on day {@code fromDay} or later (a day retention still keeps). */
    public boolean holds(String id, long fromDay) {
        return entry(id, fromDay) >= 0;
    }

    /**
     * What the record knows of the id on day {@code fromDay} or later: {@link #NOT_HELD}, {@link #NO_READER}
     * (let go with no turn reading it first), or the turn that first read it.
     */
    public long lookup(String id, long fromDay) {
        int at = entry(id, fromDay);
        return at < 0 ? NOT_HELD : arena.reader(at, NO_READER);
    }

    /** The arena offset of the id's live entry if it was let go on {@code fromDay} or later, else -1. */
    private int entry(String id, long fromDay) {
        IdKey key = IdKey.of(id);
        if (key == null) return -1;
        int slot = table.find(key);
        if (slot < 0) return -1;
        int at = table.entry(slot);
        return days.dayOf(at) >= fromDay ? at : -1;
    }

    /** How many ids are held (a day retention no longer keeps among them until {@link #expire} lets it go). */
    public int size() {
        return table.live;
    }

    /** Bytes this set holds on the heap for its entries and table (its arrays, not their headers). */
    public long footprint() {
        return arena.bytes.length + table.footprint() + days.footprint();
    }

    /** Keeps {@code id} as let go on {@code epochDay} (no earlier than the last day added), first read in {@code reader} (null: none). */
    void add(String id, Long reader, long epochDay) {
        IdKey key = IdKey.of(id);
        if (key == null) return; // unknown it stays: private, as an id never stored is
        int found = table.find(key);
        if (found >= 0) arena.kill(table.entry(found));
        if (days.opens(epochDay)) days.add(epochDay, arena.end);
        table.put(found, arena.append(key, reader), found < 0);
        compactIfWasteful();
    }

    /** Lets go every id let go on a day before {@code cutoffDay}; how many went. Costs what it lets go. */
    int expire(long cutoffDay) {
        int gone = days.before(cutoffDay);
        if (gone == 0) return 0;
        int until = gone < days.count() ? (int) days.start(gone) : arena.end;
        int before = table.live;
        for (int at = arena.base; at < until; ) {
            int header = arena.header(at);
            int size = arena.entrySize(at, header);
            if (!IdArena.dead(header)) table.remove(at, header);
            else arena.deadBytes -= size;
            at += size;
        }
        arena.base = until;
        days.drop(gone);
        compactIfWasteful();
        return before - table.live;
    }

    private void compactIfWasteful() {
        if (!arena.wasteful()) return;
        arena.compact(days);
        table.rebuild(false);
    }

    /** The id's value when it is a decimal number in its canonical spelling that fits a long, else -1. */
    static long decimalValue(String id) {
        return IdKey.decimalValue(id);
    }

    /**
     * The ids a checkpoint of an earlier build held (oldest first, with their readers), kept as let
     * go on {@code epochDay} (the checkpoint's own day: no older day is known).
     */
    public static ForgottenIds fromEarlierForm(List<String> order, Map<String, Long> readIn, long epochDay) {
        ForgottenIds ids = new ForgottenIds();
        for (String id : order) ids.add(id, readIn.get(id), epochDay);
        return ids;
    }

    /** The checkpoint's form ({@link ForgottenIdsForm}). */
    @JsonValue
    List<String> json() {
        return ForgottenIdsForm.write(this);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static ForgottenIds fromJson(List<String> chunks) {
        return ForgottenIdsForm.read(chunks);
    }
}
