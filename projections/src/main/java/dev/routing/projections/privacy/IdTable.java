package dev.routing.projections.privacy;

/**
 * The open-addressing table (linear probing) that finds an id's live entry in the arena: each slot
 * holds an entry's arena offset + 1 in its low bits (0 for an empty slot) and the id's {@link #tag}
 * in the bits above them, so a probe reads the arena only where a tag matches (a probe that read the
 * arena at every slot it passed met memory at each: most of a lookup's time); kept at most three quarters full, and at
 * least half full as it grows (by half, not doubling: a power of two's mask is not needed, {@link
 * #home} scales the hash to any length), rebuilt to three halves of a slot an id (two thirds full:
 * room for an eighth more before it grows, so a restore's short tail rehashes nothing). Exact, not hashed:
 * a fingerprint that collided with an id never stored would answer "public" for it, so every probe
 * compares the id itself.
 */
final class IdTable {
    private static final int EMPTY = 16;

    private final IdArena arena;
    int[] slots = new int[EMPTY];
    /**
     * The slot bits that hold an entry's offset + 1; the others hold its tag. Set at each rehash to
     * hold two to four times the arena's end, so appends outgrow it only once the arena has at
     * least doubled since ({@link #put} then rehashes).
     */
    int offsetMask = offsetMask(0);
    /** Live entries: one slot each. */
    int live;

    IdTable(IdArena arena) {
        this.arena = arena;
    }

    /** The slot holding the id, or {@code -(the empty slot where it would go) - 1}. */
    int find(IdKey key) {
        int n = slots.length;
        int hash = key.hash();
        int tag = tag(hash, offsetMask);
        for (int i = home(hash, n); ; i = next(i, n)) {
            int s = slots[i];
            if (s == 0) return -i - 1;
            if ((s & ~offsetMask) == tag && arena.matches((s & offsetMask) - 1, key)) return i;
        }
    }

    /** The arena offset of the entry in slot {@code slot} (one {@link #find} found). */
    int entry(int slot) {
        return (slots[slot] & offsetMask) - 1;
    }

    /**
     * Points {@code found} (a slot, or where one goes; {@link #find} of {@code key}) at the entry at
     * {@code at}, just appended; grows the table once it is three quarters full, and sets its tags
     * anew once the arena outgrows the offsets' bits (a rehash, which places the entry itself).
     */
    void put(IdKey key, int found, int at, boolean isNew) {
        if (isNew) live++;
        if (live * 4L > slots.length * 3L) {
            rehash(slots.length + (slots.length >> 1), Twice.UNCHECKED);
        } else if (at + 1 > offsetMask) {
            rehash(slots.length, Twice.UNCHECKED);
        } else {
            slots[found >= 0 ? found : -found - 1] = tag(key.hash(), offsetMask) | (at + 1);
        }
    }

    /** Grows the table, once, to hold {@code entries} live entries without growing again before them. */
    void reserve(long entries) {
        if (entries * 4L > slots.length * 3L) rehash((int) Math.min(Integer.MAX_VALUE - 8, (entries * 4L + 2) / 3 + 1), Twice.UNCHECKED);
    }

    /** Empties the slot of the live entry at {@code at} (with its {@code header}). */
    void remove(int at, int header) {
        removeSlot(slotOf(at, header));
        live--;
    }

    /** What a rebuild does with an id it meets twice among the live entries. */
    enum Twice {
        /** Cannot happen: the arena is this process's own. */
        UNCHECKED,
        /** Refused: a damaged checkpoint's (an {@link IllegalArgumentException}). */
        REFUSED,
        /** The id was let go again: the older entry is killed, as {@link ForgottenIds#add} would have (a log's replay). */
        LET_GO_AGAIN
    }

    /**
     * Rebuilds the table two thirds full from the arena's live entries ({@link #live} of them; with
     * {@link Twice#LET_GO_AGAIN}, at most that many, fewer by each id met again).
     */
    void rebuild(Twice twice) {
        rehash(Math.max(EMPTY, (int) ((live * 3L + 1) / 2)), twice);
    }

    private void rehash(int size, Twice twice) {
        slots = new int[size];
        offsetMask = offsetMask(arena.end);
        for (int at = arena.base; at < arena.end; ) {
            int header = arena.header(at);
            int entrySize = arena.entrySize(at, header);
            if (!IdArena.dead(header)) {
                int hash = arena.hashAt(at, header);
                int tag = tag(hash, offsetMask);
                int i = home(hash, size);
                while (slots[i] != 0) {
                    // one id has one hash, so one tag: only an entry with this tag can be this id again
                    if (twice != Twice.UNCHECKED && (slots[i] & ~offsetMask) == tag && arena.sameId((slots[i] & offsetMask) - 1, at)) {
                        if (twice == Twice.REFUSED) throw new IllegalArgumentException("forgotten ids: an id twice, at byte " + at);
                        arena.kill((slots[i] & offsetMask) - 1);
                        live--;
                        break;
                    }
                    i = next(i, size);
                }
                slots[i] = tag | (at + 1);
            }
            at += entrySize;
        }
    }

    /** The slot that points at the live entry at {@code at}. */
    private int slotOf(int at, int header) {
        int n = slots.length;
        int i = home(arena.hashAt(at, header), n);
        while ((slots[i] & offsetMask) != at + 1) i = next(i, n);
        return i;
    }

    /** Empties slot {@code i}, moving back each later entry of its run that may not sit past the gap. */
    private void removeSlot(int i) {
        int n = slots.length;
        int gap = i;
        for (int j = next(i, n); slots[j] != 0; j = next(j, n)) {
            int at = (slots[j] & offsetMask) - 1;
            int home = home(arena.hashAt(at, arena.header(at)), n);
            // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
            boolean homeBetween = gap <= j ? (home > gap && home <= j) : (home > gap || home <= j);
            if (!homeBetween) {
                slots[gap] = slots[j];
                gap = j;
            }
        }
        slots[gap] = 0;
    }

    /** The fewest low bits (at least 17) that hold offsets + 1 up to twice {@code arenaEnd}: the rest of a slot is tag. */
    private static int offsetMask(int arenaEnd) {
        long room = Math.max(1L << 16, 2L * arenaEnd + 2);
        return (int) Math.min(Integer.MAX_VALUE, (1L << (64 - Long.numberOfLeadingZeros(room))) - 1);
    }

    /**
     * The id's tag as a slot holds it: the bits above {@code offsetMask} of a second mix of its hash,
     * not the bits {@link #home} takes (two ids that start their probe at one slot would share them).
     * {@link SealedIds} tags its slots the same way.
     */
    static int tag(int hash, long offsetMask) {
        return (hash * 0x85EBCA6B ^ (hash >>> 15) * 0xC2B2AE35) & (int) ~offsetMask;
    }

    /** The slot an id's probe starts at in a table of {@code slots}: the mixed hash's high bits scaled to the length. */
    static int home(int hash, int slots) {
        return (int) ((Integer.toUnsignedLong(spread(hash)) * slots) >>> 32);
    }

    private static int next(int i, int slots) {
        return i + 1 == slots ? 0 : i + 1;
    }

    private static int spread(int h) {
        return (h ^ (h >>> 16)) * 0x9E3779B9;
    }

    /** Bytes the table holds on the heap (its array, not its header). */
    long footprint() {
        return 4L * slots.length;
    }
}
