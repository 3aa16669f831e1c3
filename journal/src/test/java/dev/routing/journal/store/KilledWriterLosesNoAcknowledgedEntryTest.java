package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.Entry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: a writer killed with SIGKILL at random moments loses no entry it acknowledged
 * (append had returned), leaves no partial, undecodable or duplicated entry, and the next writer
 * carries on from where the journal ends.
 *
 * <p>Each round forks {@link AppendLoop}, lets it append for a random 50-400 ms, kills it with
 * {@link ProcessHandle#destroyForcibly()} (SIGKILL on Linux), reopens the journal and checks it against
 * every acknowledgement the child printed. Rounds: {@code -Dcrash.kills} (default 20); the random
 * seed: {@code -Dcrash.seed}, printed on failure. Chronicle logs a WARN in the child about
 * force-unlocking the dead writer's lock: expected.
 */
class KilledWriterLosesNoAcknowledgedEntryTest {
    private static final long FIRST_DAY = Instant.parse("2026-11-02T00:00:00Z").toEpochMilli() / AppendLoop.DAY_MILLIS;

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    /** Where entry n was found: its index. Entry n of the journal is entry n of AppendLoop. */
    private final List<Long> indexOf = new ArrayList<>();

    /** The day the run that wrote entry n used, one element per run: {first n of the run, day}. */
    private final List<long[]> runs = new ArrayList<>();

    private String lastLines = "";

    record Ack(long index, long n, long atMillis) {}

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
                // mostly mid-append; one round in five counted from the open, to land in recovery too
                boolean fromFirstAppend = random.nextInt(5) != 0;
                List<Ack> acks = killAfter(run, day, fromFirstAppend, 50 + random.nextInt(351));
                totalAcks += acks.size();
                verify(acks, run);
            }
            assertTrue(totalAcks > kills, "the children appended: " + totalAcks + " acknowledgements");
            verifyWholeJournalAndAppendOnce();
        } catch (AssertionError | Exception e) {
            throw new AssertionError("seed " + seed + " (rerun with -Dcrash.seed=" + seed + "), round " + run
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs one child writer on {@code day} and kills it {@code millis} after its first append
     * returned (or after it opened the journal); returns its acknowledgements.
     */
    private List<Ack> killAfter(int run, long day, boolean fromFirstAppend, long millis) throws Exception {
        Path stderr = logs.resolve("child-" + run + ".err");
        Process child = ForkedJvm.of(AppendLoop.class, dir.toString(), Long.toString(day))
                .redirectError(stderr.toFile())
                .start();
        List<String> lines = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(1);
        CountDownLatch appending = new CountDownLatch(1);
        Thread drain = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    if (line.startsWith("ready ")) ready.countDown();
                    if (line.startsWith("ack ")) appending.countDown();
                }
            } catch (IOException ignored) {
                // the child is dead
            } finally {
                ready.countDown();
                appending.countDown();
            }
        }, "child-" + run + "-stdout");
        drain.start();
        try {
            // a bound against a child that never starts, not a timing claim
            if (!ready.await(60, TimeUnit.SECONDS) || !child.isAlive()) {
                throw new AssertionError("child " + run + " did not start appending: " + lines + "\n" + Files.readString(stderr));
            }
            if (fromFirstAppend) appending.await(60, TimeUnit.SECONDS);
            Thread.sleep(millis);
        } finally {
            // SIGKILL, as Process.destroyForcibly() sends, but through the handle: Process's own
            // destroy closes our end of the child's stdout and would drop acks still in the pipe.
            child.toHandle().destroyForcibly();
            child.waitFor();
            drain.join();
            child.getOutputStream().close();
        }

        if (lines.isEmpty() || !lines.get(0).startsWith("ready ")) {
            throw new AssertionError("child " + run + " never opened the journal: " + lines + "\n" + Files.readString(stderr));
        }
        long resumedAt = Long.parseLong(lines.get(0).substring("ready ".length()));
        assertEquals(indexOf.size(), resumedAt, "the child resumes after the last entry in the journal");
        runs.add(new long[] {resumedAt, day});

        lastLines = lines.subList(Math.max(0, lines.size() - 4), lines.size()).toString();
        List<Ack> acks = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(" ");
            // a line cut short by the kill is no acknowledgement
            if (f.length != 5 || !f[0].equals("ack") || !f[4].equals(";")) continue;
            acks.add(new Ack(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])));
        }
        for (int i = 0; i < acks.size(); i++) {
            assertEquals(resumedAt + i, acks.get(i).n(), "the child acknowledges entries in order");
        }
        return acks;
    }

    private Entry expected(long n) {
        long day = -1;
        for (long[] r : runs) if (r[0] <= n) day = r[1];
        return AppendLoop.entry(n, Instant.ofEpochMilli(day * AppendLoop.DAY_MILLIS + n));
    }

    /** Reads the journal from the last entry verified before, checking it against the acks. */
    private void verify(List<Ack> acks, int run) {
        try (Journal journal = Journal.openReader(dir)) {
            long from = indexOf.isEmpty() ? Long.MIN_VALUE : indexOf.get(indexOf.size() - 1);
            List<JournalRecord> records = new ArrayList<>();
            journal.read(from, records::add); // a partial or undecodable entry would throw here
            if (!indexOf.isEmpty()) {
                assertEquals(from, records.get(0).index(), "the entry verified before is still there");
                assertEquals(expected(indexOf.size() - 1), records.get(0).entry());
                records = records.subList(1, records.size());
            }
            long previous = indexOf.isEmpty() ? -1 : indexOf.get(indexOf.size() - 1);
            for (JournalRecord r : records) {
                long n = indexOf.size();
                assertTrue(r.index() > previous, "indexes increase: " + Long.toHexString(r.index()));
                assertEquals(expected(n), r.entry(), "entry " + n + " at " + Long.toHexString(r.index())
                        + ": sequence contiguous, content intact, no duplicate");
                indexOf.add(r.index());
                previous = r.index();
            }
            for (Ack ack : acks) {
                assertTrue(ack.n() < indexOf.size(), "acknowledged entry " + ack.n() + " is lost; the journal has "
                        + indexOf.size());
                assertEquals(ack.index(), (long) indexOf.get((int) ack.n()), "entry " + ack.n() + " keeps its index");
                assertEquals(ack.atMillis(), expected(ack.n()).at().toEpochMilli());
            }
            long acknowledged = acks.isEmpty() ? runs.get(run)[0] : acks.get(acks.size() - 1).n() + 1;
            long unacknowledged = indexOf.size() - acknowledged;
            assertTrue(unacknowledged == 0 || unacknowledged == 1,
                    "at most the entry being acknowledged when the kill came is beyond the acks: " + unacknowledged
                            + "; the child's last lines: " + lastLines);
            if (!indexOf.isEmpty()) assertEquals(previous, journal.lastIndex());
        } finally {
            BackgroundResourceReleaser.releasePendingResources();
        }
    }

    private void verifyWholeJournalAndAppendOnce() {
        try (Journal journal = Journal.openWriter(dir)) {
            List<JournalRecord> all = new ArrayList<>();
            journal.read(Long.MIN_VALUE, all::add);
            assertEquals(indexOf.size(), all.size());
            assertEquals(indexOf.size(), journal.scanRaw(Long.MIN_VALUE, null));
            for (int n = 0; n < all.size(); n++) {
                assertEquals((long) indexOf.get(n), all.get(n).index());
                assertEquals(expected(n), all.get(n).entry());
            }
            long n = all.size();
            Entry next = AppendLoop.entry(n, Instant.ofEpochMilli(runs.get(runs.size() - 1)[1] * AppendLoop.DAY_MILLIS + n));
            long index = journal.append(next);
            assertTrue(index > indexOf.get(indexOf.size() - 1));
            assertEquals(next, journal.entryAt(index));
        } finally {
            BackgroundResourceReleaser.releasePendingResources();
        }
    }
}
