package dev.routing.projections.privacy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.routing.journal.bytes.Varint;
import dev.routing.projections.packed.CheckpointForm;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import dev.routing.projections.retention.DayRuns;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link ForgottenIds} in a checkpoint: the days (their number, then each epoch day and how many live
 * entries it holds), then those entries in order, in the arena's form ({@link IdArena}), none marked
 * dead, as {@link PackedOut}'s chunks. The same history writes the same form however the state was
 * reached: live, replayed whole, or restored from a checkpoint and replayed on; its sealed days
 * ({@link SealedIds}) are written as if on the heap, each without the entries a newer day shadows.
 * Read back strictly: days in order, every entry's header and number whole, no id twice.
 *
 * <p>A state checkpoint ({@link CheckpointForm} asked) writes a sealed day by its name instead, one string
 * before the chunks, {@code "sealed <day> <index> <crc> <count> <label>"} (base64 holds no space), so
 * it holds the heap's days only; a restore attaches each named day's table from its file. Once the
 * engine has logged every day on the heap (docs/decisions/0012), it names each of those too, {@code
 * "log <day> <length> <crc>"} after the sealed ones, and the chunks hold no day; a restore reads each
 * log's prefix and {@link ForgottenIds#attachLogs attaches} it.
 */
final class ForgottenIdsForm {
    private static final String SEALED = "sealed ";
    private static final String LOG = "log ";

    private ForgottenIdsForm() {}

    /** Writes {@link ForgottenIds} in its canonical form, or in the checkpoint's when {@link CheckpointForm} is asked. */
    static final class Json extends StdSerializer<ForgottenIds> {
        Json() {
            super(ForgottenIds.class);
        }

        @Override
        public void serialize(ForgottenIds ids, JsonGenerator out, SerializerProvider provider) throws IOException {
            boolean checkpoint = CheckpointForm.asked(provider);
            out.writeStartArray();
            for (String s : checkpoint ? writeForCheckpoint(ids) : write(ids)) out.writeString(s);
            out.writeEndArray();
        }
    }

    static List<String> writeForCheckpoint(ForgottenIds ids) {
        notPending(ids);
        List<String> form = new ArrayList<>();
        for (ForgottenIds.SealedDay d : ids.sealed) {
            form.add(String.format(Locale.ROOT, "%s%d %d %d %d %s", SEALED, d.day(), d.index(), d.crc(), d.count(), d.label()));
        }
        if (ids.loggedUntil >= 0 && ids.loggedUntil == ids.arena.end) {
            for (ForgottenIds.LoggedDay d : ids.logged) form.add(String.format(Locale.ROOT, "%s%d %d %d", LOG, d.day(), d.length(), d.crc()));
            form.addAll(new PackedOut(1).varLong(0).chunks());
            return form;
        }
        form.addAll(heapForm(ids, List.of(), new long[0]));
        return form;
    }

    private static void notPending(ForgottenIds ids) {
        if (!ids.pendingLogs.isEmpty()) throw new IllegalStateException("forgotten ids: a logged day is named but not attached");
    }

    static List<String> write(ForgottenIds ids) {
        notPending(ids);
        if (ids.sealed.isEmpty()) return heapForm(ids, List.of(), new long[0]);
        if (ids.tables.contains(null)) throw new IllegalStateException("forgotten ids: a sealed day is named but not attached");
        // Each sealed day as the heap would hold it: without the entries a newer day let go again.
        List<List<byte[]>> kept = new ArrayList<>();
        long[] sealedDays = new long[ids.sealed.size()];
        for (int k = 0; k < ids.sealed.size(); k++) {
            int day = k;
            List<byte[]> entries = new ArrayList<>();
            sealedDays[k] = ids.sealed.get(k).day();
            ids.tables.get(k).forEachEntry(key -> !newerHolds(ids, day, key), entries::add);
            kept.add(entries);
        }
        return heapForm(ids, kept, sealedDays);
    }

    private static boolean newerHolds(ForgottenIds ids, int sealedDay, IdKey key) {
        if (ids.table.find(key) >= 0) return true;
        for (int k = sealedDay + 1; k < ids.sealed.size(); k++) {
            if (ids.tables.get(k).find(key) >= 0) return true;
        }
        return false;
    }

