package dev.routing.projections.turns;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.routing.projections.packed.CheckpointForm;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import dev.routing.projections.retention.DayRuns;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * Every turn opened in the days retention keeps: whose it is, and the channel it had when it ended
 * (its locus, else its trigger, else its fork's home: where 0.30.0 sends a left-running script's
 * {@code channel_publish} that names none, P13). A lookup on a day answers only for turns opened on
 * the days retention keeps then, as the message ids do; a script naming an older turn is refused
 * whole, since no one can tell whose it was. No count of later turns decides it: a busy hour does
 * not turn this morning's script's turn into an unknown one (docs/decisions/0004).
 *
 * <p>The engine gives turn ids in order, so the ledger is two arrays indexed from the lowest id it
 * keeps, the agent and channel each as an index into one table of names (0: none); a day's turns
 * leave together, from the front: 8 bytes a turn in memory, about 3 in a checkpoint. Once a day
 * has closed the engine seals its turns in a file beside the journal ({@link SealedTurnDay}) and
 * they leave the heap and the checkpoint, which names the file (docs/decisions/0014, step 2).
 */
@JsonSerialize(using = TurnLedger.Write.class)
public final class TurnLedger {
    /** An id this far past the newest leaves a gap no engine makes: the ledger starts again there rather than fill it. */
    private static final long LARGEST_GAP = 1 << 20;
    /** A seal's name in a checkpoint begins so: no chunk does ({@link PackedOut}'s chunks are base64). */
    private static final String SEALED = "turns ";

    /** Names by index; index 0 names nothing. */
    private final List<String> names = new ArrayList<>(List.of(""));
    private final HashMap<String, Integer> indexOf = new HashMap<>();
    /** The lowest id kept: the first sealed day's first, else the heap's. */
    private long first = 1;
    /** Closed days sealed in files, oldest first and end to end, up to {@link #heapFirst}: docs/decisions/0014, step 2. */
    private final List<Sealed> sealed = new ArrayList<>();
    /** The channels of sealed turns that ended after their day's seal. */
    private final HashMap<Long, Integer> endedAfterSeal = new HashMap<>();
    /** The id at index 0 of {@link #agent} and {@link #channel}. */
    private long heapFirst = 1;
    private int heapSize;
    private int[] agent = new int[64];
    private int[] channel = new int[64];
    /** For each UTC day that opened a turn, the first id it opened. */
    private final DayRuns days = new DayRuns();

    /**
     * A closed day's turns sealed in a file: what a checkpoint names of it (its day, the journal index
     * the file covers, its checksum, its count of turns and the rules label it was written under) and,
     * once mapped, its turns.
     */
    public record SealedDay(long day, long index, int crc, int count, String label) {
    }

    private static final class Sealed {
        final SealedDay name;
        /** Its first turn's id. */
        final long from;
        SealedTurnDay turns;

        Sealed(SealedDay name, long from, SealedTurnDay turns) {
            this.name = name;
            this.from = from;
            this.turns = turns;
        }

        long end() {
            return from + name.count();
        }

        SealedTurnDay turns() {
            if (turns == null) throw new IllegalStateException("the turns sealed on day " + name.day() + " are named but not read");
            return turns;
        }
    }

    /** The agent whose turn this is, or null when the ledger keeps no such turn opened on {@code fromDay} or later. */
    public String owner(long turn, long fromDay) {
        int n = kept(turn, fromDay) ? agentOf(turn) : 0;
        return n == 0 ? null : names.get(n);
    }

    /** The channel the turn had when it ended, or null (none, still open, or not kept from {@code fromDay}). */
    public String channel(long turn, long fromDay) {
        int n = kept(turn, fromDay) ? channelOf(turn) : 0;
        return n == 0 ? null : names.get(n);
    }

    /** How many turns the ledger keeps. */
    public int size() {
        return (int) (heapFirst + heapSize - first);
    }

    /** Bytes its arrays hold on the heap (not their headers, nor the names; not the sealed days, which are mapped). */
    public long footprint() {
        return 4L * (agent.length + channel.length) + days.footprint() + 48L * endedAfterSeal.size();
    }

