package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.explain.Explainer;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Step;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.JournalCopy;
import dev.routing.engine.testing.Stderr;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalRecord;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFormatException;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state checkpoint whose state this build does not read (valid JSON the store took, but a field
 * no build wrote, a value of the wrong type, a part of the state null) is ignored: its state is rebuilt from the newest
 * older checkpoint that reads, or from the journal's first entry, and said once on stderr. The
 * journal, the one source of truth, holds every entry before it. Before, every restore threw, so
 * the writer, the audit and explain all failed on a journal whose facts and decisions are whole.
 * What stays a refusal: a checkpoint of a newer schema, and one whose bytes fail their checksum.
 */
class UnreadableCheckpointTest {
    /** No periodic state checkpoint: only those a test appends. */
    private static final int NONE = Integer.MAX_VALUE;
    private static final Consumer<ObjectNode> UNKNOWN_FIELD = state -> state.put("bogus", 1);
    private static final Consumer<ObjectNode> WRONG_TYPE = state -> state.put("clockMillis", "noon");
    private static final Consumer<ObjectNode> NULL_PART = state -> state.putNull("attempts");

    @TempDir
    Path dir;

    @Test
    void aCheckpointWhoseStateThisBuildDoesNotReadIsRebuiltFromTheFirstEntryAndNamed() throws IOException {
        long bad;
        try (Writing w = new Writing(dir, NONE)) {
            w.rounds(10);
            bad = w.unreadable(UNKNOWN_FIELD);
        }
        Map<String, String> before = hashes(dir);
        try (Journal j = Journal.openReader(dir)) {
            Replay.Result[] restored = new Replay.Result[1];
            String err = Stderr.of(() -> {
                restored[0] = Replay.restore(j);
                return null;
            });
            assertEquals(StateCodec.toJson(Replay.full(j).state()), StateCodec.toJson(restored[0].state()), "the fold from the first entry");
            assertEquals(bad, restored[0].checkpointIndex(), "the tail after the checkpoint is what is left to read");
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.startsWith("journal " + dir + ": note: cannot restore the engine state from a checkpoint: Unrecognized field \"bogus\""), err);
            assertTrue(err.contains("; the checkpoint at index 0x" + Long.toHexString(bad) + " is rebuilt from the journal's first entry"), err);

            String[] said = new String[1];
            Stderr.of(() -> {
                said[0] = Verify.run(j, n -> { }).divergence();
                return null;
            });
            assertTrue(said[0] != null && said[0].startsWith("the checkpoint at index 0x" + Long.toHexString(bad) + " is not read: ")
                    && said[0].contains("bogus"), "verify names it: " + said[0]);
        }
        assertEquals(before, hashes(dir), "the restore and verify change no byte: the checkpoint stays");
    }

    /**
     * Damage the check of the journal before the checkpoint finds is what a restore says, before
     * anything is rebuilt around a state that does not read (a restore that read the state first
     * would note a rebuild, then meet the damage folding from the first entry).
     */
    @Test
    void damageBeforeAnUnreadableCheckpointIsRefusedAsDamageNotRebuiltAround() throws IOException {
        try (Writing w = new Writing(dir, NONE)) {
            w.rounds(10);
            w.unreadable(UNKNOWN_FIELD);
        }
        DamageBehindACheckpointTest.zeroAround(dir, "words 2");
        try (Journal j = Journal.openReader(dir)) {
            String err = Stderr.of(() -> {
                JournalDamagedException damaged = assertThrows(JournalDamagedException.class, () -> Replay.restore(j));
                assertTrue(damaged.getMessage().contains("checksum"), damaged.getMessage());
                return null;
            });
            assertEquals("", err, "nothing is rebuilt, so nothing is said of a rebuild");
        }
    }

    /**
     * A rebuild's fold is said as progress (a terminal's `state` shows it), and the tail's count goes
     * on from it, never back; the tail after the unread checkpoint is folded too (Chronicle's shared
     * tailer once refused to move past the checkpoint the rebuild's fold ended at, and the tail read
     * as empty).
     */
    @Test
    void aRebuildSaysItsProgressAndTheTailGoesOnFromIt() {
        try (Writing w = new Writing(dir, NONE)) {
            w.rounds(10);
            w.unreadable(UNKNOWN_FIELD);
            w.rounds(3);
        }
        try (Journal j = Journal.openReader(dir)) {
            List<Long> said = new ArrayList<>();
            Replay.Result[] restored = new Replay.Result[1];
            Stderr.of(() -> {
                restored[0] = Replay.restore(j, said::add);
                return null;
            });
            assertTrue(said.size() >= 2 && said.get(0) > 0, "the rebuild's entries and the tail's: " + said);
            for (int i = 1; i < said.size(); i++) assertTrue(said.get(i) >= said.get(i - 1), "never back: " + said);
            assertEquals(restored[0].entriesRead(), said.get(said.size() - 1), "the last said is all that was read");
            Replay.Result full = Replay.full(j);
            assertEquals(full.entriesRead() - 1, restored[0].entriesRead(), "every entry but the unread checkpoint, the tail after it too");
            assertEquals(StateCodec.toJson(full.state()), StateCodec.toJson(restored[0].state()), "the fold from the first entry");
        }
    }

    /**
     * The writer that opened past an unreadable checkpoint writes a fresh one with its first group,
     * with the checkpoint rules `run` and `serve` use (20,000 entries, far more than this journal
     * holds), and the next open reads that one: no rebuild, no note. What rebuilding folded counts as
     * read, with the tail.
     */
    @Test
    void anOpenThatRebuiltACheckpointWritesAFreshOneSoTheNextOpenDoesNotRebuildIt() throws IOException {
        Path journal = dir.resolve("journal");
        long bad;
        try (Writing w = new Writing(journal, NONE)) {
            w.rounds(40);
            bad = w.unreadable(UNKNOWN_FIELD);
        }
        Path asLeft = JournalCopy.of(journal, dir.resolve("as-left"));
        String first = Stderr.of(() -> {
            Engine.open(journal, RuleSet.CURRENT, null).close();
            return null;
        });
        assertTrue(first.contains("the checkpoint at index 0x" + Long.toHexString(bad) + " is rebuilt"), first);
        String second = Stderr.of(() -> {
            Engine.open(journal, RuleSet.CURRENT, null).close();
            return null;
        });
        assertEquals("", second, "the first open wrote a checkpoint after the unread one");
        try (Journal j = Journal.openReader(journal)) {
            assertTrue(j.newestCheckpoint(Long.MAX_VALUE).index() > bad, "a fresh checkpoint follows the unread one");
        }
        try (Journal j = Journal.openReader(asLeft)) {
            Replay.Result[] restored = new Replay.Result[1];
            Stderr.of(() -> {
                restored[0] = Replay.restore(j);
                return null;
            });
            assertEquals(Replay.full(j).entriesRead() - 1, restored[0].entriesRead(), "every entry but the unread checkpoint is read: the rebuild's and the tail's");
        }
    }

    @Test
    void anEngineOpensPastAnUnreadableCheckpointAndDecidesAsOneWithoutIt() throws IOException {
        Path journal = dir.resolve("journal");
        Writing w = new Writing(journal, 8);
        w.rounds(10);
        w.reopen(NONE);
        w.rounds(3);
        w.close();
        Path clean = JournalCopy.of(journal, dir.resolve("clean"));
        long good;
        try (Journal j = Journal.openReader(clean)) {
            good = j.newestCheckpoint(Long.MAX_VALUE).index();
        }
        long bad;
        byte[] stored;
        try (JournalWriter j = Journal.openWriter(journal)) {
            bad = appendUnreadable(j, Replay.restore(j).state(), WRONG_TYPE);
            stored = j.checkpointAt(bad).state();
        }

        Instant at = w.host.tick();
        Engine[] spoiled = new Engine[1];
        String err = Stderr.of(() -> {
            spoiled[0] = Engine.open(journal, RuleSet.CURRENT, at, 8);
            return null;
        });
        try (Engine opened = spoiled[0]; Engine twin = Engine.open(clean, RuleSet.CURRENT, at, 8)) {
            assertTrue(err.contains("Cannot coerce String value (\"noon\")") && err.contains("clockMillis")
                    && err.contains("the checkpoint at index 0x" + Long.toHexString(bad) + " is rebuilt from the checkpoint at index 0x"
                            + Long.toHexString(good)), err);
            assertEquals(twin.openingDecisions(), opened.openingDecisions(), "the opening decides as on the journal without it");
            w.host.reconnect(fact -> {
                List<Decision> decided = opened.accept(fact);
                assertEquals(twin.accept(fact), decided, () -> "the " + fact.type() + " at " + fact.at());
                return decided;
            });
            w.rounds(3);
            assertEquals(StateCodec.toJson(twin.state()), StateCodec.toJson(opened.state()));
        }
        try (Journal j = Journal.openReader(journal)) {
            assertArrayEquals(stored, j.checkpointAt(bad).state(), "the journal keeps the checkpoint as it was written");
        }
    }

    @Test
    void twoUnreadableCheckpointsInARowArePassedOverToTheOneBeforeThem() throws IOException {
        long older;
        long newest;
        try (Writing w = new Writing(dir, 8)) {
            w.rounds(10);
            w.reopen(NONE);
            w.rounds(2);
            older = w.unreadable(NULL_PART);
            w.rounds(2);
            newest = w.unreadable(UNKNOWN_FIELD);
        }
        try (Journal j = Journal.openReader(dir)) {
            long good = j.newestCheckpoint(older - 1).index();
            Replay.Result[] restored = new Replay.Result[1];
            String err = Stderr.of(() -> {
                restored[0] = Replay.restore(j);
                return null;
            });
            assertEquals(StateCodec.toJson(Replay.full(j).state()), StateCodec.toJson(restored[0].state()));
            List<String> notes = err.lines().toList();
            assertEquals(1, notes.size(), "one note for the run of unread checkpoints: " + err);
            assertTrue(notes.get(0).contains("\"bogus\"") && notes.get(0).endsWith("the checkpoint at index 0x" + Long.toHexString(newest)
                    + " is rebuilt from the checkpoint at index 0x" + Long.toHexString(good) + " (1 older checkpoint is not read either)"), err);
            assertTrue(older > good && older < newest);
        }
    }

    /**
     * Any number of unread checkpoints in a row (a downgrade past a newer build's form, a codec's
     * bug): passed over in one step back each, on a small stack, with one note, not one frame and one
     * note per checkpoint (a recursion overflowed the launcher's stack at 1,500).
     */
    @Test
    void aLongRunOfUnreadableCheckpointsIsPassedOverWithOneNoteOnASmallStack() throws Exception {
        int run = 400;
        long good;
        try (Writing w = new Writing(dir, 8)) {
            w.rounds(10);
            w.reopen(NONE);
            good = w.engine.journal().newestCheckpoint(Long.MAX_VALUE).index();
            for (int i = 0; i < run; i++) w.unreadable(UNKNOWN_FIELD);
        }
        Replay.Result[] restored = new Replay.Result[1];
        String[] err = new String[1];
        Throwable[] thrown = new Throwable[1];
        // 64 KiB: the recursion needed a frame pair per checkpoint and overflowed this at a few hundred
        Thread small = new Thread(null, () -> {
            try (Journal j = Journal.openReader(dir)) {
                err[0] = Stderr.of(() -> {
                    restored[0] = Replay.restore(j);
                    return null;
                });
                assertEquals(StateCodec.toJson(Replay.full(j).state()), StateCodec.toJson(restored[0].state()));
            } catch (Throwable t) {
                thrown[0] = t;
            }
        }, "small-stack", 64 * 1024);
        small.start();
        small.join();
        if (thrown[0] != null) throw new AssertionError("the restore threw", thrown[0]);
        assertEquals(1, err[0].lines().count(), err[0]);
        assertTrue(err[0].contains("(" + (run - 1) + " older checkpoints are not read either)"), err[0]);
        assertTrue(err[0].contains("is rebuilt from the checkpoint at index 0x" + Long.toHexString(good) + " ("), err[0]);
    }

    @Test
    void theAuditAndExplainStartingAtAnUnreadableCheckpointAnswerAsOnTheJournalWithoutIt() {
        Path clean = dir.resolve("clean");
        Path spoiled = dir.resolve("spoiled");
        Instant window = null;
        long bad = -1;
        for (Path p : List.of(clean, spoiled)) {
            try (Writing w = new Writing(p, 8)) {
                w.rounds(10);
                w.reopen(NONE);
                w.rounds(2);
                if (p == spoiled) bad = w.unreadable(UNKNOWN_FIELD);
                window = w.host.now().plusSeconds(1);
                w.rounds(3);
            }
        }
        Instant from = window;
        long badIndex = bad;
        String err = Stderr.of(() -> {
            try (Journal c = Journal.openReader(clean); Journal s = Journal.openReader(spoiled)) {
                AuditReport expected = AuditWindow.run(c, from, null, null, n -> { });
                AuditReport audited = AuditWindow.run(s, from, null, null, n -> { });
                assertEquals(badIndex, audited.read().checkpointIndex(), "the audit starts at the checkpoint before its window");
                assertEquals(expected.totals(), audited.totals());
                assertEquals(expected.agents(), audited.agents());

                Explanation x = explainLast(s);
                assertEquals(withoutPlaces(explainLast(c)), withoutPlaces(x));
                assertFalse(x.chain().isEmpty(), "a chain found by re-deciding from before the checkpoint");
            }
            return null;
        });
        assertTrue(err.contains("the checkpoint at index 0x" + Long.toHexString(bad) + " is rebuilt from"), err);
    }

    @Test
    void aCheckpointOfANewerSchemaIsStillRefusedNotRebuilt() throws IOException {
        Instant at = aCheckpointBetweenRounds();
        byte[] id;
        try (Journal j = Journal.openReader(dir)) {
            id = j.id();
        }
        rewriteCheckpointExcerpt(dir, at, id, excerpt -> excerpt.putShort(2, (short) (EntryCodec.SCHEMA_VERSION + 1)));

        try (Journal j = Journal.openReader(dir)) {
            JournalFormatException e = assertThrows(JournalFormatException.class, () -> Replay.restore(j));
            assertTrue(e.getMessage().contains("schema " + (EntryCodec.SCHEMA_VERSION + 1) + ", newer than this build's"), e.getMessage());
        }
        assertThrows(JournalFormatException.class, () -> Engine.open(dir, RuleSet.CURRENT, null, NONE).close());
    }

    @Test
    void aCheckpointWhoseBytesFailTheirChecksumIsStillDamageNotRebuilt() throws IOException {
        Instant at = aCheckpointBetweenRounds();
        rewriteCheckpointExcerpt(dir, at, null, excerpt -> excerpt.put(excerpt.limit() - 3, (byte) (excerpt.get(excerpt.limit() - 3) ^ 0x10)));

        try (Journal j = Journal.openReader(dir)) {
            JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Replay.restore(j));
            assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        }
        assertThrows(JournalDamagedException.class, () -> Engine.open(dir, RuleSet.CURRENT, null, NONE).close());
    }

    /** A journal with a state checkpoint written between rounds (not the excerpt journal.tip names); the checkpoint's time. */
    private Instant aCheckpointBetweenRounds() {
        try (Writing w = new Writing(dir, NONE)) {
            w.rounds(5);
            Instant at = w.host.now();
            w.engine.checkpoint();
            w.rounds(2);
            return at;
        }
    }

    /** An engine writing a journal, a host feeding it qa's rounds in #work; reopened on the same host and clock. */
    private static final class Writing implements AutoCloseable {
        private final Path dir;
        final Host host;
        Engine engine;

        Writing(Path dir, int checkpointEvery) {
            this.dir = dir;
            this.engine = Engine.open(dir, RuleSet.CURRENT, null, checkpointEvery);
            this.host = new Host(fact -> engine.accept(fact));
            host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
        }

        void rounds(int n) {
            for (int i = 0; i < n; i++) {
                String ping = host.room("qa", "work", "@qa ping " + i, true);
                long turn = host.answer("qa", ping, "work");
                host.say(turn, 1, "words " + i);
                host.end(turn);
            }
        }

        void reopen(int checkpointEvery) {
            engine.close();
            engine = Engine.open(dir, RuleSet.CURRENT, host.tick(), checkpointEvery);
        }

        long unreadable(Consumer<ObjectNode> spoil) {
            return appendUnreadable(engine.journal(), engine.state(), spoil);
        }

        @Override
        public void close() {
            engine.close();
        }
    }

    /**
     * Appends a state checkpoint of {@code state} as the engine writes one, its JSON spoiled: JSON
     * the store takes, but no state this build reads. Returns its index.
     */
    private static long appendUnreadable(JournalWriter journal, EngineState state, Consumer<ObjectNode> spoil) {
        try {
            ObjectNode tree = (ObjectNode) EntryCodec.mapper().readTree(StateCodec.toCheckpointBytes(state));
            spoil.accept(tree);
            Instant at = Instant.ofEpochMilli(state.clockMillis);
            return journal.append(Group.checkpoint(EntryCodec.storeCheckpoint(at, journal.lastIndex(), state.entries,
                    EntryCodec.mapper().writeValueAsBytes(tree), null), at));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last speech.routed of the journal, explained. */
    private static Explanation explainLast(Journal j) {
        List<JournalRecord> routed = new ArrayList<>();
        j.read(-1, Long.MAX_VALUE, r -> {
            if (r.entry() instanceof SpeechRouted) routed.add(r);
        });
        JournalRecord last = routed.get(routed.size() - 1);
        return new Explainer(j, false).at(last.index(), last.position());
    }

    /** An explanation's steps without their places in the journal (an appended checkpoint moves every later index). */
    private static List<String> withoutPlaces(Explanation x) {
        return Stream.of(List.of(x.target()), x.chain(), x.ledTo(), x.turn()).flatMap(List::stream)
                .map((Step s) -> s.role() + " " + s.type() + " " + s.rule() + " " + s.words() + " " + EntryCodec.toJson(s.entry()))
                .toList();
    }

    /**
     * Changes, in place, the excerpt of the state checkpoint written at {@code at} (its 48-byte header
     * and payload, handed to {@code change} from the header on); with the journal's {@code id}, its
     * checksum is made again as the writer makes it, else left to fail.
     */
    private static void rewriteCheckpointExcerpt(Path dir, Instant at, byte[] id, Consumer<ByteBuffer> change) throws IOException {
        Path day;
        try (Stream<Path> files = Files.list(dir)) {
            day = files.filter(p -> p.getFileName().toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(day);
        ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int header = -1;
        for (int i = bytes.length - 48; i >= 0 && header < 0; i--) {
            if (bytes[i] == 3 && bytes[i + 1] == 'C' && file.getShort(i + 2) == EntryCodec.SCHEMA_VERSION && file.getInt(i + 4) == 1
                    && file.getLong(i + 32) == at.toEpochMilli()) {
                header = i;
            }
        }
        assertTrue(header > 0, "found the checkpoint's excerpt on disk");
        int length = 48 + file.getInt(header + 40);
        ByteBuffer excerpt = ByteBuffer.wrap(bytes, header, length).slice().order(ByteOrder.LITTLE_ENDIAN);
        change.accept(excerpt);
        if (id != null) {
            CRC32C crc = new CRC32C();
            crc.update(id);
            crc.update(bytes, header, 44);
            crc.update(bytes, header + 48, length - 48);
            excerpt.putInt(44, (int) crc.getValue());
        }
        try (RandomAccessFile f = new RandomAccessFile(day.toFile(), "rw")) {
            f.seek(header);
            f.write(bytes, header, length);
        }
    }

    /** Every file under {@code dir} by its SHA-256. */
    private static Map<String, String> hashes(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                out.put(dir.relativize(p).toString(), HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(p))));
            }
        }
        return out;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
