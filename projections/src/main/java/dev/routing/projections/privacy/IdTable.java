package dev.routing.projections.privacy;

/**
 * The open-addressing table (linear probing) that finds an id's live entry in the arena: each slot
 * holds an entry's arena offset + 1, 0 for an empty slot; a power of two long, kept at most three
 * quarters full. Exact, not hashed: a fingerprint that collided with an id never stored would answer
 * "public" for it, so every probe compares the id itself.
 */
final class IdTable {
    private static final int EMPTY = 16;

    private final IdArena arena;
    int[] slots = new int[EMPTY];
    /** Live entries: one slot each. */
    int live;

    IdTable(IdArena arena) {
        this.arena = arena;
    }

    /** The slot holding the id, or {@code -(the empty slot where it would go) - 1}. */
    int find(IdKey key) {
        int mask = slots.length - 1;
        for (int i = spread(key.hash()) & mask; ; i = (i + 1) & mask) {
            int s = slots[i];
            if (s == 0) return -i - 1;
            if (arena.matches(s - 1, key)) return i;
        }
    }

    /** The arena offset of the entry in slot {@code slot} (one {@link #find} found). */
    int entry(int slot) {
        return slots[slot] - 1;
    }

    /** Points {@code found} (a slot, or where one goes) at the entry at {@code at}; grows the table once it is three quarters full. */
    void put(int found, int at, boolean isNew) {
        slots[found >= 0 ? found : -found - 1] = at + 1;
        if (isNew) live++;
        if (live * 4L > slots.length * 3L) rehash(slots.length * 2, false);
    }

    /** Empties the slot of the live entry at {@code at} (with its {@code header}). */
    void remove(int at, int header) {
        removeSlot(slotOf(at, header));
        live--;
    }

    /** Rebuilds the table, as small as it may be, from the arena's live entries; {@code checked} refuses an id met twice (a damaged checkpoint's). */
    void rebuild(boolean checked) {
        int table = EMPTY;
        while (live * 4L > table * 3L) table *= 2;
        rehash(table, checked);
    }

    private void rehash(int size, boolean checked) {
        slots = new int[size];
        int mask = size - 1;
        for (int at = arena.base; at < arena.end; ) {
            int header = arena.header(at);
            if (!IdArena.dead(header)) {
                int i = spread(arena.hashAt(at, header)) & mask;
                while (slots[i] != 0) {
                    if (checked && arena.sameId(slots[i] - 1, at)) throw new IllegalArgumentException("forgotten ids: an id twice, at byte " + at);
                    i = (i + 1) & mask;
                }
                slots[i] = at + 1;
            }
            at += arena.entrySize(at, header);
        }
    }

    /** The slot that points at the live entry at {@code at}. */
    private int slotOf(int at, int header) {
        int mask = slots.length - 1;
        int i = spread(arena.hashAt(at, header)) & mask;
        while (slots[i] != at + 1) i = (i + 1) & mask;
        return i;
    }

    /** Empties slot {@code i}, moving back each later entry of its run that may not sit past the gap. */
    private void removeSlot(int i) {
        int mask = slots.length - 1;
        int gap = i;
        for (int j = (i + 1) & mask; slots[j] != 0; j = (j + 1) & mask) {
            int at = slots[j] - 1;
            int home = spread(arena.hashAt(at, arena.header(at))) & mask;
            // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
            boolean homeBetween = gap <= j ? (home > gap && home <= j) : (home > gap || home <= j);
            if (!homeBetween) {
                slots[gap] = slots[j];
                gap = j;
            }
        }
        slots[gap] = 0;
    }

    static int spread(int h) {
        return (h ^ (h >>> 16)) * 0x9E3779B9;
    }

    /** Bytes the table holds on the heap (its array, not its header). */
    long footprint() {
        return 4L * slots.length;
    }
}