    void opened(long turn, String owner, long epochDay) {
        if (turn < first) return; // below what is kept: a hand-built stream's, never the engine's
        if (turn < heapFirst) unsealFrom(turn); // a sealed id opened again: a hand-built stream's, never the engine's
        if (turn - (heapFirst + heapSize) > LARGEST_GAP) restartAt(turn);
        while (heapFirst + heapSize <= turn) append();
        if (days.opens(epochDay)) days.add(epochDay, turn);
        agent[(int) (turn - heapFirst)] = index(owner);
        channel[(int) (turn - heapFirst)] = 0;
    }

    void ended(long turn, String endedIn) {
        if (turn < first || turn >= heapFirst + heapSize) return;
        int n = endedIn == null ? 0 : index(endedIn);
        if (turn >= heapFirst) channel[(int) (turn - heapFirst)] = n;
        else endedAfterSeal.put(turn, n);
    }

    /** Lets go every turn opened on a UTC day before {@code cutoffDay}. */
    public void letGoBefore(long cutoffDay) {
        int gone = days.before(cutoffDay);
        if (gone == 0) return;
        long end = heapFirst + heapSize;
        long keptFrom = Math.min(end, Math.max(first, gone < days.count() ? days.start(gone) : end));
        while (!sealed.isEmpty() && sealed.get(0).end() <= keptFrom) sealed.remove(0);
        endedAfterSeal.keySet().removeIf(turn -> turn < keptFrom);
        dropFromHeap((int) Math.max(0, keptFrom - heapFirst));
        first = keptFrom;
        days.drop(gone);
    }

    // ---- sealed days (docs/decisions/0014, step 2) ---------------------------------------------------

    /** The closed days sealed in files, oldest first, as a checkpoint names them. */
    public List<SealedDay> sealedDays() {
        List<SealedDay> out = new ArrayList<>(sealed.size());
        for (Sealed s : sealed) out.add(s.name);
        return out;
    }

    /**
     * The oldest day whose turns are on the heap, if it closed before {@code today}: what a seal
     * writes next; {@link Long#MIN_VALUE} when there is none.
     */
    public long oldestClosedDayOnHeap(long today) {
        int d = oldestDayOnHeap();
        return d >= 0 && days.day(d) < today ? days.day(d) : Long.MIN_VALUE;
    }

    /** The body of the oldest day on the heap ({@link #oldestClosedDayOnHeap}): its turns from {@link #heapFirst} on. */
    public ByteBuffer oldestDayBody() {
        return SealedTurnDay.body(heapFirst, agent, channel, 0, oldestDayCount(), names.size());
    }

    /**
     * The oldest day on the heap is now read from {@code turns}, written of {@link #oldestDayBody}:
     * its turns leave the heap.
     *
     * @throws IllegalArgumentException when {@code turns} is not that day's
     */
    public void sealOldestDay(SealedDay name, SealedTurnDay turns) {
        int count = oldestDayCount();
        int d = oldestDayOnHeap();
        // never a day of no turns: the heap would not move, and a sealer asking for the oldest day again would not stop
        if (d < 0 || count == 0 || name.day() != days.day(d) || turns.first() != heapFirst || turns.count() != count || name.count() != count) {
            throw new IllegalArgumentException("the turns sealed of day " + name.day() + " (" + turns.count() + " from " + turns.first()
                    + ") are not the oldest day on the heap's (" + count + " from " + heapFirst + ")");
        }
        sealed.add(new Sealed(name, heapFirst, turns));
        dropFromHeap(count);
    }

    /** The heap's first {@code n} turns leave it (let go, or sealed): the rest move to the front. */
    private void dropFromHeap(int n) {
        System.arraycopy(agent, n, agent, 0, heapSize - n);
        System.arraycopy(channel, n, channel, 0, heapSize - n);
        Arrays.fill(agent, heapSize - n, heapSize, 0);
        Arrays.fill(channel, heapSize - n, heapSize, 0);
        heapSize -= n;
        heapFirst += n;
    }

