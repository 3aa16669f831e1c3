package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * Seeded runs (docs/decisions/0001) of a record whose days on the heap are logged at each checkpoint
 * (docs/decisions/0012), against a plain model written from P2/P15's rule (an id's newest letting go
 * answers; a day retention lets go takes the ids whose newest it held): ids let go, let go again the
 * same day and days later, days rolled, sealed (from their logs, or from the heap when a log failed),
 * expired, logs the disk refuses half way; at each checkpoint the form is read back and its days attached from the
 * logs' named prefixes, and every checkpoint so far is restored again at the end, from logs that grew
 * since and from the tables of days sealed since: each answers every lookup as the model did then,
 * and writes the canonical form the record wrote then.
 */
class LoggedDaysModelTest {
    private static final long DAY0 = 20_500;

    /** The engine's side, as plain as it can be: each day's log a growing byte array, each sealed day's table. */
    private static final class Disk {
        final Map<Long, ByteArrayOutputStream> logs = new HashMap<>();
        final Map<Long, SealedIds> tables = new HashMap<>();
        long fromTables;

        /** Whether a log may be written anew: at the start, or going on from a checkpoint that held its days whole; else each only grows. */
        boolean anew = true;

        /**
         * Logs what the record lacks, as the engine does: a day with nothing logged written anew, any
         * other cut to the prefix the record says it holds (checked) and appended to. One that
         * {@code fails} writes half of its last day's bytes past the prefix (a full disk) and says
         * nothing to the record. Whether all was logged.
         */
        boolean log(ForgottenIds ids, boolean fails) {
            List<ForgottenIds.LoggedDay> written = new ArrayList<>();
            List<ForgottenIds.Unlogged> unlogged = ids.unlogged();
            for (int k = 0; k < unlogged.size(); k++) {
                ForgottenIds.Unlogged u = unlogged.get(k);
                boolean fresh = u.from() == null || u.from().length() == 0;
                assertTrue(anew || u.from() != null, "the log of day " + u.day() + " written anew, though the record held what it logged");
                if (fails && k == unlogged.size() - 1) {
                    if (!fresh) logs.get(u.day()).write(u.bytes(), 0, u.bytes().length / 2); // a fresh log goes to a temporary file
                    return false;
                }
                ByteArrayOutputStream log = new ByteArrayOutputStream();
                if (!fresh) {
                    byte[] held = logs.get(u.day()).toByteArray();
                    assertTrue(held.length >= u.from().length(), "the log holds what the record says");
                    log.write(held, 0, (int) u.from().length());
                    assertEquals(u.from().crc(), crc(log.toByteArray(), log.size()), "the log's prefix is what the record says");
                }
                log.writeBytes(u.bytes());
                logs.put(u.day(), log);
                written.add(new ForgottenIds.LoggedDay(u.day(), log.size(), crc(log.toByteArray(), log.size())));
            }
            ids.logged(written);
            anew = false;
            return true;
        }

        /** A prefix a checkpoint named: from the day's table once it is sealed (the log gone), else from its log. */
        byte[] prefix(ForgottenIds.LoggedDay day) {
            SealedIds table = tables.get(day.day());
            byte[] whole;
            if (table != null && !table.equals(heapSealed.get(day.day()))) {
                whole = entriesOf(table);
                fromTables++;
            } else {
                whole = logs.get(day.day()).toByteArray();
            }
            // a log written anew since (going on from days held whole) no longer holds what older checkpoints named: they are refused
            if (whole.length < day.length() || crc(whole, (int) day.length()) != day.crc()) throw new Unrestorable();
            return Arrays.copyOf(whole, (int) day.length());
        }

        /** Tables sealed from the heap (a log had failed): they hold no log, and the log stays. */
        final Map<Long, SealedIds> heapSealed = new HashMap<>();
    }

    private static byte[] entriesOf(SealedIds table) {
        byte[] out = new byte[(int) table.entriesLength()];
        for (int i = 0; i < out.length; i++) out[i] = bodies.get(table).get((int) (table.entriesAt() + i));
        return out;
    }

    private static final Map<SealedIds, ByteBuffer> bodies = new java.util.IdentityHashMap<>();

    private static int crc(byte[] b, int n) {
        CRC32C c = new CRC32C();
        c.update(b, 0, n);
        return (int) c.getValue();
    }

    /** A checkpoint as written, and what the record answered then. */
    private record Checkpoint(List<String> form, List<String> canonical, Map<String, long[]> model, long today) {
    }

