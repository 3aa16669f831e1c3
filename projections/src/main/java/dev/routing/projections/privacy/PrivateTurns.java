package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.LongConsumer;

/**
 * Which turn ids are private (P10): one bit for every id, exact for the journal's life. The seed
 * kept the 4,096 highest private ids and counted every id below them as private, to bound its
 * memory; at one bit a turn (125 KB per million turns) no bound is needed, so an old channel
 * turn's work stays public instead of turning private once 4,096 private turns have passed
 * (docs/decisions/0004). An id the engine never assigned is the caller's to refuse: the record
 * answers only for ids it can hold.
 *
 * <p>A checkpoint holds the bits as base64 (little-endian words, trailing empty words left out), so
 * equal sets write equal text however they were reached.
 */
public final class PrivateTurns {
    /** Ids above this are held by no bit (a journal that assigns them is not one this engine wrote); they count as private. */
    public static final long HIGHEST = (1L << 36) - 1;

    private long[] words;
    private int count;

    public PrivateTurns() {
        words = new long[16];
    }

    public boolean contains(long turn) {
        if (turn > HIGHEST) return true;
        if (turn <= 0) return false;
        int word = (int) (turn >>> 6);
        return word < words.length && (words[word] & (1L << turn)) != 0;
    }

    /** Marks the turn private for good; true when it was not before. */
    public boolean add(long turn) {
        if (turn <= 0 || turn > HIGHEST) return false;
        int word = (int) (turn >>> 6);
        if (word >= words.length) words = Arrays.copyOf(words, Math.max(word + 1, words.length * 2));
        long bit = 1L << turn;
        if ((words[word] & bit) != 0) return false;
        words[word] |= bit;
        count++;
        return true;
    }

    /** How many turns are private. */
    public int size() {
        return count;
    }

    /** Each private turn id, lowest first. */
    public void forEach(LongConsumer action) {
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            while (bits != 0) {
                int low = Long.numberOfTrailingZeros(bits);
                action.accept(((long) w << 6) | low);
                bits &= bits - 1;
            }
        }
    }

    /** The lowest private turn id, or 0 when none is. */
    public long lowest() {
        for (int w = 0; w < words.length; w++) {
            if (words[w] != 0) return ((long) w << 6) | Long.numberOfTrailingZeros(words[w]);
        }
        return 0;
    }

    /**
     * The record a checkpoint of an earlier build held: the highest private ids kept and a floor at
     * or below which every id counted as private. Each id up to the floor is marked private, so
     * what counted as private before still does.
     */
    public static PrivateTurns fromEarlierForm(Iterable<Long> kept, long floor) {
        PrivateTurns turns = new PrivateTurns();
        for (long id = 1; id <= Math.min(floor, HIGHEST); id++) turns.add(id);
        for (long id : kept) turns.add(id);
        return turns;
    }

    @JsonValue
    String json() {
        int used = words.length;
        while (used > 0 && words[used - 1] == 0) used--;
        ByteBuffer bytes = ByteBuffer.allocate(used * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < used; i++) bytes.putLong(words[i]);
        return Base64.getEncoder().encodeToString(bytes.array());
    }

    @JsonCreator
    static PrivateTurns fromJson(String base64) {
        byte[] bytes = Base64.getDecoder().decode(base64);
        if (bytes.length % Long.BYTES != 0) {
            throw new IllegalArgumentException("private turns: " + bytes.length + " bytes is not a whole number of words");
        }
        PrivateTurns turns = new PrivateTurns();
        turns.words = new long[Math.max(16, bytes.length / Long.BYTES)];
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < bytes.length / Long.BYTES; i++) {
            turns.words[i] = in.getLong();
            turns.count += Long.bitCount(turns.words[i]);
        }
        // Bit 0 names turn 0, which is no turn.
        if ((turns.words[0] & 1L) != 0) throw new IllegalArgumentException("private turns: turn 0 is no turn");
        return turns;
    }
}