    /**
     * The file a checkpoint named for {@code day} read ({@link #sealedDays}).
     *
     * @throws IllegalArgumentException when its turns are not the ones the checkpoint's ledger expects there
     */
    public void attach(SealedDay day, SealedTurnDay turns) {
        for (Sealed s : sealed) {
            if (s.name.equals(day)) {
                if (turns.first() != s.from || turns.count() != day.count() || turns.names() > names.size()) {
                    throw new IllegalArgumentException("its turns (" + turns.count() + " from " + turns.first() + ", of " + turns.names()
                            + " names) are not the " + day.count() + " from " + s.from + " of at most " + names.size() + " names the checkpoint names");
                }
                s.turns = turns;
                return;
            }
        }
        throw new IllegalArgumentException("the checkpoint names no sealed turns of day " + day.day());
    }

    /**
     * The day whose turns a seal takes next, from the heap's first turn to the next day's start: the
     * first day that starts at or after the heap's first turn (ids before it are none the engine
     * opened: the ledger's first, or a gap a seal left); of days that share a start, which opened no
     * turn of their own but the last (a hand-built stream's), the last. -1 when there is none.
     */
    private int oldestDayOnHeap() {
        if (heapSize == 0) return -1;
        int d = 0;
        while (d < days.count() && days.start(d) < heapFirst) d++;
        if (d == days.count()) return -1;
        while (d + 1 < days.count() && days.start(d + 1) == days.start(d)) d++;
        return d;
    }

    /** From {@link #heapFirst} to the next day's first turn, or the heap's end: never 0 while the heap holds a turn. */
    private int oldestDayCount() {
        int d = oldestDayOnHeap();
        if (d < 0) return 0;
        return (int) ((d + 1 < days.count() ? days.start(d + 1) : heapFirst + heapSize) - heapFirst);
    }

    /**
     * Brings the sealed day holding {@code turn} and every sealed day after it back to the heap, as
     * they answer now: an id of a sealed day opened again is taken as a ledger that never sealed
     * takes it. The files stay; the next seal writes those days again.
     */
    private void unsealFrom(long turn) {
        int k = sealed.size();
        while (k > 0 && sealed.get(k - 1).end() > turn) k--;
        long from = Math.max(first, sealed.get(k).from);
        int back = (int) (heapFirst - from);
        int[] a = new int[Math.max(64, back + heapSize)];
        int[] c = new int[a.length];
        for (long t = from; t < heapFirst; t++) {
            a[(int) (t - from)] = agentOf(t);
            c[(int) (t - from)] = channelOf(t);
        }
        System.arraycopy(agent, 0, a, back, heapSize);
        System.arraycopy(channel, 0, c, back, heapSize);
        agent = a;
        channel = c;
        heapSize += back;
        heapFirst = from;
        sealed.subList(k, sealed.size()).clear();
        endedAfterSeal.keySet().removeIf(t -> t >= from);
    }

    private boolean kept(long turn, long fromDay) {
        return turn >= first && turn < heapFirst + heapSize && days.dayOf(turn) >= fromDay;
    }

    private int agentOf(long turn) {
        if (turn >= heapFirst) return agent[(int) (turn - heapFirst)];
        Sealed s = sealedOf(turn);
        return s.turns().agent((int) (turn - s.from));
    }

    private int channelOf(long turn) {
        if (turn >= heapFirst) return channel[(int) (turn - heapFirst)];
        Integer after = endedAfterSeal.get(turn);
        if (after != null) return after;
        Sealed s = sealedOf(turn);
        return s.turns().channel((int) (turn - s.from));
    }

