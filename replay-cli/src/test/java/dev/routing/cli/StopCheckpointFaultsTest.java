package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Stderr;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalReader;
import dev.routing.journal.event.MessageReceived;
import dev.routing.projections.StateCodec;
import dev.routing.sidecar.HostSession;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoint a host's session writes when it ends cleanly after a long tail (engine's
 * {@code StopCheckpointTest}) is never needed: on a full disk it is said once on stderr and
 * skipped, and one torn by a kill is cut at the next open; either way every fact is there, the next
 * open folds the tail, and the state is the fold of the whole journal.
 */
class StopCheckpointFaultsTest {
    private static final int LONG_TAIL = Engine.DEFAULT_CHECKPOINT_EVERY + 10;

    @TempDir
    Path tmp;

    /** The disk fills (another process's file) between the last fact and the stop: on a real 64 MiB tmpfs. */
    @Test
    void aStopOnAFullDiskSaysSoAndTheNextOpenFoldsTheTailWithNothingLost() throws IOException {
        Path disk = Files.createDirectory(tmp.resolve("disk"));
        Mounts.mount("-t", "tmpfs", "-o", "size=64m", "tmpfs", disk.toString());
        try {
            Path dir = disk.resolve("journal");
            Path filler = disk.resolve("filler");
            String err = Stderr.of(() -> {
                session(dir, LONG_TAIL, () -> fill(filler));
                return null;
            });
            assertTrue(err.contains("warning: the state checkpoint at the stop could not be written") && err.contains("disk"),
                    () -> "says why, once: " + err);
            assertEquals(1, err.lines().count(), err);
            Files.delete(filler);
            assertNothingLostAndTheTailFolded(dir);
        } finally {
            Mounts.umount(disk);
        }
    }

    /** A kill while the stop's checkpoint was written: its excerpt torn, {@code journal.tip} from before it. */
    @Test
    void aStopKilledWhileItsCheckpointWasWrittenLosesNothing() throws IOException {
        Path dir = tmp.resolve("journal");
        Path saved = tmp.resolve("tip-before");
        session(dir, LONG_TAIL, () -> copy(dir.resolve("journal.tip"), saved));
        copy(saved, dir.resolve("journal.tip"));
        Path day = dir.resolve("20261102F.cq4");
        Faults.zero(day, Faults.usedBytes(day) - 40, 40);

        String cut;
        try (Engine reopened = Engine.open(dir, RuleSet.CURRENT, null)) {
            cut = reopened.journal().cut();
        }
        assertTrue(cut != null && cut.contains("cut a torn tail of 1 excerpt(s) never acknowledged"), () -> "the open cuts it and says so: " + cut);
        assertNothingLostAndTheTailFolded(dir);
        Cli.assertVerifies(dir);
    }

    private static void assertNothingLostAndTheTailFolded(Path dir) {
        try (JournalReader journal = Journal.openReader(dir)) {
            Replay.Result restored = Replay.restore(journal);
            assertTrue(restored.entriesRead() >= LONG_TAIL, "the next open folds the tail: " + restored.entriesRead());
            assertSameAsAFoldOfEverything(journal, restored);
            long[] messages = {0};
            journal.read(-1, r -> {
                if (r.entry() instanceof MessageReceived) messages[0]++;
            });
            assertEquals(LONG_TAIL, messages[0], "every fact acknowledged is journaled");
        }
    }

    private static void assertSameAsAFoldOfEverything(Journal journal, Replay.Result restored) {
        assertEquals(StateCodec.toJson(Replay.full(journal).state()), StateCodec.toJson(restored.state()),
                "the state restored is the fold of the whole journal");
    }

    /**
     * One session: a channel, an agent and {@code messages} messages not addressed to it, {@code
     * beforeTheStop} run just before it closes; the journal's last index then. The messages are
     * kept, unread, and their long ids and tags are most of their bytes, so the state grows about
     * as fast as the journal and the periodic checkpoint's size rule defers it past the first.
     */
    private static long session(Path dir, int messages, Runnable beforeTheStop) {
        long before;
        try (HostSession session = new HostSession(dir, RuleSet.CURRENT, true, opened -> {})) {
            Instant at = Instant.parse("2026-11-02T09:00:00Z");
            int line = 1;
            session.feed(line++, "{\"type\":\"channel.registered\",\"at\":\"" + at + "\",\"channel\":\"work\",\"server\":\"discord\",\"label\":\"#work\"}");
            session.feed(line++, "{\"type\":\"agent.configured\",\"at\":\"" + at + "\",\"agent\":\"qa\",\"mode\":\"locus\",\"locusPolicy\":\"delivery\"}");
            for (int i = 0; i < messages; i++) {
                String id = String.format(Locale.ROOT, "night-shift-%0100d", i);
                session.feed(line++, String.format(Locale.ROOT, "{\"type\":\"message.received\",\"at\":\"%s\",\"id\":\"%s\","
                        + "\"agent\":\"qa\",\"kind\":\"channel-message\",\"text\":\"ok\",\"tags\":[\"thread-%s\"],"
                        + "\"channel\":\"work\",\"server\":\"discord\",\"addressed\":false,\"writer\":\"host\"}", at.plusMillis(i), id, id));
            }
            session.engine().sync();
            before = session.engine().journal().lastIndex();
            beforeTheStop.run();
        }
        return before;
    }

    /** Writes {@code filler} until the disk has no room left. */
    private static void fill(Path filler) {
        byte[] block = new byte[1 << 16];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) out.write(block);
        } catch (IOException full) {
            // the disk is full: as another process can leave it
        }
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
