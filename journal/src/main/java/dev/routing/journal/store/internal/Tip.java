package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * {@code journal.tip}: the last excerpt the writer acknowledged, so a reader can tell a journal cut
 * at the end of its last day file from one that simply ends there.
 *
 * <p>The writer maps the file and stores into it after every excerpt: no system call, and the
 * stores outlive a {@code kill -9} in the page cache like the queue's own. It alternates between two
 * checksummed slots, so a writer killed in the middle of an update leaves the other slot, one
 * excerpt older, for the next reader. Each slot also records the boot it was written in and the last
 * excerpt an msync covered: after a power failure (another boot) the excerpts acknowledged but not
 * yet synced may be gone, and that is the documented window, not damage.
 */
final class Tip {
    static final String FILE = "journal.tip";
    private static final int BYTES = 4096;
    private static final byte[] MAGIC = "RJTIP002".getBytes(StandardCharsets.US_ASCII);
    /** The journal's id ({@link JournalId}, zeros in a journal made before ids), and its CRC32C. */
    private static final int ID = 8;
    private static final int ID_CRC = ID + JournalId.BYTES;
    private static final int SLOT_0 = 64;
    /** seq 0, boot 8, acked ordinal 24, index 32, crc 40, synced ordinal 48, index 56, floor 64, slot crc 72. */
    private static final int SLOT_BYTES = 80;
    private static final int SLOT_CRC = 72;
    private static final byte[] UNKNOWN_BOOT = new byte[16];
    private static final byte[] THIS_BOOT = bootId();

    /**
     * One slot. {@code ackedOrdinal} and {@code ackedIndex} are -1 in a journal with no excerpt yet;
     * {@code floorMillis} is the journal time no later excerpt may go below (a cut can remove the only
     * excerpt of a day whose file Chronicle has already closed the day before).
     */
    record State(long seq, byte[] boot, long ackedOrdinal, long ackedIndex, int ackedCrc, long syncedOrdinal,
            long syncedIndex, long floorMillis) {
        static final State EMPTY = new State(0, THIS_BOOT, -1, -1, 0, -1, -1, Long.MIN_VALUE);

        /** Whether the page cache the acknowledgements were written to may have been lost since (another boot). */
        boolean fromAnotherBoot() {
            return !Arrays.equals(boot, THIS_BOOT) && !Arrays.equals(boot, UNKNOWN_BOOT) && !Arrays.equals(THIS_BOOT, UNKNOWN_BOOT);
        }

        /** The last excerpt the journal must still hold: the last acknowledged, or after a power failure the last synced. */
        long protectedOrdinal() {
            return fromAnotherBoot() ? syncedOrdinal : ackedOrdinal;
        }

        long protectedIndex() {
            return fromAnotherBoot() ? syncedIndex : ackedIndex;
        }

        /**
         * This state once an open found the journal to end at {@code last} (at {@code index}; null for
         * no excerpt): what is there is acknowledged, in this boot; what was synced stays synced.
         */
        State endingAt(Excerpt last, long index) {
            if (last == null) return new State(seq + 1, THIS_BOOT, -1, -1, 0, -1, -1, floorMillis);
            boolean syncedKept = syncedOrdinal >= 0 && syncedOrdinal <= last.ordinal();
            return new State(seq + 1, THIS_BOOT, last.ordinal(), index, last.crc(), syncedKept ? syncedOrdinal : -1,
                    syncedKept ? syncedIndex : -1, floorMillis);
        }
    }

    private final MappedByteBuffer map;
    private final CRC32C crc = new CRC32C();
    private State state;
    private JournalId id;

    private Tip(MappedByteBuffer map, State state, JournalId id) {
        this.map = map;
        this.state = state;
        this.id = id;
    }

    /**
     * Reads the tip, or null when the journal has no tip file, or an empty one (created by a writer's
     * lock before it wrote anything). A file that holds no valid slot is damage. In the JVM that writes
     * the journal it is read through the writer's channel: closing a descriptor of its own would drop
     * the writer's lock ({@link WriterLock}).
     */
    static State read(Path dir) {
        ByteBuffer b = bytes(dir);
        if (b == null) return null;
        State s = newest(b, new CRC32C());
        if (s == null) throw new JournalDamagedException(dir, FILE + " holds no valid record of the last acknowledged excerpt", FILE, -1, -1);
        return s;
    }

