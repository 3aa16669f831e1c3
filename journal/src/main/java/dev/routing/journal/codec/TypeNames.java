package dev.routing.journal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * The entry types' shapes, found by the bytes of a stored type name without a String made of them:
 * one hash of the name, then one comparison of its bytes, where a scan of the names of its length
 * compared up to five. Immutable once built, so every thread shares it.
 */
final class TypeNames {
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long K = 0x9E37_79B9_7F4A_7C15L;

    private final byte[][] names;
    private final RecordShape[] shapes;
    private final int mask;

    TypeNames(List<RecordShape> entries) {
        // at most a quarter full, so that a probe rarely meets another name
        int size = Integer.highestOneBit(Math.max(1, entries.size()) * 4) * 2;
        names = new byte[size][];
        shapes = new RecordShape[size];
        mask = size - 1;
        for (RecordShape shape : entries) {
            byte[] name = shape.typeNameBytes;
            int i = hash(name, 0, name.length) & mask;
            while (names[i] != null) {
                if (Arrays.equals(names[i], name)) throw new IllegalStateException("two entry types are named " + shape.typeName);
                i = (i + 1) & mask;
            }
            names[i] = name;
            shapes[i] = shape;
        }
    }

    /** The shape of the type named by {@code buf[from, from + n)}, or null when no entry type is. */
    RecordShape find(byte[] buf, int from, int n) {
        for (int i = hash(buf, from, n) & mask; names[i] != null; i = (i + 1) & mask) {
            byte[] name = names[i];
            if (name.length == n && Arrays.equals(name, 0, n, buf, from, from + n)) return shapes[i];
        }
        return null;
    }

    /** Only a hint, eight bytes a step: a hit is trusted once the name's bytes compare equal. */
    private static int hash(byte[] buf, int from, int n) {
        long h = n;
        int end = from + n;
        if (n >= 8) {
            // the last word overlaps the one before rather than a byte loop for the tail
            for (int i = from; i + 8 < end; i += 8) h = (h ^ (long) I64.get(buf, i)) * K;
            h = (h ^ (long) I64.get(buf, end - 8)) * K;
        } else {
            for (int i = from; i < end; i++) h = (h ^ buf[i]) * K;
        }
        return (int) (h ^ (h >>> 29));
    }
}
