package dev.routing.journal.store.internal;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.codec.EntryTypes;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Where a sealed day file's state checkpoints and standing facts ({@link EntryTypes#STANDING}) lie,
 * {@code DAYF.marks} beside its seal: explain looks for both before a decision, anywhere, and with
 * the marks it reads a sealed day's few groups instead of walking the day. Of the standing facts,
 * only the day's last of each kind and subject (agent, channel) is marked: a decision after the day
 * rests on that one, never on one it replaced (1,800 a day become a few dozen in the simulated week). Written with the seal,
 * whole or not at all, and bound to it (the journal's id, the day, the seal's chain of checksums,
 * size and last index): marks of another journal, or of a file that no longer matches its seal, are
 * never used, and a day without marks is walked as before.
 *
 * <p>On disk (little-endian):
 *
 * <pre>
 *  0  8 bytes  magic        "RJMARK01"
 *  8  16 bytes id           the journal's id
 * 24  i32      cycle        the day (Chronicle's cycle)
 * 28  u32      chain        the seal's CRC32C over the file's excerpt checksums
 * 32  i64      size         the seal's file size
 * 40  i64      last index   the seal's last excerpt
 * 48  i32      n            state checkpoints
 * 52  i32      m            groups holding the day's last standing fact of a kind and subject
 * 56  n x i64, then m x i64 their indexes, ascending
 *  .. u32      crc          CRC32C of every byte before it
 * </pre>
 */
final class DayMarks {
    static final String SUFFIX = "F.marks";
    /**
     * What an excerpt is to the marks: a state checkpoint, and the subjects of the standing facts it
     * holds (a group may hold both, as a raw read reports each entry). Null for most excerpts.
     */
    record Mark(boolean checkpoint, List<String> standing) {
        static final Mark CHECKPOINT = new Mark(true, List.of());
    }

    private static final byte[] MAGIC = "RJMARK01".getBytes(StandardCharsets.US_ASCII);
    private static final int HEAD = 56;

    final long[] checkpoints;
    final long[] standing;

    DayMarks(long[] checkpoints, long[] standing) {
        this.checkpoints = checkpoints;
        this.standing = standing;
    }

    static Path path(Path dir, int cycle) {
        Path seal = DaySeal.path(dir, cycle);
        String name = seal.getFileName().toString();
        return seal.resolveSibling(name.substring(0, name.length() - DaySeal.SUFFIX.length()) + SUFFIX);
    }

    /**
     * What the excerpt of {@code kind}, its {@code count} entries in {@code buf[entriesAt, limit)}, is to
     * the marks, as a raw read of it reports it (null: nothing).
     */
    static Mark of(byte kind, int schema, byte[] buf, int entriesAt, int limit, int count) {
        if (kind == Excerpt.CHECKPOINT || kind == Excerpt.PART_END) return Mark.CHECKPOINT;
        if (kind != Excerpt.GROUP && kind != Excerpt.NUMBERED) return null;
        boolean checkpoint = false;
        List<String> standing = null;
        int p = entriesAt;
        for (int i = 0; i < count && p + Excerpt.ENTRY_PREFIX_BYTES <= limit; i++) {
            byte entry = buf[p];
            int length = Excerpt.u32(buf, p + 1);
            p += Excerpt.ENTRY_PREFIX_BYTES;
            if (length < 0 || p + length > limit) break;
            if (entry == Excerpt.CHECKPOINT) {
                checkpoint = true;
            } else if (entry == Excerpt.FACT && EntryTypes.STANDING.contains(schema, buf, p, length)) {
                if (standing == null) standing = new ArrayList<>(1); // may hold null: see subject
                standing.add(subject(schema, buf, p, length));
            }
            p += length;
        }
        return checkpoint || standing != null ? new Mark(checkpoint, standing == null ? List.of() : standing) : null;
    }

    /** As {@link #of}, for a group the writer is about to write from its payload. */
    static Mark ofPayload(byte kind, byte[] payload, int offset, int length, int count) {
        int entriesAt = kind == Excerpt.NUMBERED ? offset + Excerpt.SEQ_BYTES : offset;
        return of(kind, EntryCodec.SCHEMA_VERSION, payload, entriesAt, offset + length, count);
    }

    /**
     * A standing fact's kind and subject: a later one of the same day replaces it in the marks. Null
     * for one that does not decode: it stays marked, so its reader meets the damage.
     */
    private static String subject(int schema, byte[] buf, int offset, int length) {
        Entry e;
        try {
            e = EntryCodec.decode(schema, buf, offset, length);
        } catch (RuntimeException unreadable) {
            return null;
        }
        String who = e instanceof ChannelRegistered c ? c.channel() + '\u0000' + c.server()
                : e instanceof AgentConfigured c ? c.agent()
                : e instanceof FocusOpened f ? f.agent() + '\u0000' + f.channel()
                : e instanceof HistoryChanged h ? h.agent()
                : "\u0000" + EntryCodec.toJson(e); // a standing type this does not know the subject of: never replaced
        return e.type() + '\u0000' + who;
    }

    /** Writes the marks of the day {@code seal} describes, bound to it; returns why not (a full disk), or null. */
    String write(Path dir, JournalId id, DaySeal seal) {
        ByteBuffer b = ByteBuffer.allocate(HEAD + 8 * (checkpoints.length + standing.length) + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put(id.bytes()).putInt(seal.cycle()).putInt(seal.chain()).putLong(seal.size()).putLong(seal.lastIndex())
                .putInt(checkpoints.length).putInt(standing.length);
        for (long c : checkpoints) b.putLong(c);
        for (long g : standing) b.putLong(g);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, b.position());
        b.putInt((int) crc.getValue());
        b.flip();
        return WholeFile.write(path(dir, seal.cycle()), b);
    }

    /** What reading the marks found: the marks, or why they are not used ({@code missing}: there is no file). */
    record Reading(DayMarks marks, String why, boolean missing) {
    }

    /** Reads the marks of the day a trusted {@code seal} describes, checked: their checksum, magic, journal and seal. */
    static Reading read(Path dir, JournalId id, DaySeal seal) {
        Path p = path(dir, seal.cycle());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            return new Reading(null, "it has no marks", true);
        } catch (IOException e) {
            return new Reading(null, "its marks cannot be read (" + e.getMessage() + ")", false);
        }
        if (bytes.length < HEAD + 4) return new Reading(null, "its marks are " + bytes.length + " bytes (cut)", false);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        if (b.getInt(bytes.length - 4) != (int) crc.getValue()) return new Reading(null, "its marks fail their checksum (cut or changed)", false);
        if (!Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) return new Reading(null, "its marks are no marks (magic)", false);
        if (id == null || !Arrays.equals(Arrays.copyOfRange(bytes, 8, 8 + JournalId.BYTES), id.bytes())) {
            return new Reading(null, "its marks are another journal's", false);
        }
        if (b.getInt(24) != seal.cycle() || b.getInt(28) != seal.chain() || b.getLong(32) != seal.size()
                || b.getLong(40) != seal.lastIndex()) {
            return new Reading(null, "its marks are not of the file its seal describes", false);
        }
        int n = b.getInt(48);
        int m = b.getInt(52);
        if (n < 0 || m < 0 || HEAD + 8L * (n + (long) m) + 4 != bytes.length) return new Reading(null, "its marks' counts do not fit them", false);
        long[] checkpoints = new long[n];
        long[] standing = new long[m];
        b.position(HEAD);
        for (int i = 0; i < n; i++) checkpoints[i] = b.getLong();
        for (int i = 0; i < m; i++) standing[i] = b.getLong();
        // a build's mistake passes the checksum: the places must at least lie in the day, in order
        long first = DayFiles.ROLL.toIndex(seal.cycle(), 0);
        if (!inOrderWithin(checkpoints, first, seal.lastIndex()) || !inOrderWithin(standing, first, seal.lastIndex())) {
            return new Reading(null, "its marks name places outside the day or out of order", false);
        }
        return new Reading(new DayMarks(checkpoints, standing), null, false);
    }

    private static boolean inOrderWithin(long[] places, long first, long last) {
        long before = first - 1;
        for (long p : places) {
            if (p <= before || p > last) return false;
            before = p;
        }
        return true;
    }

    /** Whether these marks say what {@code other}'s say. */
    boolean same(DayMarks other) {
        return Arrays.equals(checkpoints, other.checkpoints) && Arrays.equals(standing, other.standing);
    }

    /** The marks of a day as its excerpts are written or walked, in order. */
    static final class Running {
        private long[] checkpoints = new long[4];
        private int n;
        /** The group of the last standing fact of each kind and subject so far. */
        private final Map<String, Long> lastStanding = new HashMap<>();
        /** Groups holding a standing fact that does not decode: kept, whatever follows. */
        private final List<Long> unreadable = new ArrayList<>();

        void add(long index, Mark mark) {
            if (mark == null) return;
            if (mark.checkpoint()) {
                if (n == checkpoints.length) checkpoints = Arrays.copyOf(checkpoints, n * 2);
                checkpoints[n++] = index;
            }
            for (String subject : mark.standing()) {
                if (subject == null) unreadable.add(index);
                else lastStanding.put(subject, index);
            }
        }

        DayMarks marks() {
            long[] standing = java.util.stream.Stream.concat(lastStanding.values().stream(), unreadable.stream())
                    .mapToLong(Long::longValue).distinct().sorted().toArray();
            return new DayMarks(Arrays.copyOf(checkpoints, n), standing);
        }
    }
}
