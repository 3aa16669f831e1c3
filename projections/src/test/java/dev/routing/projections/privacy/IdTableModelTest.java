package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.projections.retention.DayRuns;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded runs (docs/decisions/0001): {@link ForgottenIds}, and {@link IdTable} over
 * {@link IdArena} directly, against a plain reference model, through every mutation path (new ids,
 * ids let go again, expiry of old days, sealing, compaction, reserve, a checkpoint's JSON round
 * trip), with arenas growing past 2^17, 2^18, ... bytes so the tag/offset split is set anew many
 * times. After every few steps the table's own invariants are checked slot by slot.
 */
class IdTableModelTest {
    private static final long DAY0 = 20_400;

    // ---------------------------------------------------------------- ids

    /** A deterministic universe of ids of every kind the arena keeps, some long so the arena grows fast. */
    private static final class Universe {
        final String[] ids;

        Universe(SplittableRandom r, int n, int maxPad) {
            ids = new String[n];
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < n; i++) {
                String id;
                do {
                    id = make(r, i, maxPad);
                } while (!seen.add(id));
                ids[i] = id;
            }
        }

        private static String make(SplittableRandom r, int i, int maxPad) {
            switch (r.nextInt(9)) {
                case 0: return Long.toString(1_100_000_000_000_000_000L + r.nextLong(1L << 50)); // snowflake
                case 1: return Long.toString(r.nextInt(100_000)); // small canonical number
                case 2: return "0" + r.nextInt(1_000_000); // not canonical: kept by its bytes
                case 3: return Long.toString(Long.MAX_VALUE - r.nextInt(1000)); // the largest numbers
                case 4: return "9223372036854775808" + (r.nextBoolean() ? "" : Integer.toString(i)); // past a long: bytes
                case 5: return "room-" + i + "-é" + "x".repeat(r.nextInt(maxPad + 1)); // UTF-8
                case 6: return i == 0 ? "" : "m" + i; // short ASCII (and the empty id once)
                case 7: return "msg-" + i + "-" + "abcdefghij".repeat(r.nextInt(maxPad / 10 + 1)); // long ASCII
                default: return "ü" + i + "\u4e2d" + "y".repeat(r.nextInt(maxPad + 1)); // more UTF-8
            }
        }
    }

    // ---------------------------------------------------------------- the table's invariants

    /**
     * Every slot points (offset + 1 under the mask) at a live entry in [base, end) with the tag of its
     * id, each live entry is pointed at by exactly one slot that its probe reaches, live counts them.
     */
    static void checkTable(IdTable table, IdArena arena, String where) {
        int mask = table.offsetMask;
        assertTrue(mask > 0 && Integer.bitCount(mask + 1) <= 1 || mask == Integer.MAX_VALUE, where + ": a mask of low bits " + mask);
        Map<Integer, Integer> slotOfEntry = new HashMap<>();
        int used = 0;
        for (int i = 0; i < table.slots.length; i++) {
            int s = table.slots[i];
            if (s == 0) continue;
            used++;
            int at = (s & mask) - 1;
            assertTrue(at >= arena.base && at < arena.end, where + ": slot " + i + " points at " + at + " outside [" + arena.base + ", " + arena.end + ")");
            int header = arena.header(at);
            assertFalse(IdArena.dead(header), where + ": slot " + i + " points at a dead entry at " + at);
            assertEquals(IdTable.tag(arena.hashAt(at, header), mask), s & ~mask, where + ": slot " + i + "'s tag");
            assertTrue(slotOfEntry.put(at, i) == null, where + ": two slots point at " + at);
        }
        assertEquals(table.live, used, where + ": live against the used slots");
        assertTrue(table.live * 4L <= table.slots.length * 3L, where + ": more than three quarters full");
        int liveEntries = 0;
        for (int at = arena.base; at < arena.end; ) {
            int header = arena.header(at);
            if (!IdArena.dead(header)) {
                liveEntries++;
                assertTrue(at + 1 <= mask, where + ": the live entry at " + at + " past the mask " + mask);
                Integer slot = slotOfEntry.get(at);
                assertTrue(slot != null, where + ": the live entry at " + at + " has no slot");
                IdKey key = IdArena.keyOf(arena.bytes, at);
                assertEquals((int) slot, table.find(key), where + ": find of " + key.id() + " reaches its slot");
                assertEquals(at, table.entry(slot), where + ": entry of the slot");
            }
            at += arena.entrySize(at, header);
        }
        assertEquals(table.live, liveEntries, where + ": live against the arena's live entries");
    }

    // ---------------------------------------------------------------- ForgottenIds against a model

    /** The model: the heap's ids (newest entry each) and the sealed days' (each as sealed). */
    private static final class Model {
        final LinkedHashMap<String, long[]> heap = new LinkedHashMap<>(); // id -> {reader, day}
        final List<Long> sealedDays = new ArrayList<>();
        final List<Map<String, Long>> sealed = new ArrayList<>();

        long lookup(String id, long fromDay) {
            long[] h = heap.get(id);
            if (h != null) return h[1] >= fromDay ? h[0] : ForgottenIds.NOT_HELD;
            for (int k = sealed.size() - 1; k >= 0 && sealedDays.get(k) >= fromDay; k--) {
                Long r = sealed.get(k).get(id);
                if (r != null) return r;
            }
            return ForgottenIds.NOT_HELD;
        }

        long size() {
            long n = heap.size();
            for (Map<String, Long> d : sealed) n += d.size();
            return n;
        }

        long expire(long cutoff) {
            long went = 0;
            while (!sealedDays.isEmpty() && sealedDays.get(0) < cutoff) {
                went += sealed.remove(0).size();
                sealedDays.remove(0);
            }
            var it = heap.entrySet().iterator();
            while (it.hasNext()) {
                if (it.next().getValue()[1] < cutoff) {
                    it.remove();
                    went++;
                }
            }
            return went;
        }

        /** After a JSON round trip every sealed day is on the heap, each id once at its newest. */
        void unseal() {
            LinkedHashMap<String, long[]> all = new LinkedHashMap<>();
            for (int k = 0; k < sealed.size(); k++) {
                for (Map.Entry<String, Long> e : sealed.get(k).entrySet()) all.put(e.getKey(), new long[] {e.getValue(), sealedDays.get(k)});
            }
            all.putAll(heap);
            heap.clear();
            heap.putAll(all);
            sealed.clear();
            sealedDays.clear();
        }
    }

    private static long reader(SplittableRandom r) {
        switch (r.nextInt(6)) {
            case 0: return ForgottenIds.NO_READER;
            case 1: return r.nextInt(200);
            case 2: return Long.MAX_VALUE - r.nextInt(5);
            case 3: return (1L << 62) + r.nextInt(1000); // a nine-byte varint (a negative reader, ten bytes, SealedIds refuses: out of domain)
            default: return r.nextLong(1L << 40);
        }
    }

    /** One run of {@code steps} seeded operations against the model; a failure names the seed and the last operations. */
    private static void runForgotten(long seed, int universeSize, int maxPad, int steps, boolean seal) {
        runForgotten(seed, universeSize, maxPad, steps, seal, 1, 6);
    }

    /**
     * {@code slow}: days advance and expire {@code slow} times less often (large arenas);
     * {@code lag}: an expiry's cutoff is up to that many days back.
     */
    private static void runForgotten(long seed, int universeSize, int maxPad, int steps, boolean seal, int slow, int lag) {
        SplittableRandom r = new SplittableRandom(seed);
        Universe u = new Universe(r, universeSize, maxPad);
        ForgottenIds ids = new ForgottenIds();
        Model model = new Model();
        long day = DAY0;
        List<String> trace = new ArrayList<>();
        int checks = 0;
        try {
            for (int step = 0; step < steps; step++) {
                int op = r.nextInt(1000);
                if (op < 650) {
                    String id = u.ids[r.nextInt(u.ids.length)];
                    long rd = reader(r);
                    Long boxed = rd == ForgottenIds.NO_READER ? null : rd;
                    if (trace.size() < 200_000) trace.add("add " + id.length() + "ch " + rd + " " + day);
                    ids.add(id, boxed, day);
                    model.heap.remove(id); // re-let-go: newest last, as the arena orders it
                    model.heap.put(id, new long[] {rd, day});
                } else if (op < 900) {
                    String id = r.nextInt(4) == 0 ? "absent-" + r.nextInt(1000) : u.ids[r.nextInt(u.ids.length)];
                    long from = day - r.nextInt(8);
                    assertEquals(model.lookup(id, from), ids.lookup(id, from), "lookup " + id + " from " + from);
                } else if (op < 915) {
                    if (slow > 1 && r.nextInt(slow) != 0) continue;
                    day += 1 + r.nextInt(2);
                    trace.add("day " + day);
                } else if (op < 925) {
                    if (slow > 1 && r.nextInt(slow) != 0) continue;
                    long cutoff = day - r.nextInt(lag);
                    trace.add("expire " + cutoff);
                    assertEquals(model.expire(cutoff), ids.expire(cutoff), "expire " + cutoff);
                } else if (op < 930 && seal && ids.days.count() >= 2) {
                    long d = ids.oldestDayOnHeap();
                    ByteBuffer body = ids.oldestDayBody();
                    checkSealedBody(body, d);
                    SealedIds table = SealedIds.over(d, SealedIds.Body.of(body));
                    trace.add("seal " + d);
                    ids.sealOldestDay(new ForgottenIds.SealedDay(d, 1, 2, "r", table.size()), table);
                    Map<String, Long> sealedIds = new LinkedHashMap<>();
                    var it = model.heap.entrySet().iterator();
                    while (it.hasNext()) {
                        Map.Entry<String, long[]> e = it.next();
                        if (e.getValue()[1] == d) {
                            sealedIds.put(e.getKey(), e.getValue()[0]);
                            it.remove();
                        }
                    }
                    assertEquals(sealedIds.size(), table.size(), "sealed count");
                    for (Map.Entry<String, Long> e : sealedIds.entrySet()) assertEquals((long) e.getValue(), table.lookup(e.getKey()), "sealed lookup");
                    model.sealed.add(sealedIds);
                    model.sealedDays.add(d);
                } else if (op < 933) {
                    if (slow > 1 && r.nextInt(slow / 4) != 0) continue;
                    trace.add("json round trip");
                    List<String> form = ids.json();
                    ForgottenIds back = ForgottenIds.fromJson(form);
                    assertEquals(form, back.json(), "the same form after a round trip");
                    ids = back;
                    model.unseal();
                    checkTable(ids.table, ids.arena, "after round trip");
                } else if (op < 936) {
                    double share = r.nextInt(3) == 0 ? r.nextDouble() * 3 : r.nextDouble();
                    long d = r.nextBoolean() ? day : day - 1;
                    trace.add("reserve " + share + " " + d);
                    ids.reserve(share, d);
                } else if (op < 937) {
                    if (slow > 1 && r.nextInt(slow / 4) != 0) continue;
                    // a whole sweep: every id's answer
                    for (String id : model.heap.keySet()) assertEquals(model.lookup(id, DAY0 - 1), ids.lookup(id, DAY0 - 1), "sweep " + id);
                }
                if (step % 997 == 0 || step == steps - 1) {
                    checkTable(ids.table, ids.arena, "step " + step);
                    assertEquals(model.size(), ids.size(), "size");
                    checks++;
                }
            }
            for (String id : u.ids) {
                for (long from = day - 8; from <= day + 1; from += 3) assertEquals(model.lookup(id, from), ids.lookup(id, from), "final " + id + " from " + from);
            }
            assertTrue(checks > 0);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("seed " + seed + " (universe " + universeSize + ", pad " + maxPad + ", steps " + steps + "), after "
                    + trace.size() + " traced ops, last: " + trace.subList(Math.max(0, trace.size() - 12), trace.size()) + ": " + e, e);
        }
    }

    /** Checks a sealed day's body slot by slot against the tag as it was before this change (the stored bytes must not change). */
    private static void checkSealedBody(ByteBuffer body, long day) {
        ByteBuffer b = body.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long count = b.getLong(0);
        long slots = b.getLong(8);
        long entries = b.getLong(16);
        long mask = (1L << (64 - Long.numberOfLeadingZeros(entries))) - 1;
        long entriesAt = 24 + 4 * slots;
        byte[] all = new byte[b.capacity()];
        b.get(0, all);
        IdArena view = new IdArena();
        view.bytes = all;
        long used = 0;
        for (int i = 0; i < slots; i++) {
            long s = Integer.toUnsignedLong(b.getInt(24 + 4 * i));
            if (s == 0) continue;
            used++;
            int at = (int) (entriesAt + (s & mask) - 1);
            int hash = view.hashAt(at, view.header(at));
            long oldTag = Integer.toUnsignedLong(hash * 0x85EBCA6B ^ (hash >>> 15) * 0xC2B2AE35) & ~mask;
            assertEquals(oldTag, s & ~mask, "day " + day + " slot " + i + ": the stored tag as before");
        }
        assertEquals(count, used);
    }

    @Test
    void forgottenIdsAnswerAsTheModelDoesSmallUniverseManyLetGoAgain() {
        for (long seed = 1; seed <= 12; seed++) runForgotten(seed, 40 + (int) seed * 7, 30, 40_000, true);
    }

    @Test
    void forgottenIdsAnswerAsTheModelDoesLargeArenas() {
        // long ids and a large universe: the arena passes 2^17, 2^18, ... 2^23 bytes
        for (long seed = 100; seed < 102; seed++) runForgotten(seed, 60_000, 400, 150_000, seed % 2 == 0, 40, 12);
    }

    @Test
    void forgottenIdsAnswerAsTheModelDoesMediumUniverse() {
        for (long seed = 200; seed < 210; seed++) runForgotten(seed, 3_000, 120, 60_000, seed % 3 != 0);
    }

    /** No expiry and no compaction (no id let go again): the arena only grows, one boundary after another. */
    @Test
    void anArenaThatOnlyGrowsPassesEveryBoundaryUpTo2To25() {
        ForgottenIds ids = new ForgottenIds();
        int n = 0;
        long day = DAY0;
        int lastMask = ids.table.offsetMask;
        int masks = 0;
        String pad = "z".repeat(200);
        while (ids.arena.end < (1 << 25)) {
            ids.add("grow-" + n + pad, (long) n, day);
            n++;
            int mask = ids.table.offsetMask;
            if (mask != lastMask) {
                masks++;
                lastMask = mask;
                checkTable(ids.table, ids.arena, "mask " + Integer.toHexString(mask));
            }
            if (n % 50_000 == 0) day++;
        }
        checkTable(ids.table, ids.arena, "end");
        for (int i = 0; i < n; i += 97) assertEquals(i, ids.lookup("grow-" + i + pad, DAY0), "grow-" + i);
        assertTrue(masks >= 4, "masks set anew: " + masks);
        ForgottenIds back = ForgottenIds.fromJson(ids.json());
        checkTable(back.table, back.arena, "restored");
        for (int i = 0; i < n; i += 97) assertEquals(i, back.lookup("grow-" + i + pad, DAY0), "restored grow-" + i);
    }

    /**
     * Short ids first, then long ones, new and let go again, with days and expiry now and then: the
     * arena's bytes outgrow the offsets' bits while the count of ids (so the table) barely grows, so
     * only {@code put}'s own rehash sets the tags anew. Checked against the model after every step's
     * worth of a seeded mix.
     */
    @Test
    void shortIdsThenLongOnesOutgrowTheOffsetsWithoutTheTableGrowing() {
        int setByPut = 0;
        for (long seed = 300; seed < 303; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            ForgottenIds ids = new ForgottenIds();
            Model model = new Model();
            long day = DAY0;
            int shortOnes = 20_000 + r.nextInt(40_000);
            for (int i = 0; i < shortOnes; i++) {
                String id = Long.toString(1_000_000L + i);
                ids.add(id, (long) i, day);
                model.heap.put(id, new long[] {i, day});
            }
            int lastMask = ids.table.offsetMask;
            int slots = ids.table.slots.length;
            int masksSetByPut = 0;
            List<String> longOnes = new ArrayList<>();
            for (int step = 0; step < 30_000; step++) {
                int op = r.nextInt(100);
                String id;
                if (op < 40 || longOnes.isEmpty()) {
                    id = "long-" + seed + "-" + longOnes.size() + "-" + (r.nextBoolean() ? "é" : "") + "q".repeat(200 + r.nextInt(2_000));
                    longOnes.add(id);
                } else if (op < 80) {
                    id = longOnes.get(r.nextInt(longOnes.size()));
                } else if (op < 95) {
                    id = Long.toString(1_000_000L + r.nextInt(shortOnes));
                } else if (op < 97) {
                    day++;
                    continue;
                } else if (op < 98) {
                    long cutoff = day - 3 - r.nextInt(3);
                    assertEquals(model.expire(cutoff), ids.expire(cutoff), "seed " + seed + " expire " + cutoff);
                    continue;
                } else {
                    String probe = r.nextBoolean() ? longOnes.get(r.nextInt(longOnes.size())) : Long.toString(1_000_000L + r.nextInt(shortOnes * 2));
                    assertEquals(model.lookup(probe, day - 2), ids.lookup(probe, day - 2), "seed " + seed + " lookup");
                    continue;
                }
                long rd = reader(r);
                ids.add(id, rd == ForgottenIds.NO_READER ? null : rd, day);
                model.heap.remove(id);
                model.heap.put(id, new long[] {rd, day});
                int mask = ids.table.offsetMask;
                if (mask != lastMask) {
                    if (ids.table.slots.length == slots) masksSetByPut++;
                    lastMask = mask;
                    checkTable(ids.table, ids.arena, "seed " + seed + " step " + step + " mask " + Integer.toHexString(mask));
                }
                slots = ids.table.slots.length;
            }
            checkTable(ids.table, ids.arena, "seed " + seed + " end");
            for (String id : model.heap.keySet()) assertEquals(model.lookup(id, DAY0), ids.lookup(id, DAY0), "seed " + seed + " " + id.length());
            for (String id : longOnes) assertEquals(model.lookup(id, DAY0), ids.lookup(id, DAY0), "seed " + seed + " long " + id.length());
            setByPut += masksSetByPut;
        }
        assertTrue(setByPut >= 6, "the arena outgrew the offsets without the table growing: " + setByPut + " times");
    }

    // ---------------------------------------------------------------- IdTable over IdArena directly

    private static void letGo(IdTable table, IdArena arena, IdKey key, Long reader) {
        int found = table.find(key);
        if (found >= 0) arena.kill(table.entry(found));
        table.put(key, found, arena.append(key, reader), found < 0);
    }

    private static void runTable(long seed, int universeSize, int maxPad, int steps) {
        runTable(seed, universeSize, maxPad, steps, 1);
    }

    /** {@code quiet}: removals, drops and compactions that many times less often (large arenas). */
    private static void runTable(long seed, int universeSize, int maxPad, int steps, int quiet) {
        SplittableRandom r = new SplittableRandom(seed);
        Universe u = new Universe(r, universeSize, maxPad);
        IdArena arena = new IdArena();
        IdTable table = new IdTable(arena);
        DayRuns noDays = new DayRuns();
        Map<String, Long> model = new HashMap<>(); // id -> reader (NO_READER for none)
        List<String> trace = new ArrayList<>();
        try {
            for (int step = 0; step < steps; step++) {
                int op = r.nextInt(1000);
                if (op < 700) {
                    String id = u.ids[r.nextInt(u.ids.length)];
                    long rd = reader(r);
                    trace.add("letGo " + id.length() + "ch");
                    letGo(table, arena, IdKey.of(id), rd == ForgottenIds.NO_READER ? null : rd);
                    model.put(id, rd);
                } else if (op >= 900 && op < 995 && quiet > 1 && r.nextInt(quiet) != 0) {
                    continue;
                } else if (op < 900) {
                    String id = u.ids[r.nextInt(u.ids.length)];
                    int slot = table.find(IdKey.of(id));
                    Long want = model.get(id);
                    if (want == null) {
                        assertTrue(slot < 0, "not held: " + id);
                    } else {
                        assertTrue(slot >= 0, "held: " + id);
                        assertEquals((long) want, arena.reader(table.entry(slot), ForgottenIds.NO_READER), "reader of " + id);
                    }
                } else if (op < 960) {
                    // an id removed from the table, its entry killed (what a day's leaving does, one entry)
                    String id = u.ids[r.nextInt(u.ids.length)];
                    int slot = table.find(IdKey.of(id));
                    if (slot >= 0) {
                        trace.add("remove " + id.length() + "ch");
                        int at = table.entry(slot);
                        table.remove(at, arena.header(at));
                        arena.kill(at);
                        model.remove(id);
                    }
                } else if (op < 970) {
                    // the oldest entries leave with their day: out of the table, the base moves past them
                    int until = arena.base;
                    int k = r.nextInt(200);
                    for (int i = 0; i < k && until < arena.end; i++) until += arena.entrySize(until, arena.header(until));
                    trace.add("drop to " + until);
                    for (int at = arena.base; at < until; ) {
                        int header = arena.header(at);
                        int size = arena.entrySize(at, header);
                        if (!IdArena.dead(header)) {
                            table.remove(at, header);
                            model.remove(IdArena.keyOf(arena.bytes, at).id());
                        } else {
                            arena.deadBytes -= size;
                        }
                        at += size;
                    }
                    arena.base = until;
                } else if (op < 980) {
                    trace.add("compact");
                    arena.compact(noDays, -1);
                    table.rebuild(IdTable.Twice.UNCHECKED);
                } else if (op < 988) {
                    boolean checked = r.nextBoolean();
                    trace.add("rebuild " + checked);
                    table.rebuild(checked ? IdTable.Twice.REFUSED : IdTable.Twice.UNCHECKED);
                } else if (op < 995) {
                    long entries = table.live + r.nextInt(5_000);
                    trace.add("reserve " + entries);
                    table.reserve(entries);
                } else if (quiet == 1) {
                    checkTable(table, arena, "step " + step);
                }
                if (step % (quiet == 1 ? 1_009 : 10_007) == 0) checkTable(table, arena, "step " + step);
            }
            checkTable(table, arena, "end");
            for (String id : u.ids) {
                int slot = table.find(IdKey.of(id));
                Long want = model.get(id);
                assertEquals(want != null, slot >= 0, "final " + id);
                if (want != null) assertEquals((long) want, arena.reader(table.entry(slot), ForgottenIds.NO_READER));
            }
            assertEquals(model.size(), table.live);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("table seed " + seed + " (universe " + universeSize + ", pad " + maxPad + "), last ops: "
                    + trace.subList(Math.max(0, trace.size() - 12), trace.size()) + ": " + e, e);
        }
    }

    @Test
    void theTableAloneAnswersAsTheModelDoes() {
        for (long seed = 1_000; seed < 1_008; seed++) runTable(seed, 500 + (int) (seed % 4) * 5_000, seed % 2 == 0 ? 40 : 600, 80_000);
    }

    @Test
    void theTableAloneAnswersAsTheModelDoesAsTheArenaGrowsLarge() {
        for (long seed = 2_000; seed < 2_002; seed++) runTable(seed, 40_000, 800, 150_000, 30);
        // few ids let go again and again, almost no compaction: the arena outgrows the offsets' bits at a fixed table size
        for (long seed = 2_100; seed < 2_102; seed++) runTable(seed, 1_500, 800, 100_000, 2_000);
    }

    /** An entry that starts exactly at the mask's last offsets (offset + 1 == mask, and == mask + 1) is found: the boundary, byte for byte. */
    @Test
    void entriesAtTheOffsetsBoundaryByteForByte() {
        for (int target : new int[] {(1 << 17) - 2, (1 << 17) - 1, (1 << 17), (1 << 19) - 1}) {
            IdArena arena = new IdArena();
            IdTable table = new IdTable(arena);
            for (int i = 0; i < 5; i++) letGo(table, arena, IdKey.of("keep-" + i), (long) i);
            String filler = "filler-" + "f".repeat(200);
            while (arena.end < target - 300) letGo(table, arena, IdKey.of(filler), 1L); // one id again and again: the table never grows
            int gap = target - arena.end;
            while (gap > 0) {
                // an id whose entry (no reader) is exactly the gap, or a piece of it
                int size = gap > 2_000 ? 1_000 : gap;
                int length = size <= 16 ? size - 1 : size - 2;
                String id = "g" + gap + "-";
                id = id + "p".repeat(Math.max(0, length - id.length()));
                if (id.length() != length || length < 1) {
                    letGo(table, arena, IdKey.of("s" + gap), null); // a few bytes to get out of a corner
                } else {
                    letGo(table, arena, IdKey.of(id), null);
                }
                gap = target - arena.end;
            }
            assertEquals(target, arena.end, "the next entry starts at " + target);
            IdKey edge = IdKey.of("edge");
            letGo(table, arena, edge, 77L);
            int slot = table.find(edge);
            assertTrue(slot >= 0, "the entry at " + target + " is found");
            assertEquals(target, table.entry(slot), "at " + target);
            assertEquals(77L, arena.reader(table.entry(slot), -1));
            for (int i = 0; i < 5; i++) assertEquals(i, arena.reader(table.entry(table.find(IdKey.of("keep-" + i))), -1));
            checkTable(table, arena, "target " + target);
        }
    }

    /** A checked rebuild refuses an id stored twice (a damaged checkpoint), with the tags present in every slot. */
    @Test
    void aCheckedRebuildStillRefusesAnIdTwiceWhateverTheMask() {
        for (int pad : new int[] {0, 300}) {
            IdArena arena = new IdArena();
            IdTable table = new IdTable(arena);
            for (int i = 0; i < 3_000; i++) letGo(table, arena, IdKey.of("t" + i + "x".repeat(pad)), (long) i);
            // the same id appended again as a restore would read it: no kill, both live
            IdKey twice = IdKey.of("t17" + "x".repeat(pad));
            arena.append(twice, 5L);
            table.live++;
            assertThrows(IllegalArgumentException.class, () -> table.rebuild(IdTable.Twice.REFUSED), "pad " + pad + ", end " + arena.end);
        }
    }

    /** SealedIds' tag through IdTable.tag is the old long formula for every mask a table can have. */
    @Test
    void theSharedTagIsTheSealedTablesOldTagForEveryMask() {
        SplittableRandom r = new SplittableRandom(3);
        for (int bits = 0; bits < 64; bits++) {
            long mask = (1L << bits) - 1;
            for (int k = 0; k < 20_000; k++) {
                int hash = k < 4 ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[k] : r.nextInt();
                long old = Integer.toUnsignedLong(hash * 0x85EBCA6B ^ (hash >>> 15) * 0xC2B2AE35) & ~mask;
                long now = Integer.toUnsignedLong(IdTable.tag(hash, mask));
                if (old != now) fail("mask bits " + bits + " hash " + hash + ": " + old + " against " + now);
            }
        }
    }
}
