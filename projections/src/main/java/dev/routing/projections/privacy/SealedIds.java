package dev.routing.projections.privacy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * One agent's forgotten ids of one closed day as a table that is never changed again
 * (docs/decisions/0011), read in place from whatever holds its bytes ({@link Body}: the engine maps a
 * file; nothing here reads one). Lookups compare the id itself in every probe, as {@link IdTable}
 * does: a hash that collided would answer "public" for an id never stored.
 *
 * <p>The body, little-endian (docs/decisions/0010's open-addressing table, 16-byte slots):
 *
 * <pre>
 *  0  i64  count       ids held
 *  8  i64  slots       a power of two, at least 16, count at most three quarters of it
 * 16  slots x 16 bytes, linear probing from {@code spread(IdKey.hash) & (slots - 1)}:
 *       i64 key        a decimal id's value, or where a text id's bytes start in the body
 *       i64 tag        0 an empty slot; bit 63 set for a text id; the low 63 bits 1 for no reader,
 *                      else the reader turn + 2
 * then the text ids: each a u32 length and its UTF-8 bytes
 * </pre>
 */
public final class SealedIds {
    /** The bytes of a table, read in place. */
    public interface Body {
        long length();

        long longAt(long at);

        byte byteAt(long at);
    }

    static final int SLOTS_AT = 16;
    static final int SLOT = 16;
    private static final long TEXT = Long.MIN_VALUE;
    private static final long NONE = 1;
    private static final int MIN_SLOTS = 16;

    private final long day;
    private final Body body;
    private final long count;
    private final long mask;

    private SealedIds(long day, Body body, long count, long slots) {
        this.day = day;
        this.body = body;
        this.count = count;
        this.mask = slots - 1;
    }

    /**
     * The table in {@code body}, let go on {@code epochDay}, after checking its shape (its bytes are
     * the caller's to have checked by checksum).
     *
     * @throws IllegalArgumentException naming what is wrong with the table
     */
    public static SealedIds over(long epochDay, Body body) {
        long length = body.length();
        if (length < SLOTS_AT) throw new IllegalArgumentException("a table of " + length + " bytes, shorter than its counts");
        long count = body.longAt(0);
        long slots = body.longAt(8);
        if (slots < MIN_SLOTS || Long.bitCount(slots) != 1 || slots > (length - SLOTS_AT) / SLOT) {
            throw new IllegalArgumentException("a table of " + slots + " slots in " + length + " bytes");
        }
        if (count < 0 || count * 4 > slots * 3) throw new IllegalArgumentException(count + " ids in " + slots + " slots");
        long textAt = SLOTS_AT + slots * SLOT;
        long used = 0;
        for (long i = 0; i < slots; i++) {
            long tag = body.longAt(SLOTS_AT + i * SLOT + 8);
            if (tag == 0) continue;
            used++;
            if ((tag & TEXT) == 0) continue;
            long at = body.longAt(SLOTS_AT + i * SLOT);
            if (at < textAt || at > length - 4 || at + 4 + u32(body, at) > length) {
                throw new IllegalArgumentException("slot " + i + " points at text outside the table, at byte " + at);
            }
        }
        if (used != count) throw new IllegalArgumentException(used + " slots used for " + count + " ids");
        return new SealedIds(epochDay, body, count, slots);
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
        long i = IdTable.spread(key.hash()) & mask;
        // at most every slot once: a table is never full, but a probe must end on any bytes
        for (long probes = 0; probes <= mask; probes++, i = (i + 1) & mask) {
            long slot = SLOTS_AT + i * SLOT;
            long tag = body.longAt(slot + 8);
            if (tag == 0) return ForgottenIds.NOT_HELD;
            if (matches(key, body.longAt(slot), (tag & TEXT) != 0)) {
                long reader = tag & Long.MAX_VALUE;
                return reader == NONE ? ForgottenIds.NO_READER : reader - 2;
            }
        }
        return ForgottenIds.NOT_HELD;
    }

    private boolean matches(IdKey key, long stored, boolean text) {
        if (!text) return key.isDecimal() && stored == key.decimal();
        if (key.isDecimal()) return false;
        long length = u32(body, stored);
        if (length != key.payloadLength()) return false;
        long from = stored + 4;
        for (int b = 0; b < length; b++) {
            byte expected = key.utf8() != null ? key.utf8()[b] : (byte) key.id().charAt(b);
            if (body.byteAt(from + b) != expected) return false;
        }
        return true;
    }

    private static long u32(Body body, long at) {
        return (body.byteAt(at) & 0xFFL) | (body.byteAt(at + 1) & 0xFFL) << 8 | (body.byteAt(at + 2) & 0xFFL) << 16
                | (body.byteAt(at + 3) & 0xFFL) << 24;
    }

    /**
     * The body of a table holding {@code count} ids, {@code id(i)} first read in {@code reader(i)}
     * ({@link ForgottenIds#NO_READER}: none).
     *
     * @throws IllegalArgumentException for an id twice, an id that cannot be kept (a lone surrogate),
     *         or a reader below 0: such a day is not sealed
     */
    public static ByteBuffer encode(int count, IntFunction<String> id, IntToLongFunction reader) {
        long slots = MIN_SLOTS;
        while (count * 4L > slots * 3) slots *= 2;
        IdKey[] keys = new IdKey[count];
        long text = 0;
        for (int i = 0; i < count; i++) {
            keys[i] = IdKey.of(id.apply(i));
            if (keys[i] == null) throw new IllegalArgumentException("an id with no UTF-8 form, the " + (i + 1) + "th");
            if (!keys[i].isDecimal()) text += 4 + keys[i].payloadLength();
        }
        long length = SLOTS_AT + slots * SLOT + text;
        if (length > Integer.MAX_VALUE) throw new IllegalArgumentException("a table of " + length + " bytes");
        ByteBuffer out = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(0, count).putLong(8, slots);
        long mask = slots - 1;
        int textAt = (int) (SLOTS_AT + slots * SLOT);
        for (int i = 0; i < count; i++) {
            IdKey key = keys[i];
            long r = reader.applyAsLong(i);
            if (r != ForgottenIds.NO_READER && (r < 0 || r > Long.MAX_VALUE - 2)) {
                throw new IllegalArgumentException("the reader " + r + " of " + key.id());
            }
            long tag = (key.isDecimal() ? 0 : TEXT) | (r == ForgottenIds.NO_READER ? NONE : r + 2);
            long at = IdTable.spread(key.hash()) & mask;
            while (out.getLong((int) (SLOTS_AT + at * SLOT + 8)) != 0) {
                if (sameKey(out, (int) (SLOTS_AT + at * SLOT), key)) throw new IllegalArgumentException("the id " + key.id() + " twice");
                at = (at + 1) & mask;
            }
            int slot = (int) (SLOTS_AT + at * SLOT);
            if (key.isDecimal()) {
                out.putLong(slot, key.decimal());
            } else {
                byte[] utf8 = key.utf8() != null ? key.utf8() : key.id().getBytes(StandardCharsets.US_ASCII);
                out.putLong(slot, textAt);
                out.putInt(textAt, utf8.length);
                out.put(textAt + 4, utf8);
                textAt += 4 + utf8.length;
            }
            out.putLong(slot + 8, tag);
        }
        return out;
    }

    private static boolean sameKey(ByteBuffer out, int slot, IdKey key) {
        boolean text = out.getLong(slot + 8) < 0;
        if (!text) return key.isDecimal() && out.getLong(slot) == key.decimal();
        if (key.isDecimal()) return false;
        int at = (int) out.getLong(slot);
        byte[] utf8 = key.utf8() != null ? key.utf8() : key.id().getBytes(StandardCharsets.US_ASCII);
        if (out.getInt(at) != utf8.length) return false;
        for (int b = 0; b < utf8.length; b++) {
            if (out.get(at + 4 + b) != utf8[b]) return false;
        }
        return true;
    }
}
