package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The ids of one agent's public messages that the record let go once read, exactly, each with the
 * turn that first read it (P2: a wake or a redo naming one is known public, not unknown; P15: one
 * that a turn private now read gets no inferred reply in its channel). An id stays until
 * {@link #expire} lets its day go, so no count of later messages decides whether an old public
 * message is still known to be public (docs/decisions/0004).
 *
 * <p>Exact, not hashed: a fingerprint that collided with an id never stored would answer "public"
 * for it. So each id is kept whole in one byte arena, in the order let go, and an open-addressing
 * table of arena offsets finds it. An id that is a decimal number (a Discord message id, say) is
 * kept as the number's varint, 9 bytes for 19 digits; any other as its UTF-8 bytes. An id let go
 * again is appended anew (its table slot moves to it) and the old copy is marked dead.
 *
 * <p>Entry: varint {@code payloadLength << 3 | decimal << 2 | dead << 1 | hasReader}, the payload,
 * then the reader turn as a varint when it has one. Days: for each UTC day that let an id go, the
 * arena offset of its first entry. A day that leaves takes its ids out of the table one by one and
 * moves the arena's {@link #base} past them, so expiry costs what it lets go; the arena is rewritten
 * only once what lies before the base or is dead outweighs what is live.
 */
public final class ForgottenIds {
    private static final int EMPTY_TABLE = 16;
    private static final int READER = 1;
    private static final int DEAD = 2;
    private static final int DECIMAL = 4;
    private static final int FLAG_BITS = 3;

    private byte[] arena = new byte[64];
    /** Where the first entry still kept starts; everything before it has left with its day. */
    private int base;
    private int end;
    /** Arena offset + 1 of each live entry, 0 for an empty slot; a power of two long. */
    private int[] slots = new int[EMPTY_TABLE];
    private int live;
    private int deadBytes;
    private long[] dayOf = new long[2];
    private int[] dayStart = new int[2];
    private int days;

    /**
     * An id as the record compares it: a decimal number in its one canonical spelling (no sign, no
     * leading zero, at most {@link Long#MAX_VALUE}) by value, any other id by its UTF-8 bytes (null
     * for an id of ASCII only, whose chars are its bytes).
     */
    private record Key(String id, long decimal, byte[] utf8) {
        /** The key, or null for an id holding a lone surrogate: it has no UTF-8 form, so it can be neither kept nor found. */
        static Key of(String id) {
            long value = decimalValue(id);
            if (value >= 0 || ascii(id)) return new Key(id, value, null);
            return loneSurrogate(id) ? null : new Key(id, -1, id.getBytes(StandardCharsets.UTF_8));
        }

        boolean isDecimal() {
            return decimal >= 0;
        }

        /** A number hashes by its value, any other id by its string's hash: each computable from what the arena keeps. */
        int hash() {
            return isDecimal() ? Long.hashCode(decimal * 0x9E3779B97F4A7C15L) : id.hashCode();
        }

        int payloadLength() {
            return isDecimal() ? varSize(decimal) : utf8 != null ? utf8.length : id.length();
        }
    }

    /** Whether the id was let go on day {@code fromDay} or later (a day retention still keeps). */
    public boolean holds(String id, long fromDay) {
        return entry(id, fromDay) >= 0;
    }

    /**
     * What the record knows of the id on day {@code fromDay} or later: {@link #NOT_HELD}, {@link #NO_READER}
     * (let go with no turn reading it first), or the turn that first read it.
     */
    public long lookup(String id, long fromDay) {
        int at = entry(id, fromDay);
        if (at < 0) return NOT_HELD;
        int header = varInt(at);
        if ((header & READER) == 0) return NO_READER;
        return readVarLong(arena, at + varSize(header) + (header >>> FLAG_BITS));
    }

    /** {@link #lookup}: the record does not hold the id (from that day). */
    public static final long NOT_HELD = Long.MIN_VALUE;
    /** {@link #lookup}: held, and no turn read it first. */
    public static final long NO_READER = Long.MIN_VALUE + 1;

    /** The arena offset of the id's live entry if it was let go on {@code fromDay} or later, else -1. */
    private int entry(String id, long fromDay) {
        Key key = Key.of(id);
        if (key == null) return -1;
        int slot = find(key);
        if (slot < 0) return -1;
        int at = slots[slot] - 1;
        return dayOfEntry(at) >= fromDay ? at : -1;
    }

    /** The day that let go the entry at {@code at}: the last day starting at or before it (an empty day shares its start with the next). */
    private long dayOfEntry(int at) {
        int low = 0;
        int high = days - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (dayStart[mid] <= at) low = mid;
            else high = mid - 1;
        }
        return dayOf[low];
    }

    /** How many ids are held (a day retention no longer keeps among them until {@link #expire} lets it go). */
    public int size() {
        return live;
    }

    /** Bytes this set holds on the heap for its entries and table (its arrays, not their headers). */
    public long footprint() {
        return arena.length + 4L * slots.length + 12L * dayOf.length;
    }

    /** Keeps {@code id} as let go on {@code epochDay} (no earlier than the last day added), first read in {@code reader} (null: none). */
    void add(String id, Long reader, long epochDay) {
        Key key = Key.of(id);
        if (key == null) return; // unknown it stays: private, as an id never stored is
        int found = find(key);
        if (found >= 0) {
            int old = slots[found] - 1;
            arena[old] |= DEAD; // the flags sit in the header's first byte
            deadBytes += entrySize(old, varInt(old));
            live--;
        }
        if (days == 0 || dayOf[days - 1] < epochDay) newDay(epochDay);
        int at = append(key, reader);
        slots[found >= 0 ? found : -found - 1] = at + 1;
        live++;
        if (live * 4L > slots.length * 3L) rehash(slots.length * 2, false);
        compactIfWasteful();
    }

    /** Lets go every id let go on a day before {@code cutoffDay}; how many went. Costs what it lets go. */
    int expire(long cutoffDay) {
        int gone = 0;
        while (gone < days && dayOf[gone] < cutoffDay) gone++;
        if (gone == 0) return 0;
        int until = gone < days ? dayStart[gone] : end;
        int before = live;
        for (int at = base; at < until; ) {
            int header = varInt(at);
            int size = entrySize(at, header);
            if ((header & DEAD) == 0) {
                removeSlot(slotOf(at, header));
                live--;
            } else {
                deadBytes -= size;
            }
            at += size;
        }
        base = until;
        System.arraycopy(dayOf, gone, dayOf, 0, days - gone);
        System.arraycopy(dayStart, gone, dayStart, 0, days - gone);
        days -= gone;
        compactIfWasteful();
        return before - live;
    }

    // ---- the arena ---------------------------------------------------------------------------------

    private void newDay(long epochDay) {
        if (days == dayOf.length) {
            dayOf = Arrays.copyOf(dayOf, days * 2);
            dayStart = Arrays.copyOf(dayStart, days * 2);
        }
        dayOf[days] = epochDay;
        dayStart[days] = end;
        days++;
    }

    private int append(Key key, Long reader) {
        int length = key.payloadLength();
        int header = length << FLAG_BITS | (key.isDecimal() ? DECIMAL : 0) | (reader != null ? READER : 0);
        room(5 + length + 10);
        int at = end;
        end = putVarLong(arena, end, header);
        if (key.isDecimal()) {
            end = putVarLong(arena, end, key.decimal());
        } else if (key.utf8() != null) {
            System.arraycopy(key.utf8(), 0, arena, end, length);
            end += length;
        } else {
            for (int i = 0; i < length; i++) arena[end + i] = (byte) key.id().charAt(i);
            end += length;
        }
        if (reader != null) end = putVarLong(arena, end, reader);
        return at;
    }

    private void room(int n) {
        // A quarter more each time: the slack an arena carries is what a remembered id costs beyond its own bytes.
        if (end + n > arena.length) arena = Arrays.copyOf(arena, Math.max(end + n, arena.length + (arena.length >> 2)));
    }

    /** Rewrites the arena once what left with its day, or died, outweighs what is live. */
    private void compactIfWasteful() {
        int waste = base + deadBytes;
        if (waste > 4096 && waste > (end - waste)) compact();
    }

    /** Rewrites the arena from {@link #base} without dead entries, then rebuilds the table. */
    private void compact() {
        byte[] kept = new byte[Math.max(64, end - base - deadBytes + 16)];
        int out = 0;
        int day = 0;
        for (int at = base; at < end; ) {
            while (day < days && dayStart[day] <= at) dayStart[day++] = out;
            int header = varInt(at);
            int size = entrySize(at, header);
            if ((header & DEAD) == 0) {
                System.arraycopy(arena, at, kept, out, size);
                out += size;
            }
            at += size;
        }
        // A day whose every entry died keeps its place, empty: it leaves when its turn comes.
        while (day < days) dayStart[day++] = out;
        arena = kept;
        base = 0;
        end = out;
        deadBytes = 0;
        rehash(tableFor(live), false);
    }

    // ---- the table ---------------------------------------------------------------------------------

    /** Rebuilds the table at {@code size}; {@code checked} refuses an id met twice (a damaged checkpoint's). */
    private void rehash(int size, boolean checked) {
        slots = new int[size];
        int mask = size - 1;
        for (int at = base; at < end; ) {
            int header = varInt(at);
            if ((header & DEAD) == 0) {
                int i = spread(hashAt(at, header)) & mask;
                while (slots[i] != 0) {
                    if (checked && sameId(slots[i] - 1, at)) throw new IllegalArgumentException("forgotten ids: an id twice, at byte " + at);
                    i = (i + 1) & mask;
                }
                slots[i] = at + 1;
            }
            at += entrySize(at, header);
        }
    }

    /** The slot holding the id, or {@code -(the empty slot where it would go) - 1}. */
    private int find(Key key) {
        int mask = slots.length - 1;
        for (int i = spread(key.hash()) & mask; ; i = (i + 1) & mask) {
            int s = slots[i];
            if (s == 0) return -i - 1;
            if (matches(s - 1, key)) return i;
        }
    }

    /** The slot that points at the live entry at {@code at}. */
    private int slotOf(int at, int header) {
        int mask = slots.length - 1;
        int i = spread(hashAt(at, header)) & mask;
        while (slots[i] != at + 1) i = (i + 1) & mask;
        return i;
    }

    /** Empties slot {@code i}, moving back each later entry of its run that may not sit past the gap (linear probing). */
    private void removeSlot(int i) {
        int mask = slots.length - 1;
        int gap = i;
        for (int j = (i + 1) & mask; slots[j] != 0; j = (j + 1) & mask) {
            int at = slots[j] - 1;
            int home = spread(hashAt(at, varInt(at))) & mask;
            // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
            boolean homeBetween = gap <= j ? (home > gap && home <= j) : (home > gap || home <= j);
            if (!homeBetween) {
                slots[gap] = slots[j];
                gap = j;
            }
        }
        slots[gap] = 0;
    }

    private boolean matches(int at, Key key) {
        int header = varInt(at);
        int from = at + varSize(header);
        if ((header & DECIMAL) != 0) return key.isDecimal() && readVarLong(arena, from) == key.decimal();
        if (key.isDecimal()) return false;
        int length = header >>> FLAG_BITS;
        if (key.utf8() != null) return length == key.utf8().length && Arrays.equals(arena, from, from + length, key.utf8(), 0, length);
        if (length != key.id().length()) return false;
        for (int i = 0; i < length; i++) {
            if (arena[from + i] != (byte) key.id().charAt(i)) return false;
        }
        return true;
    }

    /** Whether the entries at {@code a} and {@code b} keep the same id. */
    private boolean sameId(int a, int b) {
        int ha = varInt(a);
        int hb = varInt(b);
        if ((ha & DECIMAL) != (hb & DECIMAL) || ha >>> FLAG_BITS != hb >>> FLAG_BITS) return false;
        int length = ha >>> FLAG_BITS;
        int fa = a + varSize(ha);
        int fb = b + varSize(hb);
        return Arrays.equals(arena, fa, fa + length, arena, fb, fb + length);
    }

    /** The id's {@link Key#hash}, computed from its stored form, so a lookup finds it. */
    private int hashAt(int at, int header) {
        int from = at + varSize(header);
        if ((header & DECIMAL) != 0) return Long.hashCode(readVarLong(arena, from) * 0x9E3779B97F4A7C15L);
        int length = header >>> FLAG_BITS;
        int h = 0;
        for (int i = 0; i < length; i++) {
            byte b = arena[from + i];
            if (b < 0) return new String(arena, from, length, StandardCharsets.UTF_8).hashCode();
            h = 31 * h + b;
        }
        return h;
    }

    private static int spread(int h) {
        return (h ^ (h >>> 16)) * 0x9E3779B9;
    }

    private static int tableFor(int entries) {
        int table = EMPTY_TABLE;
        while (entries * 4L > table * 3L) table *= 2;
        return table;
    }

    private static boolean ascii(String id) {
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) >= 0x80) return false;
        }
        return true;
    }

    private static boolean loneSurrogate(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < id.length() && Character.isLowSurrogate(id.charAt(i + 1))) i++;
            else if (Character.isSurrogate(c)) return true;
        }
        return false;
    }

    /** The id's value when it is a decimal number in its canonical spelling that fits a long, else -1. */
    static long decimalValue(String id) {
        int n = id.length();
        if (n == 0 || n > 19 || (n > 1 && id.charAt(0) == '0')) return -1;
        long v = 0;
        for (int i = 0; i < n; i++) {
            int d = id.charAt(i) - '0';
            if (d < 0 || d > 9 || v > (Long.MAX_VALUE - d) / 10) return -1;
            v = v * 10 + d;
        }
        return v;
    }

    // ---- varints in the arena (the record's own bytes: read on every lookup, so read without checks) ----

    private int entrySize(int at, int header) {
        int size = varSize(header) + (header >>> FLAG_BITS);
        if ((header & READER) != 0) size += storedSize(arena, at + size);
        return size;
    }

    private int varInt(int at) {
        return (int) readVarLong(arena, at);
    }

    private static long readVarLong(byte[] buf, int at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = buf[at++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
    }

    private static int storedSize(byte[] buf, int at) {
        int n = 1;
        while (buf[at++] < 0) n++;
        return n;
    }

    private static int varSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    private static int putVarLong(byte[] buf, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            buf[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[at++] = (byte) v;
        return at;
    }

    // ---- the checkpoint's form ---------------------------------------------------------------------

    /**
     * The ids a checkpoint of an earlier build held (oldest first, with their readers), kept as let
     * go on {@code epochDay} (the checkpoint's own day: no older day is known).
     */
    public static ForgottenIds fromEarlierForm(List<String> order, Map<String, Long> readIn, long epochDay) {
        ForgottenIds ids = new ForgottenIds();
        for (String id : order) ids.add(id, readIn.get(id), epochDay);
        return ids;
    }

    /**
     * The days (their number, then each epoch day and how many live entries it holds), then those
     * entries in order, in the arena's form, none marked dead ({@link PackedOut}'s chunks). The same
     * history writes the same form however the state was reached: live, replayed whole, or
     * restored from a checkpoint and replayed on.
     */
    @JsonValue
    List<String> json() {
        PackedOut out = new PackedOut(end - base - deadBytes + 16 + 15 * days);
        out.varLong(days);
        int[] counts = liveCounts();
        for (int d = 0; d < days; d++) out.varLong(dayOf[d]).varLong(counts[d]);
        for (int at = base; at < end; ) {
            int header = varInt(at);
            int size = entrySize(at, header);
            if ((header & DEAD) == 0) out.bytes(arena, at, size);
            at += size;
        }
        return out.chunks();
    }

    private int[] liveCounts() {
        int[] counts = new int[days];
        int day = 0;
        for (int at = base; at < end; ) {
            while (day + 1 < days && dayStart[day + 1] <= at) day++;
            int header = varInt(at);
            if ((header & DEAD) == 0) counts[day]++;
            at += entrySize(at, header);
        }
        return counts;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static ForgottenIds fromJson(List<String> chunks) {
        PackedIn in = new PackedIn("forgotten ids", chunks);
        int days = in.count("days", 2);
        long[] dayOf = new long[days];
        int[] counts = new int[days];
        for (int d = 0; d < days; d++) {
            dayOf[d] = in.varLong();
            if (d > 0 && dayOf[d] <= dayOf[d - 1]) throw in.refused("days out of order at day " + dayOf[d]);
            counts[d] = in.count("ids", 1);
        }
        ForgottenIds ids = new ForgottenIds();
        ids.arena = new byte[Math.max(64, in.remaining())];
        for (int d = 0; d < days; d++) {
            ids.newDay(dayOf[d]);
            for (int k = 0; k < counts[d]; k++) {
                int start = in.position();
                long header = in.varLong();
                if (header > Integer.MAX_VALUE || (header & DEAD) != 0) throw in.refused("a bad entry header at byte " + start);
                int length = (int) (header >>> FLAG_BITS);
                int payload = in.position();
                if ((header & DECIMAL) != 0) {
                    long value = in.varLong();
                    if (value < 0 || in.position() - payload != length) throw in.refused("a bad number at byte " + start);
                } else {
                    in.skip(length);
                }
                if ((header & READER) != 0) in.varLong();
                int size = in.position() - start;
                System.arraycopy(in.bytes(), start, ids.arena, ids.end, size);
                ids.end += size;
                ids.live++;
            }
        }
        in.end();
        ids.rehash(tableFor(ids.live), true);
        return ids;
    }
}
