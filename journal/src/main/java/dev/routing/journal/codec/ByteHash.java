package dev.routing.journal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A hash of a run of stored bytes, for tables that find a value by its bytes without first building
 * a String of them (the entry types, the repeated short texts). Only a hint: every table compares
 * the bytes themselves before it trusts a hit.
 */
final class ByteHash {
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long K = 0x9E37_79B9_7F4A_7C15L;

    private ByteHash() {}

    static int of(byte[] buf, int from, int n) {
        long h = n;
        int end = from + n;
        if (n >= 8) {
            // eight bytes a step; the last word overlaps the one before rather than a byte loop for the tail
            for (int i = from; i + 8 < end; i += 8) h = (h ^ (long) I64.get(buf, i)) * K;
            h = (h ^ (long) I64.get(buf, end - 8)) * K;
        } else {
            for (int i = from; i < end; i++) h = (h ^ buf[i]) * K;
        }
        return (int) (h ^ (h >>> 29));
    }
}
