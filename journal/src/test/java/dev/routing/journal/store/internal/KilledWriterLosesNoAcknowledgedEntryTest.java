package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.ForkedJvm;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: a writer killed with SIGKILL at random moments loses no group it acknowledged
 * (append had returned), leaves no partial, undecodable or duplicated group, and the next writer
 * carries on from where the journal ends.
 *
 * <p>Each round forks {@link AppendLoop} and kills it with {@link ProcessHandle#destroyForcibly()}
 * (SIGKILL on Linux), in one of four places, in turn:
 * <ul>
 * <li>appending: a random 50-400 ms after its first acknowledgement;</li>
 * <li>opening: a random 0-250 ms after it started opening the journal;</li>
 * <li>in a checkpoint: writing state checkpoints of 4.6 MB (two excerpts each), a random 0-60 ms
 * after it opened;</li>
 * <li>in a torn-tail cut: before the round, the test appends one more group itself and tears it as a
 * writer killed before recording it in {@code journal.tip} and before its bytes all reached the disk
 * leaves it; the child's open must cut it, and is killed a random 0-250 ms after it started.</li>
 * </ul>
 * It then reopens the journal as a reader and checks it against every acknowledgement the child
 * printed. Rounds: {@code -Dcrash.kills} (default 20, 200 under -Psoak); the random seed:
 * {@code -Dcrash.seed}, printed on failure. Chronicle logs a WARN in the child about force-unlocking
 * the dead writer's lock: expected.
 */
class KilledWriterLosesNoAcknowledgedEntryTest {
    private static final long FIRST_DAY = Instant.parse("2026-11-02T00:00:00Z").toEpochMilli() / AppendLoop.DAY_MILLIS;

    private enum Place { APPENDING, OPENING, CHECKPOINT, TORN_TAIL_CUT }

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    /** Group n of the journal is group n of AppendLoop, at index indexOf.get(n). */
    private final List<Long> indexOf = new ArrayList<>();

    /** Each run that wrote groups: {first n of the run, day, checkpoints 0/1}. */
    private final List<long[]> runs = new ArrayList<>();

    /** Where kills landed: an open that never said ready, a checkpoint not yet acknowledged, an open cutting a torn tail. */
    private final Map<String, Integer> landed = new LinkedHashMap<>();

    private String lastLines = "";

    record Ack(long index, long n) {}

    @Test
    void killedWriterLosesNoAcknowledgedEntry() throws Exception {
        int kills = Integer.getInteger("crash.kills", 20);
        long seed = Long.getLong("crash.seed", System.nanoTime());
        Random random = new Random(seed);
        int run = 0;
        try {
            long day = FIRST_DAY;
            long totalAcks = 0;
            for (run = 0; run < kills; run++) {
                if (run > 0 && random.nextInt(3) == 0) day++; // some runs begin a new daily file
                Place place = Place.values()[run % Place.values().length];
                if (place == Place.TORN_TAIL_CUT && indexOf.isEmpty()) place = Place.APPENDING;
                boolean torn = place == Place.TORN_TAIL_CUT && tearOneMoreGroup(day);
                List<Ack> acks = killIn(run, day, place, random, torn);
                totalAcks += acks.size();
                verify(acks, run);
            }
            assertTrue(totalAcks > kills, "the children appended: " + totalAcks + " acknowledgements");
            verifyWholeJournalAndAppendOnce();
            if (kills >= 20) {
                assertTrue(landed.getOrDefault("in an open", 0) > 0, "some kills landed in an open: " + landed);
                assertTrue(landed.getOrDefault("in a checkpoint", 0) > 0, "some kills landed in a checkpoint: " + landed);
                assertTrue(landed.getOrDefault("in an open cutting a torn tail", 0) > 0, "some kills landed in a cut: " + landed);
            }
            System.out.println("kills landed: " + landed + " of " + kills);
        } catch (AssertionError | Exception e) {
            throw new AssertionError("seed " + seed + " (rerun with -Dcrash.seed=" + seed + "), round " + run
                    + ": " + e.getMessage() + "; kills landed: " + landed, e);
        }
    }

    /**
     * Appends the next group as the writer would, then puts back the tip from before it and zeroes the
     * group's last bytes: what a writer killed between the excerpt and the tip, before its pages all
     * reached the disk, leaves. Returns false when the journal holds nothing to tear yet.
     */
    private boolean tearOneMoreGroup(long day) throws IOException {
        Path tip = dir.resolve(Tip.FILE);
        Path saved = logs.resolve("tip-before-tear");
        long index;
        try (JournalWriter j = Journal.openWriter(dir)) {
            Files.copy(tip, saved, StandardCopyOption.REPLACE_EXISTING);
            long n = indexOf.size();
            index = j.append(AppendLoop.group(n, Instant.ofEpochMilli(day * AppendLoop.DAY_MILLIS + n), -1));
        } finally {
            BackgroundResourceReleaser.releasePendingResources();
        }
        Files.copy(saved, tip, StandardCopyOption.REPLACE_EXISTING);
        Path file = dir.resolve(DayFiles.name(Journal.cycleOf(index)));
        long end = lastNonZero(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(24), end - 24);
        }
        return true;
    }

    private static long lastNonZero(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 16);
            long used = 0;
            for (long pos = 0; pos < ch.size(); pos += b.capacity()) {
                b.clear();
                int n = ch.read(b, pos);
                for (int i = 0; i < n; i++) if (b.get(i) != 0) used = pos + i + 1;
                if (used < pos - (8L << 20)) break;
            }
            return used;
        }
    }

    /** Runs one child writer on {@code day} and kills it in {@code place}; returns its acknowledgements. */
    private List<Ack> killIn(int run, long day, Place place, Random random, boolean torn) throws Exception {
        Path stderr = logs.resolve("child-" + run + ".err");
        List<String> args = new ArrayList<>(List.of(dir.toString(), Long.toString(day)));
        if (place == Place.CHECKPOINT) args.add("checkpoints");
        Process child = ForkedJvm.of(AppendLoop.class, args.toArray(String[]::new)).redirectError(stderr.toFile()).start();
        List<String> lines = new ArrayList<>();
        CountDownLatch opening = new CountDownLatch(1);
        CountDownLatch ready = new CountDownLatch(1);
        CountDownLatch appending = new CountDownLatch(1);
        Thread drain = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    if (line.equals("opening")) opening.countDown();
                    if (line.startsWith("ready ")) ready.countDown();
                    if (line.startsWith("ack ")) appending.countDown();
                }
            } catch (IOException ignored) {
                // the child is dead
            } finally {
                opening.countDown();
                ready.countDown();
                appending.countDown();
            }
        }, "child-" + run + "-stdout");
        drain.start();
        try {
            // bounds against a child that never starts, not timing claims
            if (!opening.await(60, TimeUnit.SECONDS) || !child.isAlive()) {
                throw new AssertionError("child " + run + " did not start: " + lines + "\n" + Files.readString(stderr));
            }
            switch (place) {
                case APPENDING -> {
                    appending.await(60, TimeUnit.SECONDS);
                    Thread.sleep(50 + random.nextInt(351));
                }
                case OPENING, TORN_TAIL_CUT -> Thread.sleep(random.nextInt(251));
                case CHECKPOINT -> {
                    ready.await(60, TimeUnit.SECONDS);
                    Thread.sleep(random.nextInt(61));
                }
            }
        } finally {
            // SIGKILL, as Process.destroyForcibly() sends, but through the handle: Process's own
            // destroy closes our end of the child's stdout and would drop acks still in the pipe.
            child.toHandle().destroyForcibly();
            child.waitFor();
            drain.join();
            child.getOutputStream().close();
        }
        boolean wasReady = lines.stream().anyMatch(l -> l.startsWith("ready "));
        List<Ack> acks = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            // a line cut short by the kill is no acknowledgement
            if (f.length != 4 || !f[0].equals("ack") || !f[3].equals(";")) continue;
            acks.add(new Ack(Long.parseLong(f[1]), Long.parseLong(f[2])));
        }
        if (!wasReady) count(torn ? "in an open cutting a torn tail" : "in an open");
        else if (place == Place.CHECKPOINT && acks.isEmpty()) count("in a checkpoint");
        if (!wasReady) {
            runs.add(new long[] {indexOf.size(), day, 0});
            return acks;
        }
        String ready0 = lines.stream().filter(l -> l.startsWith("ready ")).findFirst().orElseThrow();
        long resumedAt = Long.parseLong(ready0.substring("ready ".length()));
        assertEquals(indexOf.size(), resumedAt, "the child resumes after the last group in the journal (a torn one cut)");
        runs.add(new long[] {resumedAt, day, place == Place.CHECKPOINT ? 1 : 0});
        lastLines = lines.subList(Math.max(0, lines.size() - 4), lines.size()).toString();
        for (int i = 0; i < acks.size(); i++) {
            assertEquals(resumedAt + i, acks.get(i).n(), "the child acknowledges groups in order");
        }
        return acks;
    }

    private void count(String where) {
        landed.merge(where, 1, Integer::sum);
    }

    private List<String> expected(long n) {
        long[] run = null;
        for (long[] r : runs) if (r[0] <= n) run = r;
        List<String> json = new ArrayList<>();
        for (Entry e : AppendLoop.group(n, Instant.ofEpochMilli(run[1] * AppendLoop.DAY_MILLIS + n), run[2] == 1 ? run[0] : -1)) {
            json.add(EntryCodec.toJson(e));
        }
        return json;
    }

    /** The groups of the records, in order: each group's index and its entries' JSON. */
    private static List<Map.Entry<Long, List<String>>> groups(List<JournalRecord> records) {
        List<Map.Entry<Long, List<String>>> out = new ArrayList<>();
        for (JournalRecord r : records) {
            if (out.isEmpty() || out.get(out.size() - 1).getKey() != r.index()) out.add(Map.entry(r.index(), new ArrayList<>()));
            out.get(out.size() - 1).getValue().add(EntryCodec.toJson(r.entry()));
        }
        return out;
    }

    /** Reads the journal from the last group verified before, checking it against the acks. */
    private void verify(List<Ack> acks, int run) {
        try (Journal journal = Journal.openReader(dir)) {
            long from = indexOf.isEmpty() ? Long.MIN_VALUE : indexOf.get(indexOf.size() - 1);
            List<JournalRecord> records = new ArrayList<>();
            journal.read(from, records::add); // a partial or undecodable group would throw here
            List<Map.Entry<Long, List<String>>> groups = groups(records);
            if (!indexOf.isEmpty()) {
                assertEquals(from, groups.get(0).getKey(), "the group verified before is still there");
                assertEquals(expected(indexOf.size() - 1), groups.get(0).getValue());
                groups = groups.subList(1, groups.size());
            }
            long previous = indexOf.isEmpty() ? -1 : indexOf.get(indexOf.size() - 1);
            for (Map.Entry<Long, List<String>> g : groups) {
                long n = indexOf.size();
                assertTrue(g.getKey() > previous, "indexes increase: " + Long.toHexString(g.getKey()));
                assertEquals(expected(n), g.getValue(), "group " + n + " at " + Long.toHexString(g.getKey())
                        + ": whole, in order, no duplicate");
                indexOf.add(g.getKey());
                previous = g.getKey();
            }
            for (Ack ack : acks) {
                assertTrue(ack.n() < indexOf.size(), "acknowledged group " + ack.n() + " is lost; the journal has "
                        + indexOf.size());
                assertEquals(ack.index(), (long) indexOf.get((int) ack.n()), "group " + ack.n() + " keeps its index");
            }
            long acknowledged = acks.isEmpty() ? runs.get(run)[0] : acks.get(acks.size() - 1).n() + 1;
            long unacknowledged = indexOf.size() - acknowledged;
            assertTrue(unacknowledged == 0 || unacknowledged == 1,
                    "at most the group being acknowledged when the kill came is beyond the acks: " + unacknowledged
                            + "; the child's last lines: " + lastLines);
        } finally {
            BackgroundResourceReleaser.releasePendingResources();
        }
    }

    private void verifyWholeJournalAndAppendOnce() {
        try (JournalWriter journal = Journal.openWriter(dir)) {
            List<JournalRecord> all = new ArrayList<>();
            journal.read(Long.MIN_VALUE, all::add);
            List<Map.Entry<Long, List<String>>> groups = groups(all);
            assertEquals(indexOf.size(), groups.size());
            assertEquals(all.size(), journal.scanRaw(Long.MIN_VALUE, null));
            for (int n = 0; n < groups.size(); n++) {
                assertEquals((long) indexOf.get(n), groups.get(n).getKey());
                assertEquals(expected(n), groups.get(n).getValue());
            }
            long n = groups.size();
            long[] last = runs.get(runs.size() - 1);
            List<Entry> next = AppendLoop.group(n, Instant.ofEpochMilli(last[1] * AppendLoop.DAY_MILLIS + n), -1);
            long index = journal.append(next);
            assertTrue(index > indexOf.get(indexOf.size() - 1));
            assertEquals(next.get(0), journal.entryAt(index));
        } finally {
            BackgroundResourceReleaser.releasePendingResources();
        }
    }
}