    /** The engine's logs must match the days on the heap: a log of a day it does not hold is refused, saying so. */
    @Test
    void aLogOfADayNotOnTheHeapIsRefused() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("m-1", null, DAY0);
        ids.add("m-2", null, DAY0 + 1);
        assertEquals(List.of(DAY0, DAY0 + 1), ids.unlogged().stream().map(ForgottenIds.Unlogged::day).toList());
        ids.logged(List.of(new ForgottenIds.LoggedDay(DAY0, 10, 1), new ForgottenIds.LoggedDay(DAY0 + 1, 10, 2)));
        ids.add("m-3", null, DAY0 + 1);
        assertEquals(List.of(DAY0 + 1), ids.unlogged().stream().map(ForgottenIds.Unlogged::day).toList(), "only the day that grew");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ids.logged(List.of(new ForgottenIds.LoggedDay(DAY0 + 2, 10, 3))));
        assertEquals("a log of day " + (DAY0 + 2) + ", which is not on the heap", e.getMessage());
    }

    @Test
    void everyCheckpointRestoresFromLogsAndTablesAsTheModelAnsweredThen() {
        long fromTables = 0;
        for (long seed = 1; seed <= 24; seed++) fromTables += run(seed);
        assertTrue(fromTables > 100, "checkpoints restored from the tables that hold their logs: " + fromTables);
    }

    /** How many of the checkpoints restored at the end read a day from the table that holds its log. */
    private static long run(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String[] universe = new String[300];
        for (int i = 0; i < universe.length; i++) {
            universe[i] = switch (i % 4) {
                case 0 -> Long.toString(1_100_000_000_000_000_000L + i * 7919L);
                case 1 -> Integer.toString(i);
                case 2 -> "msg-" + i + "-é";
                default -> "0" + i;
            };
        }
        ForgottenIds ids = new ForgottenIds();
        Disk disk = new Disk();
        Map<String, long[]> model = new HashMap<>();
        List<Checkpoint> checkpoints = new ArrayList<>();
        long today = DAY0;
        String where = "seed " + seed;
        for (int step = 0; step < 1_500; step++) {
            int op = r.nextInt(1_000);
            where = "seed " + seed + ", step " + step;
            if (op < 700) {
                // every third seed a day of few ids let go again and again: the arena compacted between checkpoints
                String id = universe[r.nextInt(seed % 3 == 0 ? 16 : universe.length)];
                Long reader = r.nextInt(3) == 0 ? null : (long) r.nextInt(1_000);
                ids.add(id, reader, today);
                model.put(id, new long[] {today, reader == null ? ForgottenIds.NO_READER : reader});
            } else if (op < (seed % 3 == 0 ? 701 : 712)) {
                today++;
            } else if (op < 720) {
                long cutoff = today - 2 - r.nextInt(3);
                ids.expire(cutoff);
                model.values().removeIf(v -> v[0] < cutoff);
                // the engine keeps a day's table a week past retention: checkpoints written before still name it
            } else if (op < 780 && ids.oldestDayOnHeap() < today) {
                seal(ids, disk, r.nextInt(5) == 0);
            } else if (op < 900) {
                boolean logged = disk.log(ids, op < 790 && seed % 3 != 0); // a log the disk refused now and then: this checkpoint holds the ids whole
                List<String> form = ForgottenIdsForm.writeForCheckpoint(ids);
                assertEquals(logged || ids.oldestDayOnHeap() == Long.MAX_VALUE, form.stream().anyMatch(f -> f.startsWith("log ")) || ids.oldestDayOnHeap() == Long.MAX_VALUE,
                        where + ": the days named by their logs exactly when all is logged");
                checkpoints.add(new Checkpoint(form, ForgottenIdsForm.write(ids), copy(model), today));
                ForgottenIds restored = restore(form, disk, ids.sealed, ids.tables);
                answersAsTheModel(restored, model, today, universe, where);
                if (r.nextBoolean()) {
                    ids = restored; // the engine goes on from what it restored
                    if (!logged) disk.anew = true; // restored from days held whole: their logs are written anew
                }
            }
        }
        int unrestorable = 0;
        for (int k = 0; k < checkpoints.size(); k++) {
            Checkpoint cp = checkpoints.get(k);
            ForgottenIds restored;
            try {
                restored = restore(cp.form(), disk, null, null);
            } catch (Unrestorable gone) {
                unrestorable++;
                continue;
            }
            answersAsTheModel(restored, cp.model(), cp.today(), universe, where + ", checkpoint " + k);
            assertEquals(cp.canonical(), ForgottenIdsForm.write(restored), where + ", checkpoint " + k + ": the canonical form as then");
        }
        // a table retention let go, a log written anew: the few a restore falls back from
        assertTrue(unrestorable * 2 < checkpoints.size(), where + ": " + unrestorable + " of " + checkpoints.size() + " checkpoints not restored");
        return disk.fromTables;
    }

    /** Seals the oldest day as the engine does: logged first and made of its log, or from the heap. */
    private static void seal(ForgottenIds ids, Disk disk, boolean logFails) {
        long day = ids.oldestDayOnHeap();
        ByteBuffer body;
        boolean fromLog = disk.log(ids, logFails);
        if (fromLog) {
            byte[] log = disk.logs.get(day).toByteArray();
            body = ForgottenIds.dayBodyOfLog(day, log);
        } else {
            body = ids.oldestDayBody(); // its log is left to the checkpoints that name it
        }
        SealedIds table = SealedIds.over(day, SealedIds.Body.of(body));
        bodies.put(table, body.duplicate().order(ByteOrder.LITTLE_ENDIAN));
        if (fromLog) assertArrayEquals(disk.logs.get(day).toByteArray(), entriesOf(table), "the table holds its day's log byte for byte");
        else disk.heapSealed.put(day, table);
        ids.sealOldestDay(new ForgottenIds.SealedDay(day, 0, 0, "rules", table.size()), table);
        disk.tables.put(day, table);
    }

    private static final class Unrestorable extends RuntimeException {
    }

    private static ForgottenIds restore(List<String> form, Disk disk, List<ForgottenIds.SealedDay> sealed, List<SealedIds> tables) {
        ForgottenIds restored = ForgottenIdsForm.read(form);
        for (ForgottenIds.SealedDay day : restored.sealedDays()) {
            SealedIds table = disk.tables.get(day.day());
            if (table == null) throw new Unrestorable();
            restored.attach(day, table);
        }
        List<byte[]> entries = new ArrayList<>();
        for (ForgottenIds.LoggedDay day : restored.loggedDays()) {
            if (!disk.logs.containsKey(day.day()) && !disk.tables.containsKey(day.day())) throw new Unrestorable();
            entries.add(disk.prefix(day));
        }
        if (!entries.isEmpty()) restored.attachLogs(entries);
        assertTrue(restored.loggedDays().isEmpty());
        return restored;
    }

    private static void answersAsTheModel(ForgottenIds ids, Map<String, long[]> model, long today, String[] universe, String where) {
        for (String id : universe) {
            long[] m = model.get(id);
            for (long from = today - 4; from <= today + 1; from++) {
                long expected = m == null || m[0] < from ? ForgottenIds.NOT_HELD : m[1];
                assertEquals(expected, ids.lookup(id, from), where + ": " + id + " from day " + (from - DAY0));
            }
        }
    }

    private static Map<String, long[]> copy(Map<String, long[]> model) {
        Map<String, long[]> out = new HashMap<>();
        model.forEach((k, v) -> out.put(k, v.clone()));
        return out;
    }

    @Test
    void aCheckpointNamesEveryDayOnTheHeapByItsLogOnceAllIsLogged() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("1", 7L, DAY0);
        ids.add("a", null, DAY0 + 1);
        assertTrue(ForgottenIdsForm.writeForCheckpoint(ids).stream().noneMatch(s -> s.startsWith("log ")), "nothing logged: the days held whole");
        new Disk().log(ids, false);
        List<String> form = ForgottenIdsForm.writeForCheckpoint(ids);
        assertEquals(2, form.stream().filter(s -> s.startsWith("log ")).count(), form::toString);
        ids.add("b", null, DAY0 + 1);
        assertTrue(ForgottenIdsForm.writeForCheckpoint(ids).stream().noneMatch(s -> s.startsWith("log ")), "an id not yet logged: the days held whole");
    }

    @Test
    void aRecordNamedByItsLogsAnswersNothingUntilTheyAreAttached() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("1", 7L, DAY0);
        Disk disk = new Disk();
        disk.log(ids, false);
        ForgottenIds restored = ForgottenIdsForm.read(ForgottenIdsForm.writeForCheckpoint(ids));
        assertThrows(IllegalStateException.class, () -> restored.lookup("1", DAY0));
        assertThrows(IllegalStateException.class, () -> ForgottenIdsForm.write(restored));
        byte[] cut = Arrays.copyOf(disk.logs.get(DAY0).toByteArray(), 1);
        assertThrows(IllegalArgumentException.class, () -> restored.attachLogs(List.of(cut)), "a prefix not of the length named");
    }

    @Test
    void aLogsNameThatDoesNotReadIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ForgottenIdsForm.read(List.of("log 20500 x 1", new dev.routing.projections.packed.PackedOut(1).varLong(0).chunks().get(0))));
        assertTrue(e.getMessage().contains("log 20500 x 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ForgottenIdsForm.read(List.of("log 20501 0 0", "log 20500 0 0", new dev.routing.projections.packed.PackedOut(1).varLong(0).chunks().get(0))));
    }
}
