package dev.routing.projections.privacy;

import dev.routing.journal.bytes.LoneSurrogate;
import dev.routing.journal.bytes.Varint;
import java.nio.charset.StandardCharsets;

/**
 * An id as {@link ForgottenIds} compares it: a decimal number in its one canonical spelling (no
 * sign, no leading zero, at most {@link Long#MAX_VALUE}) by value, any other id by its UTF-8 bytes
 * ({@code utf8} null for an id of ASCII only, whose chars are its bytes).
 */
record IdKey(String id, long decimal, byte[] utf8) {
    /** The key, or null for an id holding a lone surrogate: it has no UTF-8 form, so it can be neither kept nor found. */
    static IdKey of(String id) {
        long value = decimalValue(id);
        if (value >= 0 || ascii(id)) return new IdKey(id, value, null);
        return LoneSurrogate.at(id) >= 0 ? null : new IdKey(id, -1, id.getBytes(StandardCharsets.UTF_8));
    }

    boolean isDecimal() {
        return decimal >= 0;
    }

    /** A number hashes by its value, any other id by its string's hash: each computable from what the arena keeps. */
    int hash() {
        return isDecimal() ? decimalHash(decimal) : id.hashCode();
    }

    static int decimalHash(long value) {
        return Long.hashCode(value * 0x9E3779B97F4A7C15L);
    }

    int payloadLength() {
        return isDecimal() ? Varint.size(decimal) : utf8 != null ? utf8.length : id.length();
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

    private static boolean ascii(String id) {
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) >= 0x80) return false;
        }
        return true;
    }
}
