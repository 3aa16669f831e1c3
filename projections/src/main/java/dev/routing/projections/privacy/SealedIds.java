package dev.routing.projections.privacy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * One agent's forgotten ids of one closed day as a table that is never changed again
 * (docs/decisions/0011), read in place from whatever holds its bytes ({@link Body}: the engine maps a
 * file; nothing here reads one). Its entries are the day's live entries of the record's arena, in
 * the order let go ({@link IdArena}'s form, none dead), so the day reads back as the same checkpoint
 * form however it was kept; a lookup compares the id itself wherever a slot's tag matches (never
 * a hash alone: a collision would answer "public" for an id never let go).
 *
 * <p>The body, little-endian (docs/decisions/0010's open-addressing table, sized to its day):
 *
 * <pre>
 *  0  i64  count       ids held
 *  8  i64  slots       at least 16, and count at most three quarters of it: no power of two, since
 *                      a day's table never grows (a doubling table held 2.6 slots an id past a doubling)
 * 16  i64  entries     the entries' length in bytes
 * 24  slots x u32      linear probing from {@link IdTable#home}: a slot's low {@code offsetBits} bits
 *                      hold an entry's offset among the entries + 1 (0: an empty slot), the high bits
 *                      the top bits of the id's {@code tag(hash)}, so a probe compares an entry only
 *                      when its tag matches (a miss reads the slots, rarely an entry)
 *      entries         count entries in {@link IdArena}'s form
 * </pre>
 *
 * {@code offsetBits} is the fewest bits that hold the entries' length; the rest of the slot is tag.
 */
public final class SealedIds {
    /** The bytes of a table, read in place. */
    public interface Body {
        long length();

        long longAt(long at);

        byte byteAt(long at);

        /** A table held in a buffer (a test's, a benchmark's; the engine maps a file), read little-endian from its start. */
        static Body of(ByteBuffer bytes) {
            ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            return new Body() {
                @Override
                public long length() {
                    return b.capacity();
                }

                @Override
                public long longAt(long at) {
                    return b.getLong((int) at);
                }

                @Override
                public byte byteAt(long at) {
                    return b.get((int) at);
                }
            };
        }
    }

    private static final int SLOTS_AT = 24;
    private static final int MIN_SLOTS = 16;

    private final long day;
    private final Body body;
    private final long count;
    private final long slots;
    private final long entriesAt;
    /** The slot bits that hold an entry's offset + 1; the others hold its tag. */
    private final long offsetMask;

    private SealedIds(long day, Body body, long count, long slots, long entries) {
        this.day = day;
        this.body = body;
        this.count = count;
        this.slots = slots;
        this.entriesAt = SLOTS_AT + 4 * slots;
        this.offsetMask = offsetMask(entries);
    }

    private static long offsetMask(long entries) {
        return (1L << (64 - Long.numberOfLeadingZeros(entries))) - 1;
    }

    /** The id's tag as a slot holds it (its high bits; the offset's bits are zero): {@link IdTable#tag}. */
    private static long tag(int hash, long offsetMask) {
        return Integer.toUnsignedLong(IdTable.tag(hash, offsetMask));
    }

    /**
     * The table in {@code body}, let go on {@code epochDay}, after checking its counts against its
     * length: in constant time, so a restore maps a day of ids without reading it. Its bytes are the
     * caller's to have checked by checksum (a file's CRC32C); an entry or slot that is still not of
     * the form (only a writer's bug could make one) is refused where a lookup or a walk meets it
     * ({@link IllegalStateException}), never read as an answer.
     *
     * @throws IllegalArgumentException naming what is wrong with the counts
     */
    public static SealedIds over(long epochDay, Body body) {
        long length = body.length();
        if (length < SLOTS_AT) throw new IllegalArgumentException("a table of " + length + " bytes, shorter than its counts");
        long count = body.longAt(0);
        long slots = body.longAt(8);
        long entries = body.longAt(16);
        if (slots < MIN_SLOTS || slots > (length - SLOTS_AT) / 4 || slots > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a table of " + slots + " slots in " + length + " bytes");
        }
        if (entries != length - SLOTS_AT - 4 * slots) {
            throw new IllegalArgumentException("entries of " + entries + " bytes in a table of " + slots + " slots and " + length + " bytes");
        }
        if (count < 0 || count * 4 > slots * 3) throw new IllegalArgumentException(count + " ids in " + slots + " slots");
        // every entry takes a byte at least (its header)
        if (count > entries) throw new IllegalArgumentException(count + " ids in " + entries + " bytes of entries");
        return new SealedIds(epochDay, body, count, slots, entries);
    }

    /**
     * Where the entry at {@code at} ends, after checking it is whole and live.
     *
     * @throws IllegalStateException for an entry not of the form
     */
    private long entryEnd(long at) {
        long length = body.length();
        long header = varint(at, length);
        if (header < 0 || header > Integer.MAX_VALUE || (header & IdArena.DEAD) != 0) throw damaged("a bad entry header at byte " + at);
        long payload = at + varintSize(header);
        long end = payload + (header >>> IdArena.FLAG_BITS);
        if (end > length) throw damaged("an entry cut at byte " + at);
        if ((header & IdArena.DECIMAL) != 0) {
            long number = varint(payload, length);
            if (number < 0 || payload + varintSize(number) != end) throw damaged("a bad number at byte " + at);
        }
        if ((header & IdArena.READER) != 0) {
            long reader = varint(end, length);
            if (reader < 0) throw damaged("a bad reader at byte " + at);
            end += varintSize(reader);
        }
        return end;
    }

    private IllegalStateException damaged(String what) {
        return new IllegalStateException("the sealed ids of epoch day " + day + " are damaged: " + what);
    }

    /** The epoch day these ids were let go on. */
    public long day() {
        return day;
    }

    /** How many ids the table holds. */
    public long size() {
        return count;
    }

    /** {@link ForgottenIds#NOT_HELD}, {@link ForgottenIds#NO_READER}, or the turn that first read the id. */
    public long lookup(String id) {
        IdKey key = IdKey.of(id);
        return key == null ? ForgottenIds.NOT_HELD : lookup(key);
    }

    long lookup(IdKey key) {
        long at = find(key);
        if (at < 0) return ForgottenIds.NOT_HELD;
        long header = varint(at, Long.MAX_VALUE);
        if ((header & IdArena.READER) == 0) return ForgottenIds.NO_READER;
        return varint(at + varintSize(header) + (header >>> IdArena.FLAG_BITS), Long.MAX_VALUE);
    }

    /**
     * Where the id's entry starts in the body, or -1. Each entry a probe compares is checked whole
     * first ({@link #entryEnd}), so damage is refused, not compared.
     */
    long find(IdKey key) {
        int hash = key.hash();
        long i = IdTable.home(hash, (int) slots);
        long tag = tag(hash, offsetMask);
        // at most every slot once: a table is never full, but a probe must end on any bytes
        for (long probes = 0; probes < slots; probes++, i = i + 1 == slots ? 0 : i + 1) {
            long s = slot(i);
            if (s == 0) return -1;
            if ((s & ~offsetMask) != tag) continue;
            if ((s & offsetMask) == 0) throw damaged("slot " + i + " holds a tag and no entry");
            long at = entriesAt + (s & offsetMask) - 1;
            if (at >= body.length()) throw damaged("slot " + i + " points past the entries");
            entryEnd(at);
            if (matches(at, key)) return at;
        }
        return -1;
    }

    private long slot(long i) {
        long at = SLOTS_AT + 4 * i;
        return (body.byteAt(at) & 0xFFL) | (body.byteAt(at + 1) & 0xFFL) << 8 | (body.byteAt(at + 2) & 0xFFL) << 16
                | (body.byteAt(at + 3) & 0xFFL) << 24;
    }

    private boolean matches(long at, IdKey key) {
        long header = varint(at, Long.MAX_VALUE);
        long from = at + varintSize(header);
        if ((header & IdArena.DECIMAL) != 0) return key.isDecimal() && varint(from, Long.MAX_VALUE) == key.decimal();
        if (key.isDecimal()) return false;
        long length = header >>> IdArena.FLAG_BITS;
        if (length != key.payloadLength()) return false;
        for (int b = 0; b < length; b++) {
            byte expected = key.utf8() != null ? key.utf8()[b] : (byte) key.id().charAt(b);
            if (body.byteAt(from + b) != expected) return false;
        }
        return true;
    }

    /**
     * Calls {@code sink} with each live entry's bytes, in the order let go, that {@code keep} keeps
     * (given the entry's key); an entry whose id a later one of the day holds is passed over.
     */
    void forEachEntry(java.util.function.Predicate<IdKey> keep, EntrySink sink) {
        long length = body.length();
        long n = 0;
        for (long at = entriesAt; at < length; ) {
            long end = entryEnd(at);
            byte[] entry = new byte[(int) (end - at)];
            for (int b = 0; b < entry.length; b++) entry[b] = body.byteAt(at + b);
            IdKey key = IdArena.keyOf(entry, 0);
            if (find(key) == at) {
                n++;
                if (keep.test(key)) sink.entry(entry);
            }
            at = end;
        }
        if (n != count) throw damaged(n + " entries for " + count + " ids");
    }

    /** Where the entries start in the body, and how many bytes they take: a day's log, when the table was made of one. */
    public long entriesAt() {
        return entriesAt;
    }

    public long entriesLength() {
        return body.length() - entriesAt;
    }

    /** An entry's bytes in {@link IdArena}'s form. */
    interface EntrySink {
        void entry(byte[] bytes);
    }

    /** The unsigned LEB128 number at {@code at}, -1 when it runs to {@code limit} or past ten bytes. */
    private long varint(long at, long limit) {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (at >= limit) return -1;
            byte b = body.byteAt(at++);
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        return -1;
    }

    private static int varintSize(long v) {
        return dev.routing.journal.bytes.Varint.size(v);
    }

    /**
     * The body of a table holding the live entries of {@code arena} in {@code [from, to)}, in their
     * order: a closed day of the record; with {@code all}, every entry there, the dead ones (an id let
     * go again later that day) live in form but in no slot, so the entries are the day's log byte for
     * byte ({@link ForgottenIds#dayBodyOfLog}).
     */
    static ByteBuffer encode(IdArena arena, int from, int to, boolean all) {
        int count = 0;
        int bytes = 0;
        for (int at = from; at < to; ) {
            int header = arena.header(at);
            int size = arena.entrySize(at, header);
            if (!IdArena.dead(header)) count++;
            if (all || !IdArena.dead(header)) bytes += size;
            at += size;
        }
        long slots = Math.max(MIN_SLOTS, (count * 4L + 2) / 3);
        long length = SLOTS_AT + 4 * slots + bytes;
        if (length > Integer.MAX_VALUE) throw new IllegalArgumentException("a table of " + length + " bytes");
        ByteBuffer out = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(0, count).putLong(8, slots).putLong(16, bytes);
        long offsetMask = offsetMask(bytes);
        int entriesAt = (int) (SLOTS_AT + 4 * slots);
        int written = 0;
        for (int at = from; at < to; ) {
            int header = arena.header(at);
            int size = arena.entrySize(at, header);
            boolean dead = IdArena.dead(header);
            if (!dead) {
                int hash = arena.hashAt(at, header);
                int i = IdTable.home(hash, (int) slots);
                while (out.getInt(SLOTS_AT + 4 * i) != 0) i = i + 1 == slots ? 0 : i + 1;
                out.putInt(SLOTS_AT + 4 * i, (int) (tag(hash, offsetMask) | (written + 1)));
            }
            if (all || !dead) {
                out.put(entriesAt + written, arena.bytes, at, size);
                out.put(entriesAt + written, (byte) (arena.bytes[at] & ~IdArena.DEAD)); // the flags sit in the header's first byte
                written += size;
            }
            at += size;
        }
        return out;
    }

    /**
     * The body of a table holding {@code count} ids, {@code id(i)} first read in {@code reader(i)}
     * ({@link ForgottenIds#NO_READER}: none), in that order: for a test, or a tool, that makes a day
     * from ids.
     *
     * @throws IllegalArgumentException for an id twice or one that cannot be kept (a lone surrogate)
     */
    public static ByteBuffer encode(int count, IntFunction<String> id, IntToLongFunction reader) {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < count; i++) {
            String one = id.apply(i);
            long r = reader.applyAsLong(i);
            if (IdKey.of(one) == null) throw new IllegalArgumentException("an id with no UTF-8 form, the " + (i + 1) + "th");
            if (ids.holds(one, Long.MIN_VALUE)) throw new IllegalArgumentException("the id " + one + " twice");
            ids.add(one, r == ForgottenIds.NO_READER ? null : r, 0);
        }
        return encode(ids.arena, ids.arena.base, ids.arena.end, false);
    }
}
