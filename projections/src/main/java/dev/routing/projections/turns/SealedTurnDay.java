package dev.routing.projections.turns;

import dev.routing.projections.privacy.SealedIds;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The turns a closed day opened, as the turn ledger held them when the day was sealed, read in place
 * from a file beside the journal (docs/decisions/0014, step 2): whose each turn is and the channel it
 * had if it had ended, each as the number of a name in the ledger's table of names. Whose a turn is
 * never changes, and a turn that ends after the seal keeps its channel on the heap
 * ({@link TurnLedger}), so the file never changes either.
 *
 * <p>The body, little-endian: the first turn's id (i64), the count of turns (u32), the width of a
 * name's number in bytes (u8: 1, 2 or 4, the least that holds the largest), the count of names the
 * ledger had (u32: every number is below it), then the agents' numbers, then the channels', each
 * {@code count} numbers of {@code width} bytes. Two to eight bytes a turn.
 */
public final class SealedTurnDay {
    static final int HEAD = 17;

    private final SealedIds.Body body;
    private final long first;
    private final int count;
    private final int width;
    private final int names;

    private SealedTurnDay(SealedIds.Body body, long first, int count, int width, int names) {
        this.body = body;
        this.first = first;
        this.count = count;
        this.width = width;
        this.names = names;
    }

    /**
     * The day's turns over {@code body}.
     *
     * @throws IllegalArgumentException when the body is not of this form (its checksum held, so
     *         another build's or a bug's): the caller reads the day from the journal instead
     */
    public static SealedTurnDay over(SealedIds.Body body) {
        if (body.length() < HEAD) throw new IllegalArgumentException("a sealed turn day of " + body.length() + " bytes, under its head's " + HEAD);
        long first = body.longAt(0);
        long count = unsigned(body, 8, 4);
        int width = body.byteAt(12);
        long names = unsigned(body, 13, 4);
        if (width != 1 && width != 2 && width != 4) throw new IllegalArgumentException("a sealed turn day whose numbers are " + width + " bytes wide");
        if (first < 0 || count > Integer.MAX_VALUE || names > Integer.MAX_VALUE || body.length() != HEAD + 2L * width * count) {
            throw new IllegalArgumentException("a sealed turn day of " + body.length() + " bytes for " + count + " turns from " + first
                    + " at " + width + " bytes a number");
        }
        return new SealedTurnDay(body, first, (int) count, width, (int) names);
    }

    /** The body of the turns {@code [from, from + count)} of {@code agent} and {@code channel}, the first of them turn {@code firstId}. */
    static ByteBuffer body(long firstId, int[] agent, int[] channel, int from, int count, int names) {
        int largest = 0;
        for (int i = from; i < from + count; i++) largest = Math.max(largest, Math.max(agent[i], channel[i]));
        int width = largest < 1 << 8 ? 1 : largest < 1 << 16 ? 2 : 4;
        ByteBuffer b = ByteBuffer.allocate(HEAD + 2 * width * count).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(firstId).putInt(count).put((byte) width).putInt(names);
        for (int[] numbers : new int[][] {agent, channel}) {
            for (int i = from; i < from + count; i++) {
                switch (width) {
                    case 1 -> b.put((byte) numbers[i]);
                    case 2 -> b.putShort((short) numbers[i]);
                    default -> b.putInt(numbers[i]);
                }
            }
        }
        return b.flip();
    }

    /** The first turn's id. */
    public long first() {
        return first;
    }

    /** How many turns, from {@link #first}. */
    public int count() {
        return count;
    }

    /** How many names the ledger had when the day was sealed: every number here is below it. */
    int names() {
        return names;
    }

    /** The number of the agent whose turn {@code first + i} is (0: no turn). */
    int agent(int i) {
        return (int) unsigned(body, HEAD + (long) i * width, width);
    }

    /** The number of the channel turn {@code first + i} had when the day was sealed (0: none, or not ended). */
    int channel(int i) {
        return (int) unsigned(body, HEAD + ((long) count + i) * width, width);
    }

    private static long unsigned(SealedIds.Body body, long at, int width) {
        long v = 0;
        for (int k = 0; k < width; k++) v |= (body.byteAt(at + k) & 0xFFL) << (8 * k);
        return v;
    }
}