    private static List<String> heapForm(ForgottenIds ids, List<List<byte[]>> sealed, long[] sealedDays) {
        IdArena arena = ids.arena;
        DayRuns days = ids.days;
        int sealedBytes = 0;
        for (List<byte[]> entries : sealed) for (byte[] e : entries) sealedBytes += e.length;
        PackedOut out = new PackedOut(arena.end - arena.base - arena.deadBytes + sealedBytes + 16 + 15 * (days.count() + sealed.size()));
        out.varLong(days.count() + sealed.size());
        for (int k = 0; k < sealed.size(); k++) out.varLong(sealedDays[k]).varLong(sealed.get(k).size());
        int[] counts = liveCounts(arena, days);
        for (int d = 0; d < days.count(); d++) out.varLong(days.day(d)).varLong(counts[d]);
        for (List<byte[]> entries : sealed) for (byte[] e : entries) out.bytes(e, 0, e.length);
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

    static ForgottenIds read(List<String> form) {
        List<ForgottenIds.SealedDay> sealed = new ArrayList<>();
        int first = 0;
        while (first < form.size() && form.get(first).startsWith(SEALED)) sealed.add(sealedDay(form.get(first++)));
        List<ForgottenIds.LoggedDay> logs = new ArrayList<>();
        while (first < form.size() && form.get(first).startsWith(LOG)) {
            ForgottenIds.LoggedDay log = loggedDay(form.get(first++));
            if (!logs.isEmpty() && log.day() <= logs.get(logs.size() - 1).day()) throw new IllegalArgumentException("forgotten ids: the logged day " + log.day() + " out of order");
            if (!sealed.isEmpty() && log.day() <= sealed.get(sealed.size() - 1).day()) {
                throw new IllegalArgumentException("forgotten ids: the logged day " + log.day() + " is not after the sealed days");
            }
            logs.add(log);
        }
        ForgottenIds ids = readHeap(form.subList(first, form.size()));
        if (!logs.isEmpty() && ids.days.count() > 0) throw new IllegalArgumentException("forgotten ids: days both logged and held");
        ids.pendingLogs.addAll(logs);
        for (int k = 0; k < sealed.size(); k++) {
            long day = sealed.get(k).day();
            if ((k > 0 && day <= sealed.get(k - 1).day()) || (ids.days.count() > 0 && day >= ids.days.day(0))) {
                throw new IllegalArgumentException("forgotten ids: the sealed day " + day + " out of order");
            }
            ids.sealed.add(sealed.get(k));
            ids.tables.add(null);
        }
        return ids;
    }

    private static ForgottenIds.SealedDay sealedDay(String name) {
        String[] parts = name.substring(SEALED.length()).split(" ", 5);
        try {
            if (parts.length < 5 || parts[4].isEmpty()) throw new NumberFormatException("too few fields");
            return new ForgottenIds.SealedDay(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Integer.parseInt(parts[2]),
                    parts[4], Long.parseLong(parts[3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("forgotten ids: a sealed day's name that does not read: \"" + name + "\"");
        }
    }

    private static ForgottenIds.LoggedDay loggedDay(String name) {
        String[] parts = name.substring(LOG.length()).split(" ", -1);
        try {
            if (parts.length != 3) throw new NumberFormatException("not three fields");
            long length = Long.parseLong(parts[1]);
            if (length < 0 || length > Integer.MAX_VALUE) throw new NumberFormatException("a length out of range");
            return new ForgottenIds.LoggedDay(Long.parseLong(parts[0]), length, Integer.parseInt(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("forgotten ids: a logged day's name that does not read: \"" + name + "\"");
        }
    }

    private static ForgottenIds readHeap(List<String> chunks) {
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
                appendEntry(in, arena);
                ids.table.live++;
            }
        }
        in.end();
        ids.table.rebuild(IdTable.Twice.REFUSED);
        if (count > 0) ids.loggedUntil = -1; // held whole: the next log of each day is written anew
        return ids;
    }

    /** Reads one entry of {@link IdArena}'s form, checked, and appends it to {@code arena} (which has room). */
    static void appendEntry(PackedIn in, IdArena arena) {
        int start = in.position();
        int end = entryEnd(in.bytes(), start, in.bytes().length, in);
        in.skip(end - start);
        arena.appendStored(in.bytes(), start, end - start);
    }

    /**
     * Where the entry at {@code at} of {@link IdArena}'s form ends, checked: its header (live), its
     * number in its shortest form or its bytes, its reader, none of it at or past {@code limit}.
     *
     * @throws IllegalArgumentException saying what and where, in {@code in}'s words
     */
    static int entryEnd(byte[] bytes, int at, int limit, PackedIn in) {
        Varint.Refusal cut = fault -> in.refused("an entry that does not read at byte " + at + " (" + fault.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")");
        long header = Varint.read(bytes, at, limit, cut);
        if (header > Integer.MAX_VALUE || (header & IdArena.DEAD) != 0) throw in.refused("a bad entry header at byte " + at);
        int payload = at + Varint.size(header);
        int length = (int) (header >>> IdArena.FLAG_BITS);
        if ((header & IdArena.DECIMAL) != 0) {
            long value = Varint.read(bytes, payload, limit, cut);
            if (value < 0 || Varint.size(value) != length) throw in.refused("a bad number at byte " + at);
        } else if (length > limit - payload) {
            throw in.refused("an entry cut at byte " + at);
        }
        int end = payload + length;
        if ((header & IdArena.READER) != 0) end += Varint.size(Varint.read(bytes, end, limit, cut));
        return end;
    }
}
