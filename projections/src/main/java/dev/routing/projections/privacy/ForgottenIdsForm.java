package dev.routing.projections.privacy;

import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import dev.routing.projections.retention.DayRuns;
import java.util.List;

/**
 * {@link ForgottenIds} in a checkpoint: the days (their number, then each epoch day and how many live
 * entries it holds), then those entries in order, in the arena's form ({@link IdArena}), none marked
 * dead, as {@link PackedOut}'s chunks. The same history writes the same form however the state was
 * reached: live, replayed whole, or restored from a checkpoint and replayed on. Read back strictly:
 * days in order, every entry's header and number whole, no id twice.
 */
final class ForgottenIdsForm {
    private ForgottenIdsForm() {}

    static List<String> write(ForgottenIds ids) {
        IdArena arena = ids.arena;
        DayRuns days = ids.days;
        PackedOut out = new PackedOut(arena.end - arena.base - arena.deadBytes + 16 + 15 * days.count());
        out.varLong(days.count());
        int[] counts = liveCounts(arena, days);
        for (int d = 0; d < days.count(); d++) out.varLong(days.day(d)).varLong(counts[d]);
        for (int at = arena.base; at < arena.end; ) {
            int header = arena.header(at);
            int size = arena.entrySize(at, header);
            if (!IdArena.dead(header)) out.bytes(arena.bytes, at, size);
            at += size;
        }
        return out.chunks();
    }

    private static int[] liveCounts(IdArena arena, DayRuns days) {
        int[] counts = new int[days.count()];
        int day = 0;
        for (int at = arena.base; at < arena.end; ) {
            while (day + 1 < days.count() && days.start(day + 1) <= at) day++;
            int header = arena.header(at);
            if (!IdArena.dead(header)) counts[day]++;
            at += arena.entrySize(at, header);
        }
        return counts;
    }

    static ForgottenIds read(List<String> chunks) {
        PackedIn in = new PackedIn("forgotten ids", chunks);
        int count = in.count("days", 2);
        long[] dayOf = new long[count];
        int[] counts = new int[count];
        for (int d = 0; d < count; d++) {
            dayOf[d] = in.varLong();
            if (d > 0 && dayOf[d] <= dayOf[d - 1]) throw in.refused("days out of order at day " + dayOf[d]);
            counts[d] = in.count("ids", 1);
        }
        ForgottenIds ids = new ForgottenIds();
        IdArena arena = ids.arena;
        arena.bytes = new byte[Math.max(64, in.remaining())];
        for (int d = 0; d < count; d++) {
            ids.days.add(dayOf[d], arena.end);
            for (int k = 0; k < counts[d]; k++) {
                int start = in.position();
                long header = in.varLong();
                if (header > Integer.MAX_VALUE || (header & IdArena.DEAD) != 0) throw in.refused("a bad entry header at byte " + start);
                int length = (int) (header >>> IdArena.FLAG_BITS);
                int payload = in.position();
                if ((header & IdArena.DECIMAL) != 0) {
                    long value = in.varLong();
                    if (value < 0 || in.position() - payload != length) throw in.refused("a bad number at byte " + start);
                } else {
                    in.skip(length);
                }
                if ((header & IdArena.READER) != 0) in.varLong();
                arena.appendStored(in.bytes(), start, in.position() - start);
                ids.table.live++;
            }
        }
        in.end();
        ids.table.rebuild(true);
        return ids;
    }
}