    /**
     * The journal's id, or null when the tip holds none (a journal made before ids, whose writer has
     * not opened it since) or there is no tip. An id that fails its own checksum is damage: every
     * bound excerpt would fail under it.
     */
    static JournalId readId(Path dir) {
        ByteBuffer b = bytes(dir);
        return b == null ? null : id(b, dir);
    }

    private static JournalId id(ByteBuffer b, Path dir) {
        byte[] magic = new byte[MAGIC.length];
        b.get(0, magic);
        if (!Arrays.equals(magic, MAGIC)) return null;
        byte[] id = new byte[JournalId.BYTES];
        b.get(ID, id);
        JournalId journal = JournalId.of(id);
        if (journal == null && b.getInt(ID_CRC) == 0) return null;
        if (journal == null || b.getInt(ID_CRC) != idCrc(id)) {
            throw new JournalDamagedException(dir, FILE + " holds a journal id that fails its checksum", FILE, -1, -1);
        }
        return journal;
    }

    /** The tip's bytes, or null when there is no tip or an empty one; in the writer's JVM, what the writer holds. */
    private static ByteBuffer bytes(Path dir) {
        WriterLock.Held held = WriterLock.inThisJvm(dir);
        if (held != null) {
            // absolute gets: no position shared with the writer, no channel an interrupt could close
            return held.bytes() == null ? null : ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN).put(0, held.bytes(), 0, BYTES);
        }
        try (FileChannel ch = FileChannel.open(dir.resolve(FILE), StandardOpenOption.READ)) {
            return bytes(ch);
        } catch (NoSuchFileException e) {
            return null;
        } catch (java.nio.channels.ClosedByInterruptException e) {
            // the reading thread was interrupted (NIO closed its channel): a stop asked for, not damage
            throw new IllegalStateException("interrupted while reading " + FILE + " of journal " + dir, e);
        } catch (IOException e) {
            throw new JournalDamagedException(dir, "cannot read " + FILE + ": " + e.getMessage(), FILE, -1, -1);
        }
    }

    /** The tip's bytes read through {@code ch}, or null when it is empty (a short file reads as zeros after its end). */
    static ByteBuffer bytes(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
        if (ch.size() == 0) return null;
        while (b.hasRemaining() && ch.read(b, b.position()) >= 0) {
            // read the whole file
        }
        return b;
    }

    private static int idCrc(byte[] id) {
        CRC32C crc = new CRC32C();
        crc.update(id);
        return (int) crc.getValue();
    }

    /** The damage of a journal with excerpts and no tip (or an empty one): its end cannot be checked. */
    static JournalDamagedException missing(Path dir) {
        return new JournalDamagedException(dir, FILE + " is missing (or empty), so a cut at the journal's end could not be"
                + " told from its end", FILE, -1, -1);
    }

    /**
     * Opens the tip for writing through {@code ch} (the writer lock's: it is never closed here, and
     * the file is never replaced, so the lock stays on it), writing it whole in place with
     * {@code initial} when it is empty or unreadable.
     */
    static Tip openWriter(Path dir, FileChannel ch, State initial) {
        try {
            if (ch.size() != BYTES) create(ch, initial);
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, BYTES);
            map.order(ByteOrder.LITTLE_ENDIAN);
            State s = newest(map, new CRC32C());
            JournalId id = id(map, dir);
            Tip tip = new Tip(map, s == null ? initial : s, id);
            if (s == null) tip.write(initial);
            return tip;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + FILE, e);
        }
    }

    /** As {@link #openWriter(Path, FileChannel, State)}, for a tip no writer holds (tests that set a tip as a crash leaves it). */
    static Tip openWriter(Path dir, State initial) {
        try (FileChannel ch = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            return openWriter(dir, ch, initial);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + dir.resolve(FILE), e);
        }
    }

    /**
     * Gives the journal its id, once: a new journal at its creation, one made before ids at its
     * writer's first write since (an open that finds damage leaves the tip as it was). Forced to disk at once: an excerpt bound to an id the tip lost would
     * read as another journal's.
     */
    JournalId bind(JournalId id) {
        byte[] b = id.bytes();
        map.put(ID, b);
        map.putInt(ID_CRC, idCrc(b));
        map.force();
        this.id = id;
        return id;
    }

    /** The journal's id, or null before it has one: every excerpt this writer writes is bound to it. */
    JournalId id() {
        return id;
    }

    /** Writes a whole new tip in place: a writer killed in the middle leaves a file of another size, written anew next time. */
    private static void create(FileChannel ch, State initial) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, MAGIC);
        put(b, SLOT_0, initial, new CRC32C());
        ch.truncate(0);
        while (b.hasRemaining()) ch.write(b, b.position());
        ch.force(true);
    }

    State state() {
        return state;
    }

    /** Records the excerpt just written as acknowledged. */
    void acked(long ordinal, long index, int excerptCrc) {
        write(new State(state.seq + 1, THIS_BOOT, ordinal, index, excerptCrc, state.syncedOrdinal, state.syncedIndex,
                state.floorMillis));
    }

    /** Records that an msync covered every excerpt acknowledged so far. */
    void synced() {
        if (state.syncedOrdinal == state.ackedOrdinal) return;
        write(new State(state.seq + 1, THIS_BOOT, state.ackedOrdinal, state.ackedIndex, state.ackedCrc, state.ackedOrdinal,
                state.ackedIndex, state.floorMillis));
    }

    /** Raises the journal-time floor: no later excerpt goes below {@code millis}. */
    void floor(long millis) {
        if (millis <= state.floorMillis) return;
        // the boot stays: a floor raised by a cut after a power failure must not make what the failure
        // took (acknowledged, never synced) read as cut in this boot
        write(new State(state.seq + 1, state.boot, state.ackedOrdinal, state.ackedIndex, state.ackedCrc, state.syncedOrdinal,
                state.syncedIndex, millis));
    }

    void write(State s) {
        put(map, SLOT_0 + (int) (s.seq & 1) * SLOT_BYTES, s, crc);
        state = s;
    }

    /** The mapping, read-only: this JVM's readers read the tip from it ({@link WriterLock#inThisJvm}). */
    ByteBuffer mapping() {
        return map.asReadOnlyBuffer();
    }

    /** Flushes the mapping to disk (at a clean close: the stores in between need no system call). */
    void force() {
        map.force();
    }

    private static void put(ByteBuffer b, int at, State s, CRC32C crc) {
        b.putLong(at, s.seq);
        b.put(at + 8, s.boot);
        b.putLong(at + 24, s.ackedOrdinal);
        b.putLong(at + 32, s.ackedIndex);
        b.putInt(at + 40, s.ackedCrc);
        b.putLong(at + 48, s.syncedOrdinal);
        b.putLong(at + 56, s.syncedIndex);
        b.putLong(at + 64, s.floorMillis);
        b.putInt(at + SLOT_CRC, slotCrc(b, at, crc));
    }

    private static State newest(ByteBuffer b, CRC32C crc) {
        byte[] magic = new byte[MAGIC.length];
        b.get(0, magic);
        if (!Arrays.equals(magic, MAGIC)) return null;
        State best = null;
        for (int slot = 0; slot < 2; slot++) {
            int at = SLOT_0 + slot * SLOT_BYTES;
            if (b.getInt(at + SLOT_CRC) != slotCrc(b, at, crc)) continue;
            byte[] boot = new byte[16];
            b.get(at + 8, boot);
            State s = new State(b.getLong(at), boot, b.getLong(at + 24), b.getLong(at + 32), b.getInt(at + 40),
                    b.getLong(at + 48), b.getLong(at + 56), b.getLong(at + 64));
            if (best == null || s.seq > best.seq) best = s;
        }
        return best;
    }

    private static int slotCrc(ByteBuffer b, int at, CRC32C crc) {
        crc.reset();
        crc.update(b.slice(at, SLOT_CRC));
        return (int) crc.getValue();
    }

    /** This boot's id (Linux), or zeros where the system does not say: then every boot counts as this one. */
    private static byte[] bootId() {
        try {
            UUID id = UUID.fromString(Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim());
            return ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
        } catch (IOException | IllegalArgumentException | UnsupportedOperationException e) {
            return UNKNOWN_BOOT;
        }
    }
}
