package dev.routing.engine.explain;

/**
 * Where an entry is in the journal: its group's index (the one index every command names) and its
 * position in the group (0 for the group's first entry, the fact; a decision's is 1 or more).
 */
public record Location(long index, int position) implements Comparable<Location> {

    @Override
    public int compareTo(Location o) {
        return index != o.index ? Long.compare(index, o.index) : Integer.compare(position, o.position);
    }

    /** {@code 0x1f400000003:2}: the index as the journal's messages print it, and the position. */
    @Override
    public String toString() {
        return "0x" + Long.toHexString(index) + ":" + position;
    }
}
