package dev.routing.benchmarks.stores;

import java.util.SplittableRandom;

/**
 * The remembered ids as {@code ForgottenIds} keeps them: per agent, a message id of 19 decimal
 * digits (a chat platform's snowflake) held exactly, with the turn that first read it. The key is
 * the agent's number and the id's value as two varints (about 10 bytes), the value the turn as a
 * varint. Made from a seed, so every store is given the same ids in the same order.
 */
final class IdShape {
    static final int AGENTS = 50;
    private static final long BASE = 1_300_000_000_000_000_000L;

    final int count;
    final int[] agent;
    final long[] id;
    final long[] turn;

    IdShape(int count, long seed) {
        this.count = count;
        agent = new int[count];
        id = new long[count];
        turn = new long[count];
        SplittableRandom r = new SplittableRandom(seed);
        long at = BASE;
        for (int i = 0; i < count; i++) {
            at += 1 + r.nextInt(1 << 22);
            agent[i] = r.nextInt(AGENTS);
            id[i] = at;
            turn[i] = i / 20;
        }
    }

    /** The key of id {@code i} into {@code out} from {@code at}; returns its length. */
    int key(int i, byte[] out) {
        int n = varint(agent[i], out, 0);
        return varint(id[i], out, n);
    }

    /** The key of an id never let go (a lookup that misses), shaped as the others. */
    int missingKey(int i, byte[] out) {
        int n = varint(agent[i], out, 0);
        return varint(id[i] + 1, out, n);
    }

    int value(int i, byte[] out) {
        return varint(turn[i], out, 0);
    }

    static int varint(long v, byte[] out, int at) {
        while ((v & ~0x7FL) != 0) {
            out[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[at++] = (byte) v;
        return at;
    }

    static long readVarint(byte[] in, int at, int end) {
        long v = 0;
        for (int shift = 0; at < end; shift += 7) {
            byte b = in[at++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) break;
        }
        return v;
    }
}
