package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.codec.EntryTypes;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.internal.JournalRewrite;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adversarial tests of {@link DecodedReader}'s promises, on real journals: order and exactly-once
 * delivery on one thread, faults reported as a reader in order meets them, the sink's own fault
 * never replaced, no decoding thread alive once a read returns, a walk that stops soon after the
 * sink fails, and no hang whatever the caller's thread or the sink does.
 *
 * <p>The journals have no checkpoint, so group {@code g} holds entries {@code 2g} (a fact) and
 * {@code 2g+1} (a decision), and a batch of 4,096 entries is exactly 2,048 groups.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DecodedReaderFaultsTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final Duration GUARD = Duration.ofSeconds(60);
    /** About six batches: every batch boundary and the last partial batch (entries 20,480..23,999). */
    private static final int GROUPS = 12_000;
    /** Thirty batches: long enough that a walk reading it all is told apart from one that stopped. */
    private static final int LONG_GROUPS = 60_000;
    private static final String SINKS_OWN = "the sink's own fault";

    @TempDir
    Path dir;

    private Path clean;
    private Path longJournal;
    private final List<Long> groupIndex = new ArrayList<>();

    @BeforeAll
    void writeOnce(@TempDir Path shared) {
        clean = shared.resolve("clean");
        try (JournalWriter j = Journal.openWriter(clean)) {
            for (int i = 0; i < GROUPS; i++) {
                Instant at = T0.plusMillis(i);
                groupIndex.add(j.write(Group.of(List.of(Entries.message(at, "m" + i), Entries.publish(at, i)))));
            }
            j.sync();
        }
        longJournal = shared.resolve("long");
        try (JournalWriter j = Journal.openWriter(longJournal)) {
            for (int i = 0; i < LONG_GROUPS; i++) {
                Instant at = T0.plusMillis(i);
                j.write(Group.of(List.of(Entries.message(at, "m" + i), Entries.publish(at, i))));
            }
            j.sync();
        }
    }

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    // ---- helpers

    private record Got(long index, Entry entry, int bytes) {}

    private static final byte[] UNREADABLE = Entries.unreadable();

    /** {@code clean} copied, journal entry number {@code badEntry} (0-based, -1 for none) unreadable, group {@code damagedGroup}'s checksum broken. */
    private Path faulty(String name, int badEntry, int damagedGroup) {
        Path to = dir.resolve(name);
        JournalRewrite.rewrite(clean, to, excerpt -> EntryCodec.SCHEMA_VERSION,
                (excerpt, entry, schema, bytes) -> 2 * excerpt + entry == badEntry ? UNREADABLE : bytes,
                excerpt -> excerpt == damagedGroup);
        return to;
    }

    /** Decision entries the walk met: the reader asks {@code passedOver} about each (and passes none over). */
    private static final class CountingPass implements DecodedReader.PassedOver {
        final AtomicLong asked = new AtomicLong();

        @Override
        public boolean passedOver(int version, byte[] bytes, int offset, int length) {
            asked.incrementAndGet();
            return false;
        }
    }

    /** Records every call, its thread, and whether two calls ever overlapped; throws {@code fault} at call {@code throwAt}. */
    private static final class Recorder implements DecodedReader.Sink {
        final List<Got> got = new ArrayList<>(); // plain: the read's promise is that it is visible once read returns
        final Set<Thread> threads = new HashSet<>();
        final AtomicInteger inside = new AtomicInteger();
        final AtomicBoolean overlapped = new AtomicBoolean();
        final int throwAt;
        final Throwable fault;
        int callsAfterFault;
        boolean threw;

        Recorder(int throwAt, Throwable fault) {
            this.throwAt = throwAt;
            this.fault = fault;
        }

        Recorder() {
            this(-1, null);
        }

        @Override
        public void accept(long index, Entry entry, int storedBytes) {
            if (inside.incrementAndGet() != 1) overlapped.set(true);
            try {
                threads.add(Thread.currentThread());
                if (threw) {
                    callsAfterFault++;
                    return;
                }
                if (got.size() == throwAt) {
                    threw = true;
                    sneaky(fault);
                }
                got.add(new Got(index, entry, storedBytes));
            } finally {
                inside.decrementAndGet();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    private static Throwable readCatching(Path journal, Set<String> passedOver, DecodedReader.Sink sink) {
        return readCatching(journal, passedOver.isEmpty() ? null : EntryTypes.of(passedOver)::contains, sink);
    }

    private static Throwable readCatching(Path journal, DecodedReader.PassedOver passedOver, DecodedReader.Sink sink) {
        return assertTimeoutPreemptively(GUARD, () -> {
            try (Journal j = Journal.openReader(journal)) {
                DecodedReader.read(j, -1, Long.MAX_VALUE, passedOver, sink);
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
    }

    private static List<JournalRecord> sequential(Path journal, AtomicReference<RuntimeException> thrown) {
        List<JournalRecord> records = new ArrayList<>();
        try (Journal j = Journal.openReader(journal)) {
            j.read(-1, Long.MAX_VALUE, records::add);
        } catch (RuntimeException e) {
            thrown.set(e);
        }
        return records;
    }

    private static Set<Thread> decodeThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("journal-decode") && t.isAlive())
                .collect(Collectors.toSet());
    }

    /** Runs {@code read}; fails if a journal-decode thread that was not there before is alive when it returns. */
    private static void noDecodeThreadOutlives(String what, Runnable read) throws InterruptedException {
        String failed = decodeThreadsOutliving(what, read);
        if (failed != null) fail(failed);
    }

    /** As above, the failure as text (null for none), so that one test can try every case. */
    private static String decodeThreadsOutliving(String what, Runnable read) throws InterruptedException {
        Set<Thread> before = decodeThreads();
        read.run();
        Set<Thread> atReturn = decodeThreads();
        atReturn.removeAll(before);
        // the strict promise is "none at return"; a longer look tells a thread that lingers from one that leaks
        for (Thread t : atReturn) t.join(10_000);
        long leaked = atReturn.stream().filter(Thread::isAlive).count();
        if (leaked > 0) return what + ": " + leaked + " decoding thread(s) still alive 10 s after the read returned";
        if (!atReturn.isEmpty()) return what + ": " + atReturn.size() + " decoding thread(s) alive when the read returned (ended within 10 s)";
        return null;
    }

    // ---- every entry in journal order, exactly once, on one thread at a time, visible at return

    @Test
    void everyEntryExactlyOnceInJournalOrderOnOneThreadAtATime() {
        Recorder r = new Recorder();
        assertNull(readCatching(longJournal, Set.of(), r));
        List<JournalRecord> want = sequential(longJournal, new AtomicReference<>());
        assertEquals(want.size(), r.got.size(), "entries delivered");
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i).index(), r.got.get(i).index(), "index of entry " + i);
            assertEquals(want.get(i).entry(), r.got.get(i).entry(), "entry " + i);
        }
        assertFalse(r.overlapped.get(), "two sink calls overlapped");
        assertEquals(1, r.threads.size(), "threads the sink ran on");
        assertFalse(r.threads.contains(Thread.currentThread()));
    }

    /** Entries of 200 KB: batches are handed on by bytes (8 MiB), not by count; order and contents must not change. */
    @Test
    void largeEntriesCutIntoBatchesByBytesArriveInOrderExactlyOnce() {
        Path big = dir.resolve("big");
        String text = "x".repeat(200_000);
        try (JournalWriter j = Journal.openWriter(big)) {
            for (int i = 0; i < 120; i++) {
                Instant at = T0.plusMillis(i);
                j.write(Group.of(List.of(bigMessage(at, "b" + i, text + i), Entries.publish(at, i))));
            }
            j.sync();
        }
        Recorder r = new Recorder();
        assertNull(readCatching(big, Set.of(), r));
        List<JournalRecord> want = sequential(big, new AtomicReference<>());
        assertEquals(want.size(), r.got.size());
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i).index(), r.got.get(i).index(), "index of entry " + i);
            assertEquals(want.get(i).entry(), r.got.get(i).entry(), "entry " + i);
        }
        // and the sink failing just after a byte-cut batch still wins, with nothing after it
        for (int at : new int[] {40, 41, 42, 239}) {
            Recorder failing = new Recorder(at, new IllegalStateException(SINKS_OWN));
            Throwable t = readCatching(big, Set.of(), failing);
            assertSame(failing.fault, t, "sink throwing at entry " + at);
            assertEquals(at, failing.got.size());
            assertEquals(0, failing.callsAfterFault, "entries after the sink threw at " + at);
        }
    }

    private static Entry bigMessage(Instant at, String id, String text) {
        return EntryCodec.readFact("{\"type\":\"message.received\",\"at\":\"" + at + "\",\"id\":\"" + id
                + "\",\"agent\":\"qa\",\"kind\":\"external-message\",\"writer\":\"host\",\"text\":\"" + text + "\"}");
    }

    // ---- an undecodable entry: every entry before it, then the damage named as Journal.read names it

    @Test
    void anUndecodableEntryAtEachBatchEdgeGetsEveryEntryBeforeItThenItsGroupsDamage() {
        // entry 0 (first of the first batch), 4,095 (last of a batch, a decision), 4,096 (first of the next),
        // 22,001 (in the last partial batch), 23,999 (the journal's last entry)
        for (int bad : new int[] {0, 4_095, 4_096, 22_001, 23_999}) {
            Path journal = faulty("bad-" + bad, bad, -1);
            Recorder r = new Recorder();
            Throwable t = readCatching(journal, Set.of(), r);
            assertInstanceOf(JournalDamagedException.class, t, "undecodable entry " + bad);
            assertEquals(bad, r.got.size(), "entries delivered before undecodable entry " + bad);
            for (int i = 0; i < bad; i++) assertEquals(groupIndex.get(i / 2), r.got.get(i).index());
            assertEquals(groupIndex.get(bad / 2), ((JournalDamagedException) t).index(), "the group's index, entry " + bad);
            assertEquals(0, r.callsAfterFault);
        }
    }

    /** "the damage named as Journal#read names it": the same index, file, ordinal and words as the sequential read. */
    @Test
    void anUndecodableEntryIsNamedAsTheSequentialReadNamesIt() {
        Path journal = faulty("named", 6_001, -1);
        AtomicReference<RuntimeException> seq = new AtomicReference<>();
        List<JournalRecord> before = sequential(journal, seq);
        JournalDamagedException want = assertInstanceOf(JournalDamagedException.class, seq.get());
        Recorder r = new Recorder();
        JournalDamagedException got = assertInstanceOf(JournalDamagedException.class, readCatching(journal, Set.of(), r));
        assertEquals(before.size(), r.got.size(), "entries before the damage, as the sequential read gives them");
        assertEquals(want.index(), got.index(), "index");
        assertEquals(want.file(), got.file(), "file");
        assertEquals(want.ordinal(), got.ordinal(), "ordinal");
        assertEquals(want.getMessage(), got.getMessage(), "message");
    }

    /** Walk damage (a broken checksum) with no decoding error: every entry before the damaged group, then that damage. */
    @Test
    void walkDamageAtEachBatchEdgeGetsEveryEntryBeforeItThenTheDamage() {
        for (int group : new int[] {0, 2_047, 2_048, 11_000, GROUPS - 1}) {
            Path journal = faulty("damaged-" + group, -1, group);
            AtomicReference<RuntimeException> seq = new AtomicReference<>();
            List<JournalRecord> before = sequential(journal, seq);
            Recorder r = new Recorder();
            Throwable t = readCatching(journal, Set.of(), r);
            JournalDamagedException got = assertInstanceOf(JournalDamagedException.class, t, "damage at group " + group);
            assertEquals(before.size(), r.got.size(), "entries before damaged group " + group + ", as the sequential read gives them");
            assertEquals(seq.get().getMessage(), got.getMessage());
            // the last group's excerpt is checked as the journal's tail when it opens: nothing is read then
            assertEquals(group == GROUPS - 1 ? 0 : 2 * group, r.got.size(), "entries before damaged group " + group);
        }
    }

    @Test
    void aDecodingErrorEarlierThanWalkDamageIsThrownWhereverTheyFall() {
        // {undecodable entry, damaged group}: same batch, adjacent groups, next batch, far apart, last partial batch
        int[][] cases = {{4_000, 2_001}, {4_095, 2_048}, {4_096, 2_049}, {1, 11_998}, {22_000, 11_001}, {4_094, 2_048}};
        for (int[] c : cases) {
            Path journal = faulty("decode-" + c[0] + "-damage-" + c[1], c[0], c[1]);
            Recorder r = new Recorder();
            Throwable t = readCatching(journal, Set.of(), r);
            JournalDamagedException d = assertInstanceOf(JournalDamagedException.class, t, "case " + c[0] + "/" + c[1]);
            assertEquals(groupIndex.get(c[0] / 2), d.index(), "the undecodable entry's group, case " + c[0] + "/" + c[1] + ": " + d);
            assertTrue(d.getMessage().contains("cannot be read"), d.getMessage());
            assertEquals(c[0], r.got.size(), "entries before the undecodable one, case " + c[0] + "/" + c[1]);
        }
    }

    @Test
    void walkDamageEarlierThanADecodingErrorIsThrownWhereverTheyFall() {
        // {undecodable entry, damaged group}: next group, same batch, the next batch
        int[][] cases = {{4_002, 2_000}, {4_095, 2_047}, {4_096, 2_047}, {8_192, 2_047}, {23_999, 11_000}};
        for (int[] c : cases) {
            Path journal = faulty("damage-" + c[1] + "-decode-" + c[0], c[0], c[1]);
            Recorder r = new Recorder();
            Throwable t = readCatching(journal, Set.of(), r);
            JournalDamagedException d = assertInstanceOf(JournalDamagedException.class, t, "case " + c[0] + "/" + c[1]);
            assertEquals(groupIndex.get(c[1]), d.index(), "the damaged group, case " + c[0] + "/" + c[1] + ": " + d);
            assertFalse(d.getMessage().contains("cannot be read"), d.getMessage());
            assertEquals(2 * c[1], r.got.size(), "entries before the damage, case " + c[0] + "/" + c[1]);
        }
    }

    // ---- the sink's own fault: never replaced, nothing after it

    @Test
    void theSinksOwnExceptionIsNeverReplacedAndNothingReachesTheSinkAfterIt() {
        // undecodable entry 12,001 and damaged group 9,000 lie after every place the sink throws
        Path journal = faulty("sink-first", 12_001, 9_000);
        for (int at : new int[] {0, 1, 4_095, 4_096, 8_191, 12_000}) {
            Recorder r = new Recorder(at, new IllegalStateException(SINKS_OWN));
            Throwable t = readCatching(journal, Set.of(), r);
            assertSame(r.fault, t, "sink throwing at entry " + at + ": got " + t);
            assertEquals(at, r.got.size());
            assertEquals(0, r.callsAfterFault, "entries after the sink threw at " + at);
        }
        // the sink throwing at the very entry before the damaged group, and in the last partial batch of a clean journal
        Path damaged = faulty("sink-before-damage", -1, 2_048);
        Recorder r = new Recorder(4_095, new IllegalStateException(SINKS_OWN));
        assertSame(r.fault, readCatching(damaged, Set.of(), r));
        for (int at : new int[] {20_480, 23_999}) {
            Recorder last = new Recorder(at, new IllegalStateException(SINKS_OWN));
            assertSame(last.fault, readCatching(clean, Set.of(), last), "sink throwing at entry " + at);
            assertEquals(0, last.callsAfterFault);
        }
    }

    @Test
    void theSinksErrorsAreNeverReplacedEither() {
        Path journal = faulty("sink-errors", 12_001, 9_000);
        for (int at : new int[] {0, 4_095, 4_096, 12_000}) {
            Recorder r = new Recorder(at, new AssertionError(SINKS_OWN));
            assertSame(r.fault, readCatching(journal, Set.of(), r), "AssertionError at entry " + at);
            assertEquals(0, r.callsAfterFault);
        }
        // a real stack overflow inside the sink, on the delivery thread
        AtomicInteger calls = new AtomicInteger();
        Throwable t = readCatching(journal, Set.of(), (index, entry, bytes) -> {
            if (calls.incrementAndGet() == 5_000) recurse(0);
        });
        assertInstanceOf(StackOverflowError.class, t);
        assertEquals(5_000, calls.get(), "calls: none after the overflow");
    }

    /**
     * A sink may itself throw the codec's exception (a fold that decodes a checkpoint's state, say):
     * that is the sink's fault, on a clean journal, and must come back as it was thrown, not as damage.
     */
    @Test
    void theSinksOwnBadEntryExceptionIsNotReportedAsDamage() {
        for (int at : new int[] {0, 4_095, 4_096, 23_999}) {
            Recorder r = new Recorder(at, new BadEntryException("state", SINKS_OWN, null));
            Throwable t = readCatching(clean, Set.of(), r);
            assertSame(r.fault, t, "sink throwing a BadEntryException at entry " + at + ": got " + t);
            assertEquals(at, r.got.size());
            assertEquals(0, r.callsAfterFault);
        }
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }

    /** The sink failing on the entry just before an undecodable one: the sink's fault, not the damage. */
    @Test
    void theSinkFailingJustBeforeAnUndecodableEntryWins() {
        for (int bad : new int[] {1, 4_096, 4_097, 22_001}) {
            Path journal = faulty("sink-then-bad-" + bad, bad, -1);
            Recorder r = new Recorder(bad - 1, new IllegalStateException(SINKS_OWN));
            assertSame(r.fault, readCatching(journal, Set.of(), r), "sink at " + (bad - 1) + ", undecodable " + bad);
        }
    }

    // ---- no journal-decode thread outlives a read

    @Test
    void noDecodingThreadIsAliveWhenAReadReturnsWhateverHappened() throws InterruptedException {
        Path journal = faulty("threads", 12_001, 9_000);
        Path damaged = faulty("threads-damage", -1, 3_000);
        List<String> failures = new ArrayList<>();
        // each case five times: a thread still ending as read returns is a race, so one look could miss it
        for (int round = 0; round < 5; round++) {
            List<String> found = new ArrayList<>();
            found.add(decodeThreadsOutliving("a clean read", () -> assertNull(readCatching(clean, Set.of(), new Recorder()))));
            found.add(decodeThreadsOutliving("an empty range", () -> assertTimeoutPreemptively(GUARD, () -> {
                try (Journal j = Journal.openReader(clean)) {
                    DecodedReader.read(j, groupIndex.get(5), groupIndex.get(5), Set.of(), new Recorder());
                }
            })));
            for (int at : new int[] {0, 4_095, 4_096, 12_000}) {
                found.add(decodeThreadsOutliving("sink throwing at " + at,
                        () -> assertInstanceOf(IllegalStateException.class, readCatching(journal, Set.of(), new Recorder(at, new IllegalStateException(SINKS_OWN))))));
            }
            found.add(decodeThreadsOutliving("sink throwing in the last partial batch",
                    () -> assertNotNull(readCatching(clean, Set.of(), new Recorder(22_000, new IllegalStateException(SINKS_OWN))))));
            found.add(decodeThreadsOutliving("sink throwing an AssertionError",
                    () -> assertInstanceOf(AssertionError.class, readCatching(journal, Set.of(), new Recorder(10, new AssertionError(SINKS_OWN))))));
            found.add(decodeThreadsOutliving("a decoding error", () -> assertNotNull(readCatching(journal, Set.of(), new Recorder()))));
            found.add(decodeThreadsOutliving("walk damage", () -> assertNotNull(readCatching(damaged, Set.of(), new Recorder()))));
            for (String f : found) if (f != null) failures.add("round " + round + ", " + f);
        }
        assertTrue(failures.isEmpty(), failures.size() + " read(s) left a decoding thread alive:\n" + String.join("\n", failures));
    }

    @Test
    void aCallerInterruptedBeforeTheReadNeitherHangsNorLeavesAThreadNorLosesItsInterrupt() throws InterruptedException {
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Recorder r = new Recorder();
        noDecodeThreadOutlives("interrupted before the read", () -> assertTimeoutPreemptively(GUARD, () -> {
            Thread.currentThread().interrupt();
            try (Journal j = Journal.openReader(clean)) {
                DecodedReader.read(j, -1, Long.MAX_VALUE, Set.of(), r);
            } catch (Throwable t) {
                outcome.set(t);
            }
            stillInterrupted.set(Thread.interrupted());
        }));
        assertTrue(stillInterrupted.get(), "the caller's interrupt is kept");
        assertTrue(outcome.get() != null || r.got.size() == 2 * GROUPS, "either the read says it was interrupted, or it read everything: " + r.got.size());
        assertFalse(r.overlapped.get());
    }

    /**
     * The caller is interrupted while the sink is busy (on entry 0: the walk is then blocked handing
     * over a batch; or in a one-batch range: the caller is waiting for delivery). Whatever the read then
     * does, it must not return while the sink is still running on the reader's thread: what the sink
     * did is the caller's to see once read returns, and the sink runs one call at a time.
     */
    @Test
    void aCallerInterruptedWhileTheWalkIsBlockedDoesNotReturnWhileTheSinkStillRuns() throws InterruptedException {
        interruptedDuring("the walk blocked handing over a batch", longJournal, -1, Long.MAX_VALUE);
    }

    @Test
    void aCallerInterruptedWhileWaitingForDeliveryDoesNotReturnWhileTheSinkStillRuns() throws InterruptedException {
        interruptedDuring("the caller waiting for delivery", clean, groupIndex.get(10), groupIndex.get(20));
    }

    private void interruptedDuring(String what, Path journal, long from, long to) throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch readReturned = new CountDownLatch(1);
        AtomicBoolean inSink = new AtomicBoolean();
        AtomicBoolean sinkRunningAtReturn = new AtomicBoolean();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger liveAtReturn = new AtomicInteger();
        Set<Thread> before = decodeThreads();
        Thread caller = new Thread(() -> {
            try (Journal j = Journal.openReader(journal)) {
                DecodedReader.read(j, from, to, Set.of(), (index, entry, bytes) -> {
                    if (calls.getAndIncrement() != 0) return;
                    inSink.set(true);
                    entered.countDown();
                    // a sink busy for a while, deaf to interrupts: held until the read returns, or 5 s at most
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                    while (readReturned.getCount() > 0 && System.nanoTime() < until) Thread.onSpinWait();
                    inSink.set(false);
                });
            } catch (Throwable t) {
                outcome.set(t);
            } finally {
                sinkRunningAtReturn.set(inSink.get());
                Set<Thread> live = decodeThreads();
                live.removeAll(before);
                liveAtReturn.set(live.size());
                readReturned.countDown();
            }
        }, "interrupted-caller");
        caller.start();
        assertTrue(entered.await(60, TimeUnit.SECONDS), what + ": the sink was never called");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (caller.getState() != Thread.State.WAITING && caller.getState() != Thread.State.TERMINATED && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        caller.interrupt();
        caller.join(60_000);
        assertFalse(caller.isAlive(), what + ": the read hung after the interrupt");
        Set<Thread> after = decodeThreads();
        after.removeAll(before);
        assertFalse(sinkRunningAtReturn.get(), what + ": read returned (with " + outcome.get() + ") while the sink was still running"
                + " (" + liveAtReturn.get() + " journal-decode thread(s) alive at that moment)");
        for (Thread t : after) t.join(10_000);
    }

    // ---- the walk stops soon after the sink fails, and never hangs doing so

    /**
     * The walk asks {@code passedOver} about every decision it meets: that count is how far it read.
     * With the sink failing on the first entry of a 30-batch journal, the walk must stop within a few
     * batches (back-pressure bounds it), not read the rest of the journal first.
     */
    @Test
    void theWalkStopsSoonAfterTheSinkFails() {
        CountingPass fullWalk = new CountingPass();
        assertNull(readCatching(longJournal, fullWalk, new Recorder()));
        assertEquals(LONG_GROUPS, fullWalk.asked.get(), "a full read meets every decision");
        for (int at : new int[] {0, 4_096, 3 * 4_096 + 7}) {
            CountingPass walked = new CountingPass();
            Recorder r = new Recorder(at, new IllegalStateException(SINKS_OWN));
            assertSame(r.fault, readCatching(longJournal, walked, r));
            long decisionsBeforeFault = at / 2;
            assertTrue(walked.asked.get() - decisionsBeforeFault < LONG_GROUPS / 2,
                    "sink failing at " + at + ": the walk met " + walked.asked.get() + " of " + LONG_GROUPS + " decisions");
        }
    }

    @Test
    void theWalkStopsSoonAfterAnUndecodableEntry() {
        Path journal = dir.resolve("long-bad");
        JournalRewrite.rewrite(longJournal, journal, excerpt -> EntryCodec.SCHEMA_VERSION,
                (excerpt, entry, schema, bytes) -> excerpt == 10 && entry == 0 ? UNREADABLE : bytes, excerpt -> false);
        CountingPass walked = new CountingPass();
        Recorder r = new Recorder();
        assertInstanceOf(JournalDamagedException.class, readCatching(journal, walked, r));
        assertEquals(20, r.got.size());
        assertTrue(walked.asked.get() < LONG_GROUPS / 2, "the walk met " + walked.asked.get() + " of " + LONG_GROUPS + " decisions");
    }

    /** The sink holds entry 0 until the walk is blocked handing over a batch, then fails: the read ends, with the sink's fault. */
    @Test
    void theSinkFailingWhileTheWalkIsBlockedHandingOverABatchDoesNotHang() {
        AtomicReference<Thread> callerThread = new AtomicReference<>();
        CountingPass walked = new CountingPass();
        IllegalStateException own = new IllegalStateException(SINKS_OWN);
        AtomicLong walkedWhenBlocked = new AtomicLong();
        Throwable t = assertTimeoutPreemptively(GUARD, () -> {
            callerThread.set(Thread.currentThread());
            try (Journal j = Journal.openReader(longJournal)) {
                DecodedReader.read(j, -1, Long.MAX_VALUE, walked, (index, entry, bytes) -> {
                    Thread caller = callerThread.get();
                    long seen = -1;
                    // blocked: waiting, and no further decision met for a while
                    while (true) {
                        long now = walked.asked.get();
                        if (caller.getState() == Thread.State.WAITING && now == seen) break;
                        seen = now;
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    walkedWhenBlocked.set(seen);
                    throw own;
                });
                return null;
            } catch (Throwable e) {
                return e;
            }
        });
        assertSame(own, t);
        assertTrue(walkedWhenBlocked.get() < LONG_GROUPS, "the walk was blocked by back-pressure, at " + walkedWhenBlocked.get());
        assertTrue(walked.asked.get() < LONG_GROUPS / 2, "the walk met " + walked.asked.get() + " of " + LONG_GROUPS + " decisions");
    }

    @Test
    void aSinkThatAlwaysThrowsIsCalledOnce() {
        AtomicInteger calls = new AtomicInteger();
        IllegalStateException own = new IllegalStateException(SINKS_OWN);
        Throwable t = readCatching(longJournal, Set.of(), (index, entry, bytes) -> {
            calls.incrementAndGet();
            throw own;
        });
        assertSame(own, t);
        assertEquals(1, calls.get());
        if (t == null) fail("no fault");
    }
}
