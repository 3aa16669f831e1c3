package dev.routing.journal.codec;

import java.util.Arrays;

/**
 * The short texts a journal repeats on nearly every entry (agent and channel ids, kinds, reasons,
 * tools), each decoded once per thread and then given back as the same String: a replay reads them
 * without allocating, and the projections' maps find them by identity.
 *
 * <p>One per thread (the replay decodes on several), so it needs no locks. Bounded: a fixed table of
 * {@link #SLOTS} texts of at most {@link #MAX_BYTES} bytes, each slot holding the last text hashed to
 * it. A hit is trusted only when the stored bytes equal the slot's bytes, byte for byte: the String
 * given back is always the strict decoding of exactly those bytes, as it was when it was put there.
 */
final class TextCache {
    /** Longer texts (what a resident said) rarely repeat; hashing and comparing them would cost more than it saves. */
    static final int MAX_BYTES = 32;
    private static final int SLOTS = 1024;

    private static final ThreadLocal<TextCache> PER_THREAD = ThreadLocal.withInitial(TextCache::new);

    private final byte[][] keys = new byte[SLOTS][];
    private final String[] texts = new String[SLOTS];

    static TextCache ofThisThread() {
        return PER_THREAD.get();
    }

    /** The slot {@code buf[from, from + n)} would sit in. */
    static int slot(byte[] buf, int from, int n) {
        return ByteHash.of(buf, from, n) & (SLOTS - 1);
    }

    /** The text held in {@code slot} if its bytes are exactly {@code buf[from, from + n)}, else null. */
    String get(int slot, byte[] buf, int from, int n) {
        byte[] key = keys[slot];
        return key != null && key.length == n && Arrays.equals(key, 0, n, buf, from, from + n) ? texts[slot] : null;
    }

    /** Keeps {@code text}, the strict decoding of {@code buf[from, from + n)}, in {@code slot}. */
    void put(int slot, byte[] buf, int from, int n, String text) {
        keys[slot] = Arrays.copyOfRange(buf, from, from + n);
        texts[slot] = text;
    }
}
