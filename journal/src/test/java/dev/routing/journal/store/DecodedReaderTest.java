package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.internal.JournalRewrite;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DecodedReader} on a real journal of many batches: entries in journal order as the
 * sequential read gives them, ranges, nulls for checkpoints and passed-over decisions in both
 * schemas; and faults reported as a reader in order meets them: every entry before an unreadable
 * one reaches the sink, the first fault in journal order is the one thrown, named where it is, the
 * sink's own fault is never masked, and no decoding thread outlives a read.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DecodedReaderTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    /** Enough groups for many batches (4,096 entries each) and the back-pressure of six in flight. */
    private static final int GROUPS = 16_000;

    @TempDir
    Path dir;

    private Path clean;
    private List<Long> groupIndex = new ArrayList<>();
    private List<JournalRecord> expected = new ArrayList<>();

    @BeforeAll
    void writeOnce(@TempDir Path shared) {
        clean = shared.resolve("clean");
        try (JournalWriter j = Journal.openWriter(clean)) {
            for (int i = 0; i < GROUPS; i++) {
                Instant at = T0.plusMillis(i);
                if (i == 5_000) {
                    groupIndex.add(j.write(Entries.checkpoint(at, groupIndex.get(groupIndex.size() - 1))));
                } else {
                    groupIndex.add(j.write(Group.of(List.of(Entries.message(at, "m" + i), Entries.publish(at, i)))));
                }
            }
            j.sync();
        }
        try (Journal j = Journal.openReader(clean)) {
            j.read(-1, Long.MAX_VALUE, expected::add);
        }
    }

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    private record Got(long index, Entry entry, int bytes) {}

    private static List<Got> decoded(Path journal, long from, long to, Set<String> passedOver) {
        List<Got> got = new ArrayList<>();
        try (Journal j = Journal.openReader(journal)) {
            DecodedReader.read(j, from, to, passedOver, (index, entry, bytes) -> got.add(new Got(index, entry, bytes)));
        }
        return got;
    }

    @Test
    void everyEntryArrivesInJournalOrderAsTheSequentialReadGivesIt() {
        List<Got> got = decoded(clean, -1, Long.MAX_VALUE, Set.of());
        assertEquals(expected.size(), got.size());
        for (int i = 0; i < got.size(); i++) {
            JournalRecord r = expected.get(i);
            assertEquals(r.index(), got.get(i).index(), "entry " + i);
            if (r.entry() instanceof dev.routing.journal.event.StateCheckpoint) assertNull(got.get(i).entry());
            else assertEquals(r.entry(), got.get(i).entry(), "entry " + i);
        }
    }

    @Test
    void aRangeGivesExactlyTheGroupsInIt() {
        long from = groupIndex.get(4_321);
        long to = groupIndex.get(13_999);
        List<Got> got = decoded(clean, from, to, Set.of());
        List<JournalRecord> want = expected.stream().filter(r -> r.index() >= from && r.index() < to).toList();
        assertEquals(want.size(), got.size());
        for (int i = 0; i < got.size(); i++) assertEquals(want.get(i).index(), got.get(i).index());
        assertEquals(0, decoded(clean, to, from, Set.of()).size(), "an empty range");
        assertEquals(2, decoded(clean, groupIndex.get(GROUPS - 1), Long.MAX_VALUE, Set.of()).size(), "the last group alone");
    }

    @Test
    void aPassedOverDecisionAndACheckpointGiveNull() {
        List<Got> got = decoded(clean, -1, Long.MAX_VALUE, Set.of("publish.requested"));
        long nulls = got.stream().filter(g -> g.entry() == null).count();
        assertEquals(GROUPS - 1 + 1, nulls, "every publish.requested and the one checkpoint");
        assertTrue(got.stream().filter(g -> g.entry() == null).allMatch(g -> g.bytes() >= 0));
    }

    // ---- faults: a journal rewritten excerpt by excerpt, an entry's bytes replaced (checksum right) or an excerpt's checksum broken

    private static final byte[] UNREADABLE = Entries.unreadable();

    /** Copies {@code clean} into {@code to}; the fact of group {@code badEntryGroup} made unreadable, group {@code damagedGroup}'s checksum broken. */
    private Path faulty(String name, int badEntryGroup, int damagedGroup) {
        return faulty(name, badEntryGroup, damagedGroup, 0);
    }

    /** As above, and the groups below {@code jsonBelow} rewritten as schema 1 (JSON), as the build before wrote them. */
    private Path faulty(String name, int badEntryGroup, int damagedGroup, int jsonBelow) {
        Path to = dir.resolve(name);
        JournalRewrite.rewrite(clean, to, excerpt -> excerpt < jsonBelow ? EntryCodec.JSON_SCHEMA : EntryCodec.SCHEMA_VERSION,
                (excerpt, entry, schema, bytes) -> {
                    if (excerpt == badEntryGroup && entry == 0) return UNREADABLE;
                    return excerpt < jsonBelow ? EntryCodec.encode(EntryCodec.decode(schema, bytes, 0, bytes.length)) : bytes;
                }, excerpt -> excerpt == damagedGroup);
        return to;
    }

    private static RuntimeException readAll(Path journal, List<Got> got, int throwAtEntry) {
        try (Journal j = Journal.openReader(journal)) {
            return assertThrows(RuntimeException.class, () -> DecodedReader.read(j, -1, Long.MAX_VALUE, Set.of(), (index, entry, bytes) -> {
                if (got.size() == throwAtEntry) throw new IllegalStateException("the sink's own fault");
                got.add(new Got(index, entry, bytes));
            }));
        }
    }

    @Test
    void aMixedJournalReadsPerExcerptAndPassesOverByTypeInBothSchemas() {
        Path journal = faulty("mixed", -1, -1, 9_000);
        List<Got> got = decoded(journal, -1, Long.MAX_VALUE, Set.of("publish.requested"));
        assertEquals(expected.size(), got.size());
        for (int i = 0; i < got.size(); i++) {
            Entry want = expected.get(i).entry();
            boolean none = want instanceof dev.routing.journal.event.StateCheckpoint || want.type().equals("publish.requested");
            assertEquals(none ? null : want, got.get(i).entry(), "entry " + i);
        }
        List<Integer> schemas = new ArrayList<>();
        try (Journal j = Journal.openReader(journal)) {
            j.readRaw(-1, Long.MAX_VALUE, (index, kind, version, bytes, offset, length) -> schemas.add(version));
        }
        assertTrue(schemas.contains(1) && schemas.contains(2), "both schemas in the journal");
    }

    @Test
    void aDecodingErrorBeforeLaterDamageIsWhatIsThrown() {
        Path journal = faulty("decode-then-damage", 6_000, 14_000);
        RuntimeException e = readAll(journal, new ArrayList<>(), -1);
        assertTrue(e.getCause() instanceof BadEntryException, "expected the decoding error, got " + e);
    }

    @Test
    void aDecodingErrorBeforeDamageInTheSameBatchIsWhatIsThrown() {
        Path journal = faulty("decode-then-damage-near", 6_000, 6_003);
        RuntimeException e = readAll(journal, new ArrayList<>(), -1);
        assertTrue(e.getCause() instanceof BadEntryException, "expected the decoding error, got " + e);
    }

    @Test
    void damageBeforeADecodingErrorIsWhatIsThrown() {
        Path journal = faulty("damage-then-decode", 9_000, 6_000);
        RuntimeException e = readAll(journal, new ArrayList<>(), -1);
        assertTrue(e instanceof JournalDamagedException && !(e.getCause() instanceof BadEntryException), "expected the damage, got " + e);
    }

    @Test
    void theSinksOwnFaultBeforeADecodingErrorAndDamageIsNotMasked() {
        Path journal = faulty("sink-then-both", 6_000, 14_000);
        for (int at : new int[] {0, 4_095, 4_096, 8_191, 8_192, 11_998}) {
            RuntimeException e = readAll(journal, new ArrayList<>(), at);
            assertEquals("the sink's own fault", e.getMessage(), "sink throwing at entry " + at + ": got " + e);
        }
    }

    @Test
    void theSinksOwnFaultAfterTheLastFullBatchBeforeDamageIsNotMasked() {
        Path journal = faulty("sink-then-damage", -1, 15_000);
        RuntimeException e = readAll(journal, new ArrayList<>(), 29_000);
        assertEquals("the sink's own fault", e.getMessage(), "got " + e);
    }

    /** As a sequential read does: every entry before the unreadable one reaches the sink first. */
    @Test
    void everyEntryBeforeADecodingErrorReachesTheSinkFirst() {
        Path journal = faulty("decode-only", 6_000, -1);
        List<Got> got = new ArrayList<>();
        readAll(journal, got, -1);
        // group 6,000 is entries 11,999 and 12,000 (group 5,000 is the one-entry checkpoint)
        assertEquals(11_999, got.size(), "entries delivered before the decoding error");
    }

    /** As Journal.read names an unreadable entry: damage at its group's index, in its day file, with what is wrong. */
    @Test
    void aDecodingErrorNamesWhereInTheJournalItIs() {
        Path journal = faulty("decode-where", 6_000, -1);
        RuntimeException e = readAll(journal, new ArrayList<>(), -1);
        long index = groupIndex.get(6_000);
        assertTrue(e instanceof JournalDamagedException d && d.index() == index && d.file() != null, e.toString());
        assertTrue(e.getMessage().contains("index 0x" + Long.toHexString(index)) && e.getMessage().contains("field 'at'"), e.getMessage());
    }

    @Test
    void noDecodingThreadOutlivesARead() throws InterruptedException {
        Path journal = faulty("threads", 6_000, 14_000);
        for (int i = 0; i < 5; i++) {
            readAll(journal, new ArrayList<>(), -1);
            readAll(journal, new ArrayList<>(), 100);
            decoded(clean, groupIndex.get(100), groupIndex.get(200), Set.of());
        }
        long deadline = System.currentTimeMillis() + 5_000;
        long alive;
        do {
            Thread.sleep(50);
            alive = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("journal-decode") && t.isAlive()).count();
        } while (alive > 0 && System.currentTimeMillis() < deadline);
        assertEquals(0, alive, "decoding threads left alive");
    }

    // ---- what the journal would not read back is not added to a group

    /** Half an emoji (a cut in the wrong place) is refused as a bad entry naming its field, before anything is written. */
    @Test
    void aDecisionHoldingHalfAnEmojiIsRefusedAsABadEntryNamingItsField() {
        String draft = "x".repeat(59) + "\ud83d\ude00 and more";
        String preview = draft.substring(0, 60) + "\u2026"; // as DraftsTool.list cuts it
        ToolDecided listing = new ToolDecided(T0, 1L, 1, 0, "drafts", true, null, null, "qa", preview, null, null);
        Group g = new Group();
        BadEntryException e = assertThrows(BadEntryException.class, () -> g.add(listing));
        assertEquals("result", e.field(), e.getMessage());
        assertTrue(g.isEmpty());
    }
}
