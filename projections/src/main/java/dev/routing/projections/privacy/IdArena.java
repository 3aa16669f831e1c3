package dev.routing.projections.privacy;

import dev.routing.journal.bytes.Varint;
import dev.routing.projections.retention.DayRuns;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The ids {@link ForgottenIds} keeps, whole, in one byte arena, in the order let go. An entry: varint
 * {@code payloadLength << 3 | decimal << 2 | dead << 1 | hasReader}, the payload (a decimal id's
 * number as a varint, any other id's UTF-8 bytes), then the reader turn as a varint when it has one.
 * An id let go again is appended anew and its old copy marked dead. Everything before {@link #base}
 * has left with its day. The arena holds only what this process wrote, so it is read unchecked.
 */
final class IdArena {
    static final int READER = 1;
    static final int DEAD = 2;
    static final int DECIMAL = 4;
    static final int FLAG_BITS = 3;

    byte[] bytes = new byte[64];
    /** Where the first entry still kept starts. */
    int base;
    int end;
    int deadBytes;

    int header(int at) {
        return (int) Varint.get(bytes, at);
    }

    int entrySize(int at, int header) {
        int size = Varint.size(header) + (header >>> FLAG_BITS);
        if ((header & READER) != 0) size += Varint.sizeAt(bytes, at + size);
        return size;
    }

    static boolean dead(int header) {
        return (header & DEAD) != 0;
    }

    /** Appends the id's entry; returns where it starts. */
    int append(IdKey key, Long reader) {
        int length = key.payloadLength();
        int header = length << FLAG_BITS | (key.isDecimal() ? DECIMAL : 0) | (reader != null ? READER : 0);
        room(5 + length + Varint.MAX_BYTES);
        int at = end;
        end = Varint.put(bytes, end, header);
        if (key.isDecimal()) {
            end = Varint.put(bytes, end, key.decimal());
        } else if (key.utf8() != null) {
            System.arraycopy(key.utf8(), 0, bytes, end, length);
            end += length;
        } else {
            for (int i = 0; i < length; i++) bytes[end + i] = (byte) key.id().charAt(i);
            end += length;
        }
        if (reader != null) end = Varint.put(bytes, end, reader);
        return at;
    }

    /** Appends an entry as a checkpoint's form holds it (checked there), {@code size} bytes of {@code from} at {@code start}. */
    void appendStored(byte[] from, int start, int size) {
        System.arraycopy(from, start, bytes, end, size);
        end += size;
    }

    /** Room for {@code n} more bytes of entries, in one copy now rather than in steps as they come. */
    void reserve(int n) {
        if (end + n > bytes.length) bytes = Arrays.copyOf(bytes, end + n);
    }

    private void room(int n) {
        // A quarter more each time: the slack an arena carries is what a remembered id costs beyond its own bytes.
        if (end + n > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(end + n, bytes.length + (bytes.length >> 2)));
    }

    /** Marks the live entry at {@code at} dead: its id was let go again. */
    void kill(int at) {
        int header = header(at);
        bytes[at] |= DEAD; // the flags sit in the header's first byte
        deadBytes += entrySize(at, header);
    }

    /** The turn that first read the entry's id, or {@code none} when it has no reader. */
    long reader(int at, long none) {
        int header = header(at);
        if ((header & READER) == 0) return none;
        return Varint.get(bytes, at + Varint.size(header) + (header >>> FLAG_BITS));
    }

    /** Whether what left with its day, or died, outweighs what is live: then the arena is rewritten. */
    boolean wasteful() {
        int waste = base + deadBytes;
        return waste > 4096 && waste > (end - waste);
    }

    /**
     * Rewrites the arena from {@link #base} without dead entries; each day's start moves with its
     * entries, and so does {@code mark} (an entry's offset, or the end): returns where it is now,
     * or -1 for a mark at no entry from the base on (nothing is then logged: its logs are written anew).
     */
    int compact(DayRuns days, int mark) {
        byte[] kept = new byte[Math.max(64, end - base - deadBytes + 16)];
        int out = 0;
        int day = 0;
        int moved = -1;
        for (int at = base; at < end; ) {
            while (day < days.count() && days.start(day) <= at) days.start(day++, out);
            if (at == mark) moved = out;
            int header = header(at);
            int size = entrySize(at, header);
            if (!dead(header)) {
                System.arraycopy(bytes, at, kept, out, size);
                out += size;
            }
            at += size;
        }
        // A day whose every entry died keeps its place, empty: it leaves when its turn comes.
        while (day < days.count()) days.start(day++, out);
        if (mark == end) moved = out;
        bytes = kept;
        base = 0;
        end = out;
        deadBytes = 0;
        return moved;
    }

    /**
     * The entries in {@code [from, to)} as they were let go, each with its dead flag cleared: what a
     * log of them replays ({@link ForgottenIds#attachLogs} kills an entry again where a later one
     * holds its id).
     */
    byte[] asLetGo(int from, int to) {
        byte[] out = Arrays.copyOfRange(bytes, from, to);
        for (int at = 0; at < out.length; ) {
            int header = (int) Varint.get(out, at);
            out[at] &= (byte) ~DEAD; // the flags sit in the header's first byte
            at += Varint.size(header) + (header >>> FLAG_BITS);
            if ((header & READER) != 0) at += Varint.sizeAt(out, at);
        }
        return out;
    }

    boolean matches(int at, IdKey key) {
        int header = header(at);
        int from = at + Varint.size(header);
        if ((header & DECIMAL) != 0) return key.isDecimal() && Varint.get(bytes, from) == key.decimal();
        if (key.isDecimal()) return false;
        int length = header >>> FLAG_BITS;
        if (key.utf8() != null) return length == key.utf8().length && Arrays.equals(bytes, from, from + length, key.utf8(), 0, length);
        if (length != key.id().length()) return false;
        for (int i = 0; i < length; i++) {
            if (bytes[from + i] != (byte) key.id().charAt(i)) return false;
        }
        return true;
    }

    /** Whether the entries at {@code a} and {@code b} keep the same id. */
    boolean sameId(int a, int b) {
        int ha = header(a);
        int hb = header(b);
        if ((ha & DECIMAL) != (hb & DECIMAL) || ha >>> FLAG_BITS != hb >>> FLAG_BITS) return false;
        int length = ha >>> FLAG_BITS;
        int fa = a + Varint.size(ha);
        int fb = b + Varint.size(hb);
        return Arrays.equals(bytes, fa, fa + length, bytes, fb, fb + length);
    }

    /** The key of the entry at {@code at} in {@code bytes} (one in this form, whole). */
    static IdKey keyOf(byte[] bytes, int at) {
        int header = (int) Varint.get(bytes, at);
        int from = at + Varint.size(header);
        if ((header & DECIMAL) != 0) {
            long value = Varint.get(bytes, from);
            return new IdKey(Long.toString(value), value, null);
        }
        return IdKey.of(new String(bytes, from, header >>> FLAG_BITS, StandardCharsets.UTF_8));
    }

    /** The id's {@link IdKey#hash}, computed from its stored form, so a lookup finds it. */
    int hashAt(int at, int header) {
        int from = at + Varint.size(header);
        if ((header & DECIMAL) != 0) return IdKey.decimalHash(Varint.get(bytes, from));
        int length = header >>> FLAG_BITS;
        int h = 0;
        for (int i = 0; i < length; i++) {
            byte b = bytes[from + i];
            if (b < 0) return new String(bytes, from, length, StandardCharsets.UTF_8).hashCode();
            h = 31 * h + b;
        }
        return h;
    }
}
