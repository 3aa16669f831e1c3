package dev.routing.journal.bytes;

/**
 * The one varint of the journal's stored entries and the state's packed records: unsigned LEB128,
 * seven bits a byte, low groups first, the top bit set on every byte but the last, up to ten bytes
 * for 64 bits. A writer writes each in its shortest form; a strict reader ({@link #read}) takes no
 * other, so a number has one form and a damaged one is refused, never read as another number.
 * Numbers a process wrote into its own memory are read back unchecked ({@link #get}).
 */
public final class Varint {
    /** The most bytes one takes. */
    public static final int MAX_BYTES = 10;

    private Varint() {}

    /** What is wrong with a varint a strict read refused. */
    public enum Fault {
        /** The bytes end inside it. */
        CUT,
        /** It holds more than 64 bits. */
        OVER_64_BITS,
        /** It ends on a zero group: a longer form than its number's, which no writer writes. */
        NOT_SHORTEST
    }

    /** A reader's words for a fault, as the exception it throws. */
    @FunctionalInterface
    public interface Refusal {
        RuntimeException of(Fault fault);
    }

    /** Writes {@code v} at {@code buf[at]}, which has room for {@link #MAX_BYTES}; returns where it ends. */
    public static int put(byte[] buf, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            buf[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[at++] = (byte) v;
        return at;
    }

    /** The bytes {@code v} takes. */
    public static int size(long v) {
        return (63 - Long.numberOfLeadingZeros(v | 1)) / 7 + 1;
    }

    /** The number at {@code buf[at]}, unchecked: for bytes this process wrote with {@link #put}. */
    public static long get(byte[] buf, int at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = buf[at++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
    }

    /** The bytes the number at {@code buf[at]} takes, unchecked: for bytes this process wrote with {@link #put}. */
    public static int sizeAt(byte[] buf, int at) {
        int n = 1;
        while (buf[at++] < 0) n++;
        return n;
    }

    /**
     * The number at {@code buf[at]}, no byte of it at or past {@code limit}, checked: in its shortest
     * form and of at most 64 bits, else {@code refusal}'s exception. It took {@link #size} of the
     * number's bytes. A reader may take a faster path to the same numbers (the stored entries' reader
     * takes eight bytes at once), as long as it leaves every form it is not sure of to this one.
     */
    public static long read(byte[] buf, int at, int limit, Refusal refusal) {
        int p = at;
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= limit) throw refusal.of(Fault.CUT);
            byte x = buf[p++];
            value |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                if (shift == 63 && (x & 0x7E) != 0) break;
                if (x == 0 && shift > 0) throw refusal.of(Fault.NOT_SHORTEST);
                return value;
            }
        }
        throw refusal.of(Fault.OVER_64_BITS);
    }
}
