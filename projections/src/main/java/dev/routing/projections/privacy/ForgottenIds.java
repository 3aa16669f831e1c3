package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.retention.DayRuns;
import java.nio.ByteBuffer;
import java.util.ArrayList;
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
 *
 * <p>A closed day may instead be sealed ({@link #sealOldestDay}, docs/decisions/0011): the engine
 * writes its entries into a table of their own ({@link SealedIds}) once the group that closed it is
 * journaled, and the day leaves the heap. Sealed days are older than every day on the heap, and are
 * asked newest first after it: an id let go again shadows its older entry there instead of killing it.
 * A state restored from a checkpoint names its sealed days ({@link SealedDay}) and answers nothing
 * until each is {@link #attach attached}.
 *
 * <p>The days on the heap are logged by the engine beside the journal as they grow
 * (docs/decisions/0012): {@link #unlogged} gives what each log lacks, {@link #logged(List)} takes
 * what it now holds, and a checkpoint written when all is logged names each day by its log's prefix
 * ({@link LoggedDay}) rather than holding it; a state restored from one answers nothing until the
 * prefixes are {@link #attachLogs attached}.
 */
@JsonSerialize(using = ForgottenIdsForm.Json.class)
public final class ForgottenIds {
    /** {@link #lookup}: the record does not hold the id (from that day). */
    public static final long NOT_HELD = Long.MIN_VALUE;
    /** {@link #lookup}: held, and no turn read it first. */
    public static final long NO_READER = Long.MIN_VALUE + 1;

    final IdArena arena = new IdArena();
    final IdTable table = new IdTable(arena);
    final DayRuns days = new DayRuns();
    /** The sealed days, oldest first, and their tables once attached (null before). */
    final ArrayList<SealedDay> sealed = new ArrayList<>();
    final ArrayList<SealedIds> tables = new ArrayList<>();

    /**
     * Where the entries the engine has logged end in the arena ({@link #logged}), or -1 while it logs
     * none (restored from a checkpoint that held its days whole, or a copy no log belongs to): an
     * empty record has logged all it holds.
     */
    int loggedUntil = 0;
    /** While logging, one per day on the heap, oldest first: how much of the day its log holds. */
    final ArrayList<LoggedDay> logged = new ArrayList<>();
    /** The days on the heap a checkpoint named by their logs, until {@link #attachLogs} gives their entries. */
    final ArrayList<LoggedDay> pendingLogs = new ArrayList<>();

    /**
     * A closed day sealed in a table the engine keeps beside the journal, as a checkpoint names it:
     * its epoch day, the journal index its file covers, its file's checksum, the rules label it was
     * written under, and how many ids it holds.
     */
    public record SealedDay(long day, long index, int crc, String label, long count) {
    }

    /**
     * A day on the heap as the engine logged it beside the journal (docs/decisions/0012): the day's
     * entries in the order let go, {@code length} bytes of them, and their CRC32C. A log only grows
     * while its day is open, so a checkpoint names its day by a prefix that stays what it named.
     */
    public record LoggedDay(long day, long length, int crc) {
    }

    /**
     * A day's entries not yet in its log: {@code bytes} go after the {@code from} bytes it holds (0
     * with {@code from} null: the log is written anew).
     */
    public record Unlogged(long day, LoggedDay from, byte[] bytes) {
    }

    /** Whether the id was let go on day {@code fromDay} or later (a day retention still keeps). */
    public boolean holds(String id, long fromDay) {
        return lookup(id, fromDay) != NOT_HELD;
    }

    /**
     * What the record knows of the id on day {@code fromDay} or later: {@link #NOT_HELD}, {@link #NO_READER}
     * (let go with no turn reading it first), or the turn that first read it.
     */
    public long lookup(String id, long fromDay) {
        if (!pendingLogs.isEmpty()) throw logsNotAttached(); // out of line: a lookup is the hot path, and stays small enough to inline
        IdKey key = IdKey.of(id);
        if (key == null) return NOT_HELD;
        int slot = table.find(key);
        if (slot >= 0) {
            // the heap's days are the newest: an entry here is the id's newest, and an older day's is older still
            int at = table.entry(slot);
            return days.dayOf(at) >= fromDay ? arena.reader(at, NO_READER) : NOT_HELD;
        }
        for (int k = sealed.size() - 1; k >= 0 && sealed.get(k).day() >= fromDay; k--) {
            long found = attached(k).lookup(key);
            if (found != NOT_HELD) return found;
        }
        return NOT_HELD;
    }

    private IllegalStateException logsNotAttached() {
        return new IllegalStateException("the logged ids of day " + pendingLogs.get(0).day() + " are not attached");
    }

    private SealedIds attached(int k) {
        SealedIds t = tables.get(k);
        if (t == null) throw new IllegalStateException("the sealed ids of day " + sealed.get(k).day() + " are not attached");
        return t;
    }

    /**
     * How many entries are held (a day retention no longer keeps among them until {@link #expire}
     * lets it go): an id on the heap once, an id let go again after its day was sealed once more.
     */
    public long size() {
        long n = table.live;
        for (SealedDay day : sealed) n += day.count();
        return n;
    }

    /** The oldest day on the heap, or {@link Long#MAX_VALUE} when the heap holds none. */
    public long oldestDayOnHeap() {
        return days.count() == 0 ? Long.MAX_VALUE : days.day(0);
    }

    /** The body of the table that seals the oldest day on the heap ({@link SealedIds}'s layout). */
    public ByteBuffer oldestDayBody() {
        if (days.count() == 0) throw new IllegalStateException("no day on the heap");
        int until = days.count() > 1 ? (int) days.start(1) : arena.end;
        return SealedIds.encode(arena, arena.base, until, false);
    }

    /**
     * The oldest day on the heap is sealed as {@code day} (its table {@code ids}, which the caller
     * made from {@link #oldestDayBody} and wrote): it leaves the heap, and is asked after it.
     */
    public void sealOldestDay(SealedDay day, SealedIds ids) {
        if (days.count() == 0 || days.day(0) != day.day() || ids.day() != day.day()) {
            throw new IllegalArgumentException("day " + day.day() + " is not the oldest on the heap");
        }
        dropHeapBefore(day.day() + 1);
        sealed.add(day);
        tables.add(ids);
    }

    /** The sealed days a checkpoint named, oldest first. */
    public List<SealedDay> sealedDays() {
        return List.copyOf(sealed);
    }

    /** Gives a sealed day its table, read from its file: until each is, the record answers nothing. */
    public void attach(SealedDay day, SealedIds ids) {
        int k = sealed.indexOf(day);
        if (k < 0 || ids.day() != day.day() || ids.size() != day.count()) {
            throw new IllegalArgumentException("a table of day " + ids.day() + " for " + day);
        }
        tables.set(k, ids);
    }

    /**
     * What the engine has not yet logged of each day on the heap, oldest first (none when all is):
     * the engine appends each to its day's log, then says {@link #logged(List)}. While
     * nothing is logged, every day on the heap, whole, to be written anew.
     */
    public List<Unlogged> unlogged() {
        List<Unlogged> out = new ArrayList<>();
        if (loggedUntil == arena.end && loggedUntil >= 0) return out;
        for (int d = 0; d < days.count(); d++) {
            int start = (int) days.start(d);
            int until = d + 1 < days.count() ? (int) days.start(d + 1) : arena.end;
            if (loggedUntil < 0) {
                out.add(new Unlogged(days.day(d), null, arena.asLetGo(Math.max(start, arena.base), until)));
            } else if (until > loggedUntil) {
                out.add(new Unlogged(days.day(d), logged.get(d), arena.asLetGo(Math.max(start, loggedUntil), until)));
            }
        }
        return out;
    }

    /**
     * The engine wrote what {@link #unlogged} gave, and each of those days' logs now holds what
     * {@code written} says: every day on the heap is logged, so a checkpoint names them instead of
     * holding their entries.
     */
    public void logged(List<LoggedDay> written) {
        if (loggedUntil < 0) {
            if (written.size() != days.count()) throw new IllegalArgumentException(written.size() + " logs for " + days.count() + " days");
            logged.clear();
            for (int d = 0; d < days.count(); d++) logged.add(null);
        }
        for (LoggedDay w : written) {
            int d = 0;
            while (d < days.count() && days.day(d) != w.day()) d++;
            if (d == days.count()) throw new IllegalArgumentException("a log of day " + w.day() + ", which is not on the heap");
            logged.set(d, w);
        }
        loggedUntil = arena.end;
    }

    /** The record is a copy no log belongs to (the audit's own fold): its checkpoint forms hold its days whole. */
    public void notLogged() {
        logged.clear();
        loggedUntil = -1;
    }

    /** Every day on the heap as its log holds it, oldest first, when all of each is logged; else none. */
    public List<LoggedDay> loggedDaysOnHeap() {
        return loggedUntil >= 0 && loggedUntil == arena.end ? List.copyOf(logged) : List.of();
    }

    /** The days a checkpoint named by their logs, oldest first, until attached. */
    public List<LoggedDay> loggedDays() {
        return List.copyOf(pendingLogs);
    }

    /**
     * Gives the days named by their logs their entries, each the named prefix of its log (its
     * checksum the caller's to have checked): replayed in order, an id let go again killing its older
     * entry, as {@link #add} did. The record answers nothing until they are.
     *
     * @throws IllegalArgumentException when an entry is not of the form (a log's writer's bug)
     */
    public void attachLogs(List<byte[]> entries) {
        if (entries.size() != pendingLogs.size()) throw new IllegalArgumentException(entries.size() + " logs for " + pendingLogs.size() + " days");
        int total = 0;
        for (int k = 0; k < entries.size(); k++) {
            if (entries.get(k).length != pendingLogs.get(k).length()) {
                throw new IllegalArgumentException("the log of day " + pendingLogs.get(k).day() + " of " + entries.get(k).length + " bytes, not " + pendingLogs.get(k).length());
            }
            total += entries.get(k).length;
        }
        arena.reserve(total);
        int count = 0;
        for (int k = 0; k < entries.size(); k++) {
            byte[] log = entries.get(k);
            PackedIn words = new PackedIn("the logged ids of day " + pendingLogs.get(k).day(), log);
            for (int at = 0; at < log.length; count++) at = ForgottenIdsForm.entryEnd(log, at, log.length, words);
            days.add(pendingLogs.get(k).day(), arena.end);
            arena.appendStored(log, 0, log.length);
        }
        table.live = count;
        table.rebuild(IdTable.Twice.LET_GO_AGAIN);
        logged.clear();
        logged.addAll(pendingLogs);
        pendingLogs.clear();
        loggedUntil = arena.end;
    }

    /**
     * The body of a table ({@link SealedIds}) holding a day's log whole: its entries byte for byte, in
     * their order, those a later one let go again among them, so that a checkpoint that named a
     * prefix of the log reads it from the table once the log is gone.
     *
     * @throws IllegalArgumentException when an entry is not of the form
     */
    public static ByteBuffer dayBodyOfLog(long day, byte[] entries) {
        ForgottenIds one = new ForgottenIds();
        one.pendingLogs.add(new LoggedDay(day, entries.length, 0));
        one.attachLogs(List.of(entries));
        return SealedIds.encode(one.arena, one.arena.base, one.arena.end, true);
    }

    /**
     * Makes room, once, for the newest day on the heap to grow by {@code share} of what it holds, and
     * an eighth over it (the share is counted in journal entries, not ids), at most doubling: a
     * restore about to fold a tail whose length it knows. The table and arena would otherwise grow by
     * steps inside the fold, each a copy, the table's last by half past what the tail needs. Only
     * when that newest day is {@code day}, the one the share was counted in: an agent with no id yet
     * that day holds an older one, which the tail does not grow. Changes no answer and no form.
     */
    public void reserve(double share, long day) {
        if (!(share > 0) || days.count() == 0 || days.day(days.count() - 1) != day) return;
        double s = Math.min(share * 9 / 8, 1.0);
        int from = (int) days.start(days.count() - 1);
        long newestIds = 0;
        for (int at = from; at < arena.end; ) {
            int header = arena.header(at);
            if (!IdArena.dead(header)) newestIds++;
            at += arena.entrySize(at, header);
        }
        table.reserve(table.live + (long) Math.ceil(newestIds * s));
        arena.reserve((int) Math.min(Integer.MAX_VALUE - 8L - arena.end, (long) Math.ceil((arena.end - from) * s)));
    }

    /** Bytes this set holds on the heap for its entries and table (its arrays, not their headers; sealed days are off the heap). */
    public long footprint() {
        return arena.bytes.length + table.footprint() + days.footprint();
    }

    /** Keeps {@code id} as let go on {@code epochDay} (no earlier than the last day added), first read in {@code reader} (null: none). */
    void add(String id, Long reader, long epochDay) {
        IdKey key = IdKey.of(id);
        if (key == null) return; // unknown it stays: private, as an id never stored is
        int found = table.find(key);
        if (found >= 0) arena.kill(table.entry(found));
        if (days.opens(epochDay)) openDay(epochDay);
        table.put(key, found, arena.append(key, reader), found < 0);
        compactIfWasteful();
    }

    private void openDay(long epochDay) {
        days.add(epochDay, arena.end);
        if (loggedUntil >= 0) logged.add(new LoggedDay(epochDay, 0, 0)); // the CRC32C of no bytes
    }

    /** Lets go every id let go on a day before {@code cutoffDay}; how many went. Costs what it lets go. */
    long expire(long cutoffDay) {
        long went = 0;
        while (!sealed.isEmpty() && sealed.get(0).day() < cutoffDay) {
            went += sealed.remove(0).count();
            tables.remove(0);
        }
        return went + dropHeapBefore(cutoffDay);
    }

    private int dropHeapBefore(long cutoffDay) {
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
        if (loggedUntil >= 0) {
            logged.subList(0, gone).clear();
            loggedUntil = Math.max(loggedUntil, until);
        }
        compactIfWasteful();
        return before - table.live;
    }

    private void compactIfWasteful() {
        if (!arena.wasteful()) return;
        loggedUntil = arena.compact(days, loggedUntil);
        table.rebuild(IdTable.Twice.UNCHECKED);
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

    /** The canonical form ({@link ForgottenIdsForm}). */
    List<String> json() {
        return ForgottenIdsForm.write(this);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static ForgottenIds fromJson(List<String> chunks) {
        return ForgottenIdsForm.read(chunks);
    }
}