    /** The sealed day holding {@code turn}, which lies in {@code [first, heapFirst)}. */
    private Sealed sealedOf(long turn) {
        int low = 0;
        int high = sealed.size() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (sealed.get(mid).from <= turn) low = mid;
            else high = mid - 1;
        }
        return sealed.get(low);
    }

    private void append() {
        if (heapSize == agent.length) {
            agent = Arrays.copyOf(agent, heapSize * 2);
            channel = Arrays.copyOf(channel, heapSize * 2);
        }
        agent[heapSize] = 0;
        channel[heapSize] = 0;
        heapSize++;
    }

    private void restartAt(long turn) {
        first = turn;
        heapFirst = turn;
        heapSize = 0;
        sealed.clear();
        endedAfterSeal.clear();
        days.clear();
    }

    private int index(String name) {
        Integer known = indexOf.get(name);
        if (known != null) return known;
        names.add(name);
        indexOf.put(name, names.size() - 1);
        return names.size() - 1;
    }

    /**
     * The owners a checkpoint of an earlier build held (turn id to agent), as opened on
     * {@code epochDay}: that build kept no turn's channel, so a script of one ended before the
     * upgrade takes the fallback, as it did then.
     */
    public static TurnLedger fromEarlierForm(SortedMap<Long, String> owners, long epochDay) {
        TurnLedger ledger = new TurnLedger();
        owners.forEach((turn, agent) -> ledger.opened(turn, agent, epochDay));
        return ledger;
    }

    // ---- the checkpoint's form ---------------------------------------------------------------------

    /**
     * Varints ({@link PackedOut}'s chunks): the names (count, then each as UTF-8 length and bytes),
     * the first id, the days (count, then each day and its first id), the turns (count, then each
     * agent and channel). Names are numbered in the order first met, which every way of reaching a
     * state shares. The canonical form ({@code state}, {@code verify}) is this whatever is sealed, and
     * so is a checkpoint's while nothing is.
     *
     * <p>A checkpoint of a ledger with sealed days names each first ({@code "turns <day> <index> <crc>
     * <count> <first turn> <label>"}), then packs the same but for the turns: the heap's first id, its turns, and
     * the sealed turns that ended after their seal (count, then each id and channel).
     */
    static final class Write extends StdSerializer<TurnLedger> {
        Write() {
            super(TurnLedger.class);
        }

        @Override
        public void serialize(TurnLedger ledger, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeStartArray();
            for (String s : ledger.form(CheckpointForm.asked(provider))) out.writeString(s);
            out.writeEndArray();
        }
    }

    /** The canonical form. */
    List<String> json() {
        return form(false);
    }

    /** The canonical form, or the checkpoint's: the same while nothing is sealed. */
    List<String> form(boolean checkpoint) {
        boolean named = checkpoint && !sealed.isEmpty();
        List<String> out = new ArrayList<>();
        if (named) {
            for (Sealed s : sealed) {
                SealedDay d = s.name;
                out.add(String.format(Locale.ROOT, "%s%d %d %d %d %d %s", SEALED, d.day(), d.index(), d.crc(), d.count(), s.from, d.label()));
            }
        }
        out.addAll(packed(named));
        return out;
    }

    private List<String> packed(boolean named) {
        int turns = named ? heapSize : size();
        PackedOut out = new PackedOut(16 + 3 * turns);
        out.varLong(names.size() - 1);
        for (int i = 1; i < names.size(); i++) {
            byte[] utf8 = names.get(i).getBytes(StandardCharsets.UTF_8);
            out.varLong(utf8.length).bytes(utf8, 0, utf8.length);
        }
        out.varLong(first).varLong(days.count());
        for (int d = 0; d < days.count(); d++) out.varLong(days.day(d)).varLong(days.start(d));
        if (named) {
            out.varLong(heapFirst).varLong(heapSize);
            for (int i = 0; i < heapSize; i++) out.varLong(agent[i]).varLong(channel[i]);
            out.varLong(endedAfterSeal.size());
            for (long turn : new TreeSet<>(endedAfterSeal.keySet())) out.varLong(turn).varLong(endedAfterSeal.get(turn));
        } else {
            out.varLong(turns);
            for (long turn = first; turn < heapFirst + heapSize; turn++) out.varLong(agentOf(turn)).varLong(channelOf(turn));
        }
        return out.chunks();
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static TurnLedger fromJson(List<String> form) {
        List<Sealed> named = new ArrayList<>();
        int at = 0;
        while (at < form.size() && form.get(at).startsWith(SEALED)) named.add(sealed(form.get(at++)));
        PackedIn in = new PackedIn("turn ledger", form.subList(at, form.size()));
        TurnLedger ledger = new TurnLedger();
        int count = in.count("names", 1);
        for (int i = 0; i < count; i++) {
            int length = in.count("bytes of a name", 1);
            String name = new String(in.bytes(), in.skip(length), length, StandardCharsets.UTF_8);
            if (ledger.index(name) != i + 1) throw in.refused("the name '" + name + "' twice");
        }
        ledger.first = in.varLong();
        DayRuns runs = ledger.days;
        int days = in.count("days", 2);
        for (int d = 0; d < days; d++) {
            long day = in.varLong();
            long firstOfDay = in.varLong();
            if (d > 0 && (day <= runs.day(d - 1) || firstOfDay < runs.start(d - 1))) throw in.refused("days out of order at " + day);
            runs.add(day, firstOfDay);
        }
        ledger.heapFirst = ledger.first;
        if (!named.isEmpty()) {
            if (named.get(0).from > ledger.first) throw in.refused("the first sealed day starts at " + named.get(0).from + ", after the first turn kept");
            for (Sealed d : named) {
                Sealed before = ledger.sealed.isEmpty() ? null : ledger.sealed.get(ledger.sealed.size() - 1);
                if (before != null && (d.name.day() <= before.name.day() || d.from != before.end())) {
                    throw in.refused("sealed days out of order or apart at day " + d.name.day());
                }
                ledger.sealed.add(d);
            }
            ledger.heapFirst = in.varLong();
            long sealedEnd = named.get(named.size() - 1).end();
            if (ledger.heapFirst != sealedEnd || ledger.first > sealedEnd) {
                throw in.refused("the heap's first turn " + ledger.heapFirst + " is not where the sealed days end, " + sealedEnd);
            }
        }
        int size = in.count("turns", 2);
        ledger.agent = new int[Math.max(64, size)];
        ledger.channel = new int[Math.max(64, size)];
        for (int i = 0; i < size; i++) {
            ledger.agent[i] = name(in, ledger.names.size());
            ledger.channel[i] = name(in, ledger.names.size());
        }
        ledger.heapSize = size;
        if (!named.isEmpty()) {
            int after = in.count("sealed turns ended after their seal", 2);
            long last = Long.MIN_VALUE;
            for (int i = 0; i < after; i++) {
                long turn = in.varLong();
                if (turn <= last || turn < ledger.first || turn >= ledger.heapFirst) throw in.refused("a sealed turn " + turn + " out of order or not sealed");
                ledger.endedAfterSeal.put(turn, name(in, ledger.names.size()));
                last = turn;
            }
        }
        long end = ledger.heapFirst + Math.max(1, size);
        if (days > 0 && (runs.start(0) < ledger.first || runs.start(days - 1) >= end)) {
            throw in.refused("a day's first turn outside the turns kept");
        }
        in.end();
        return ledger;
    }

    /** A seal's name as {@link #form} spells it: day, index, checksum, count, first turn, label. */
    private static Sealed sealed(String name) {
        String[] f = name.substring(SEALED.length()).split(" ", 6);
        try {
            if (f.length != 6 || f[5].isEmpty()) throw new NumberFormatException("six fields");
            int count = Integer.parseInt(f[3]);
            long from = Long.parseLong(f[4]);
            if (count < 0 || from < 0) throw new NumberFormatException("a count or first turn below 0");
            return new Sealed(new SealedDay(Long.parseLong(f[0]), Long.parseLong(f[1]), Integer.parseInt(f[2]), count, f[5]), from, null);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("turn ledger: a sealed day named '" + name + "' is not one (" + e.getMessage() + ")", e);
        }
    }

    private static int name(PackedIn in, int names) {
        long v = in.varLong();
        if (v < 0 || v >= names) throw in.refused("name " + v + " of " + names);
        return (int) v;
    }
}
