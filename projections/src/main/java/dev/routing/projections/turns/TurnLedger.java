package dev.routing.projections.turns;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import dev.routing.projections.retention.DayRuns;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.SortedMap;

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
 * leave together, from the front: 8 bytes a turn in memory, about 3 in a checkpoint.
 */
public final class TurnLedger {
    /** An id this far past the newest leaves a gap no engine makes: the ledger starts again there rather than fill it. */
    private static final long LARGEST_GAP = 1 << 20;

    /** Names by index; index 0 names nothing. */
    private final List<String> names = new ArrayList<>(List.of(""));
    private final HashMap<String, Integer> indexOf = new HashMap<>();
    /** The id at index 0 of {@link #agent} and {@link #channel}. */
    private long first = 1;
    private int size;
    private int[] agent = new int[64];
    private int[] channel = new int[64];
    /** For each UTC day that opened a turn, the first id it opened. */
    private final DayRuns days = new DayRuns();

    /** The agent whose turn this is, or null when the ledger keeps no such turn opened on {@code fromDay} or later. */
    public String owner(long turn, long fromDay) {
        int at = at(turn, fromDay);
        return at < 0 || agent[at] == 0 ? null : names.get(agent[at]);
    }

    /** The channel the turn had when it ended, or null (none, still open, or not kept from {@code fromDay}). */
    public String channel(long turn, long fromDay) {
        int at = at(turn, fromDay);
        return at < 0 || channel[at] == 0 ? null : names.get(channel[at]);
    }

    /** How many turns the ledger keeps. */
    public int size() {
        return size;
    }

    /** Bytes its arrays hold on the heap (not their headers, nor the names). */
    public long footprint() {
        return 4L * (agent.length + channel.length) + days.footprint();
    }

    void opened(long turn, String owner, long epochDay) {
        if (turn < first) return; // below what is kept: a hand-built stream's, never the engine's
        if (turn - (first + size) > LARGEST_GAP) restartAt(turn);
        while (first + size <= turn) append();
        if (days.opens(epochDay)) days.add(epochDay, turn);
        agent[(int) (turn - first)] = index(owner);
        channel[(int) (turn - first)] = 0;
    }

    void ended(long turn, String endedIn) {
        int at = at(turn, Long.MIN_VALUE);
        if (at >= 0) channel[at] = endedIn == null ? 0 : index(endedIn);
    }

    /** Lets go every turn opened on a UTC day before {@code cutoffDay}. */
    public void letGoBefore(long cutoffDay) {
        int gone = days.before(cutoffDay);
        if (gone == 0) return;
        long keptFrom = gone < days.count() ? days.start(gone) : first + size;
        int drop = (int) Math.min(size, Math.max(0, keptFrom - first));
        System.arraycopy(agent, drop, agent, 0, size - drop);
        System.arraycopy(channel, drop, channel, 0, size - drop);
        Arrays.fill(agent, size - drop, size, 0);
        Arrays.fill(channel, size - drop, size, 0);
        size -= drop;
        first += drop;
        days.drop(gone);
    }

    /** The turn's index in the arrays if it was opened on {@code fromDay} or later, else -1. */
    private int at(long turn, long fromDay) {
        long at = turn - first;
        if (at < 0 || at >= size) return -1;
        return days.dayOf(turn) >= fromDay ? (int) at : -1;
    }

    private void append() {
        if (size == agent.length) {
            agent = Arrays.copyOf(agent, size * 2);
            channel = Arrays.copyOf(channel, size * 2);
        }
        agent[size] = 0;
        channel[size] = 0;
        size++;
    }

    private void restartAt(long turn) {
        first = turn;
        size = 0;
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
     * state shares.
     */
    @JsonValue
    List<String> json() {
        PackedOut out = new PackedOut(16 + 3 * size);
        out.varLong(names.size() - 1);
        for (int i = 1; i < names.size(); i++) {
            byte[] utf8 = names.get(i).getBytes(StandardCharsets.UTF_8);
            out.varLong(utf8.length).bytes(utf8, 0, utf8.length);
        }
        out.varLong(first).varLong(days.count());
        for (int d = 0; d < days.count(); d++) out.varLong(days.day(d)).varLong(days.start(d));
        out.varLong(size);
        for (int i = 0; i < size; i++) out.varLong(agent[i]).varLong(channel[i]);
        return out.chunks();
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static TurnLedger fromJson(List<String> chunks) {
        PackedIn in = new PackedIn("turn ledger", chunks);
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
        int size = in.count("turns", 2);
        ledger.agent = new int[Math.max(64, size)];
        ledger.channel = new int[Math.max(64, size)];
        for (int i = 0; i < size; i++) {
            ledger.agent[i] = name(in, ledger.names.size());
            ledger.channel[i] = name(in, ledger.names.size());
        }
        ledger.size = size;
        if (days > 0 && (runs.start(0) < ledger.first || runs.start(days - 1) >= ledger.first + Math.max(1, size))) {
            throw in.refused("a day's first turn outside the turns kept");
        }
        in.end();
        return ledger;
    }

    private static int name(PackedIn in, int names) {
        long v = in.varLong();
        if (v < 0 || v >= names) throw in.refused("name " + v + " of " + names);
        return (int) v;
    }
}
