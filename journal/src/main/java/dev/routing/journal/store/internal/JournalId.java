package dev.routing.journal.store.internal;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * The id a journal makes for itself, once, kept in {@code journal.tip}: 16 random bytes that every
 * excerpt's checksum covers (journal format 3), so that an excerpt, or a day file, of another
 * journal fails its check here, however alike the two journals are.
 */
final class JournalId {
    static final int BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;

    private JournalId(byte[] bytes) {
        this.bytes = bytes;
    }

    static JournalId random() {
        byte[] b = new byte[BYTES];
        do {
            RANDOM.nextBytes(b);
        } while (isNone(b));
        return new JournalId(b);
    }

    /** The id in {@code b}, or null for none (all zeros: a tip of a journal made before ids). */
    static JournalId of(byte[] b) {
        return isNone(b) ? null : new JournalId(b.clone());
    }

    private static boolean isNone(byte[] b) {
        for (byte x : b) if (x != 0) return false;
        return true;
    }

    byte[] bytes() {
        return bytes.clone();
    }

    /** Feeds the id into a checksum, first, as every bound excerpt's checksum begins. */
    void update(CRC32C crc) {
        crc.update(bytes, 0, BYTES);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JournalId other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
