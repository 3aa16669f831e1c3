package dev.routing.projections.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import java.util.Arrays;
import java.util.List;

/**
 * Which turn ids are private (P10): one bit for every id, exact for the journal's life. The seed
 * kept the 4,096 highest private ids and counted every id below them as private, to bound its
 * memory; at one bit a turn (125 KB per million turns) no bound is needed, so an old channel
 * turn's work stays public instead of turning private once 4,096 private turns have passed
 * (docs/decisions/0004). An id the engine never assigned is the caller's to refuse: the record
 * answers only for ids it can hold.
 *
 * <p>A checkpoint holds the bits as little-endian words, trailing empty words left out
 * ({@link PackedOut}'s chunks), so equal sets write equal text however they were reached.
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

    /**
     * The record a checkpoint of an earlier build held: the highest private ids kept and a floor at
     * or below which every id counted as private. Each id up to the floor (no further than the
     * journal's last turn, {@code nextTurn - 1}) is marked private, so what counted as private before
     * still does.
     */
    public static PrivateTurns fromEarlierForm(Iterable<Long> kept, long floor, long nextTurn) {
        PrivateTurns turns = new PrivateTurns();
        long upTo = Math.min(floor, Math.min(nextTurn - 1, HIGHEST));
        if (upTo >= 1) {
            int lastWord = (int) (upTo >>> 6);
            turns.words = new long[Math.max(16, lastWord + 1)];
            Arrays.fill(turns.words, 0, lastWord, -1L);
            turns.words[lastWord] = upTo % 64 == 63 ? -1L : (1L << (upTo % 64 + 1)) - 1;
            turns.words[0] &= ~1L; // bit 0 names turn 0, which is no turn
            turns.count = (int) upTo;
        }
        for (long id : kept) {
            if (id < nextTurn) turns.add(id);
        }
        return turns;
    }

    @JsonValue
    List<String> json() {
        int used = words.length;
        while (used > 0 && words[used - 1] == 0) used--;
        ByteBuffer bytes = ByteBuffer.allocate(used * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < used; i++) bytes.putLong(words[i]);
        return new PackedOut(0).bytes(bytes.array(), 0, bytes.capacity()).chunks();
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PrivateTurns fromJson(List<String> chunks) {
        PackedIn in = new PackedIn("private turns", chunks);
        int length = in.remaining();
        if (length % Long.BYTES != 0) throw in.refused(length + " bytes is not a whole number of words");
        PrivateTurns turns = new PrivateTurns();
        turns.words = new long[Math.max(16, length / Long.BYTES)];
        ByteBuffer words = ByteBuffer.wrap(in.bytes(), in.skip(length), length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < length / Long.BYTES; i++) {
            turns.words[i] = words.getLong();
            turns.count += Long.bitCount(turns.words[i]);
        }
        // Bit 0 names turn 0, which is no turn.
        if ((turns.words[0] & 1L) != 0) throw in.refused("turn 0 is no turn");
        return turns;
    }
}
