package dev.routing.journal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The short texts a journal repeats on nearly every entry (agent and channel ids, kinds, reasons,
 * tools), decoded once and then given back as the same String: a replay reads them without
 * allocating, and the projections' maps find them by identity.
 *
 * <p>Bounded: a fixed table of texts of at most {@link #MAX_BYTES} bytes, each slot holding the last
 * text hashed to it. A slot holds the text's bytes themselves, as four zero-padded words beside its
 * length, and a hit is trusted only when length and words equal the stored bytes': the String given
 * back is always the strict decoding of exactly those bytes, made when they were first read.
 *
 * <p>Shared by every thread (the replay decodes on several) without locks: a slot holds an immutable
 * {@link Known}, whose fields are final, so a thread that sees one sees all of it; at worst a thread
 * misses a text another just put, and decodes it itself.
 */
final class TextCache {
    /** Longer texts (what a resident said) rarely repeat; comparing them would cost more than it saves. */
    static final int MAX_BYTES = 32;

    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long K = 0x9E37_79B9_7F4A_7C15L;

    /** A text and its bytes: {@code length} bytes, little-endian in four words, zero past the end. */
    private record Known(int length, long w0, long w1, long w2, long w3, String text) {}

    private final Known[] slots;

    /** @param slots a power of two */
    TextCache(int slots) {
        if (Integer.bitCount(slots) != 1) throw new IllegalArgumentException(slots + " slots is no power of two");
        this.slots = new Known[slots];
    }

    /** The text whose bytes are exactly {@code buf[from, from + n)}, n at most {@link #MAX_BYTES}, if kept; else null. */
    String find(byte[] buf, int from, int n) {
        long w0 = word(buf, from, n, 0);
        long w1 = word(buf, from, n, 1);
        long w2 = word(buf, from, n, 2);
        long w3 = word(buf, from, n, 3);
        Known k = slots[slot(n, w0, w1, w2, w3)];
        return k != null && k.length == n && k.w0 == w0 && k.w1 == w1 && k.w2 == w2 && k.w3 == w3 ? k.text : null;
    }

    /** Keeps {@code text}, the strict decoding of {@code buf[from, from + n)}, in place of what shared its slot. */
    void keep(byte[] buf, int from, int n, String text) {
        long w0 = word(buf, from, n, 0);
        long w1 = word(buf, from, n, 1);
        long w2 = word(buf, from, n, 2);
        long w3 = word(buf, from, n, 3);
        slots[slot(n, w0, w1, w2, w3)] = new Known(n, w0, w1, w2, w3, text);
    }

    private int slot(int n, long w0, long w1, long w2, long w3) {
        long h = ((((n * K ^ w0) * K ^ w1) * K ^ w2) * K ^ w3) * K;
        return (int) (h ^ (h >>> 32)) & (slots.length - 1);
    }

    /** Bytes {@code [8k, 8k + 8)} of {@code buf[from, from + n)} as a little-endian word, zero past the n-th. */
    private static long word(byte[] buf, int from, int n, int k) {
        int start = k * 8;
        int left = n - start;
        if (left >= 8) return (long) I64.get(buf, from + start);
        if (left <= 0) return 0;
        // the run's last eight bytes hold this word's bytes at their top: shifted down, zeros fill in above
        if (n >= 8) return (long) I64.get(buf, from + n - 8) >>> ((8 - left) * 8);
        long w = 0;
        for (int i = left - 1; i >= 0; i--) w = (w << 8) | (buf[from + start + i] & 0xFF);
        return w;
    }
}
