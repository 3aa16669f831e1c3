package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.KeptMessages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore folds its tail on DecodedReader's delivery thread ("journal-decode"), not on the thread
 * that asked for it: every fact's fold but the last runs there, and the fold reads the kept messages'
 * table (a stored message's id is looked up before it is stored: {@code PrivacyEvolve.message}). A
 * table cut in place while a restore folds (an engine's open, {@code Engine.restore()} after a refused
 * group, a day audit's replay) faults there, and the JVM raises it at that thread's next call into the
 * VM ({@link MappedFaults}). The fold passes the fence after each fact, so the restore throws. Found
 * by a review, red before the fence was added to the fold; without it:
 * <ul>
 *   <li>if that thread calls into the VM before its delivery task ends, the fault is raised in the
 *   fold and the restore throws, as promised;</li>
 *   <li>else the task ends, the fault is thrown later in the pool's own code, the restore returns
 *   normally and the engine decides on, and checkpoints, a state holding what the cut page read;</li>
 *   <li>or it is thrown inside ThreadPoolExecutor with its lock held, and the restore never returns
 *   (seen: main parked in {@code awaitTermination} on the pool's main lock, for good).</li>
 * </ul>
 * Which one is the JIT's and the pool's doing, so the test tries a few times; it passes only when every
 * try is raised.
 *
 * <p>The read here is the engine's own read of its table ({@link KeptFile#longAt}, warm, as every
 * lookup of {@code SealedKept} makes it), on the fold's thread just after the table is cut (the fold
 * tells its progress there at each 16,384th entry). A lookup of the fold itself reads there too when a
 * later entry stores a message, but what the garbage it reads does next is the JIT's: in one run it
 * sent the compiled probe loop to an uncommon trap, whose call into the VM raised the fault inside the
 * fold. So the entries after the cut here read no kept message, and the read left pending is the
 * engine's plain one.
 */
class KeptTableCutUnderARestoreTest {
    private static final int PROGRESS_EVERY = 0x4000;
    private static final int ATTEMPTS = 10;
    /** A restore of this journal takes about a second; a try that has not ended in this many seconds never will. */
    private static final int HUNG_SECONDS = 90;
    private static final Instant DAY0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final Instant DAY1 = Instant.parse("2026-11-03T00:00:10Z");
    private static long sink;

    @TempDir
    Path dir;

    @Test
    void aReadOfATableCutWhileARestoreFoldsIsRaisedBeforeTheRestoreReturns() throws Exception {
        Path live = dir.resolve("live");
        long sealDay;
        int tail = 0;
        try (Engine engine = Engine.open(live, RuleSet.CURRENT, DAY0, 1_000_000)) {
            Instant at = DAY0;
            engine.accept(new ChannelRegistered(at, "c0", "discord", "#c0", false));
            for (int i = 0; i < 200; i++) engine.accept(channelMessage(at = at.plusSeconds(1), "d0-" + i));
            // the first group of the next day seals the kept messages; the checkpoint names the seal, so a restore maps its table
            engine.accept(channelMessage(DAY1, "d1-first"));
            KeptMessages.Seal seal = engine.state().privacy.messages.seal();
            assertNotNull(seal, "the kept messages are sealed");
            sealDay = seal.day();
            engine.checkpoint();
            at = DAY1;
            // fresh messages, one entry each, to the 16,383rd entry of the tail: each one's fold looks its id up in the table
            for (int i = 0; tail < PROGRESS_EVERY - 1; i++) {
                tail += entries(engine.accept(channelMessage(at = at.plusMillis(100), "d1-" + i)));
            }
            // the 16,384th, folded on the fold's thread after the cut, and the last, folded on the caller's: neither reads a kept message
            tail += entries(engine.accept(new ChannelRegistered(at = at.plusMillis(100), "c1", "slack", "#c1", false)));
            assertEquals(PROGRESS_EVERY, tail, "a tail of whole groups of one entry each");
            engine.accept(new ChannelRegistered(at.plusMillis(100), "c2", "slack", "#c2", false));
        }
        Path table = KeptFile.path(live, sealDay);
        AtomicInteger attempt = new AtomicInteger(-1); // -1: warming
        // the journal's reads on one thread of the test's own, so that a restore that never returns is seen and said
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "restoring");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<String> outcome = reader.submit(() -> tries(live, table, sealDay, attempt));
            String returned = null;
            for (int seen = -1, still = 0; ; ) {
                try {
                    returned = outcome.get(1, TimeUnit.SECONDS);
                    break;
                } catch (TimeoutException notYet) {
                    int now = attempt.get();
                    still = now == seen ? still + 1 : 0;
                    seen = now;
                    if (still < HUNG_SECONDS) continue;
                    returned = "try " + (now + 1) + ": the restore never returned (the fault thrown inside the pool's code with its"
                            + " lock held: the fold's pool never terminates): an engine opening, or rebuilding after a refused group,"
                            + " would hang there for good";
                    break;
                } catch (ExecutionException e) {
                    throw (Exception) (e.getCause() instanceof Exception x ? x : e);
                }
            }
            assertNull(returned);
        } finally {
            reader.shutdownNow();
        }
    }

    /** Null when every try's fault was raised by the restore; else how one was not. */
    private static String tries(Path live, Path table, long sealDay, AtomicInteger attempt) {
        byte[] whole = read(table);
        try (Journal j = Journal.openReader(live)) {
            KeptFile mapped = KeptFile.openAnyRules(table, j.id(), sealDay, Long.MAX_VALUE, KeptFile.Of.TABLE);
            for (int i = 0; i < 300_000; i++) sink += lookup(mapped, i); // compiled, as SealedKept's reads in a warm fold
            for (int warm = 0; warm < 3; warm++) Replay.restore(j); // the fold compiled, as in an engine that has restored before
            List<String> raisedIn = new ArrayList<>();
            for (int a = 0; a < ATTEMPTS; a++) {
                attempt.set(a);
                write(table, whole); // the table whole again, in place: the next restore maps and checks it
                String[] readOn = new String[1];
                EngineState restored;
                try {
                    restored = Replay.restore(j, n -> {
                        if (n == PROGRESS_EVERY && readOn[0] == null) {
                            readOn[0] = Thread.currentThread().getName();
                            cut(table);
                            sink += lookup(mapped, 16); // a read of the cut table on the fold's thread, its fault left pending
                        }
                    }).state();
                } catch (RuntimeException | InternalError raised) {
                    raisedIn.add(String.valueOf(raised.getStackTrace().length > 0 ? raised.getStackTrace()[0] : raised));
                    continue; // the fault was raised: the restore made no state of what the cut page read
                }
                if (readOn[0] == null) return "the fold told no progress at entry " + PROGRESS_EVERY + ": the test's journal is not as built";
                return "try " + (a + 1) + ": the kept table was cut and read on the fold's thread (" + readOn[0] + ") while a"
                        + " restore folded its tail, and the restore returned a state (" + restored.entries + " entries) as if nothing had"
                        + " faulted: no fence runs on that thread, so what a lookup read there is restored, decided on and checkpointed"
                        + " (raised in the tries before, at: " + raisedIn + ")";
            }
            return null;
        }
    }

    private static long lookup(KeptFile table, int i) {
        return table.longAt((i * 8L) & 0x3F);
    }

    private static MessageReceived channelMessage(Instant at, String id) {
        return new MessageReceived(at, id, "a0", "channel-message", "c0", "discord", true, null, "words " + id, "host", null, false);
    }

    private static int entries(List<Decision> decisions) {
        return 1 + decisions.size();
    }

    private static byte[] read(Path table) {
        try {
            return Files.readAllBytes(table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path table, byte[] bytes) {
        try (FileChannel ch = FileChannel.open(table, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void cut(Path table) {
        try (FileChannel ch = FileChannel.open(table, StandardOpenOption.WRITE)) {
            ch.truncate(0); // to nothing: a page the cut leaves part of reads as zeros, not a fault
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
