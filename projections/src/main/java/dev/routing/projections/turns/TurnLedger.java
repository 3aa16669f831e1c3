package dev.routing.projections.turns;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.SortedMap;

/**
 * Every turn opened in the days retention keeps: whose it is, and the channel it had when it ended
 * (its locus, else its trigger, else its fork's home: where 0.30.0 sends a left-running script's
 * {@code channel_publish} that names none, P13). A script, a late round or an audit naming an older
 * turn finds no owner, and fails closed. No count of later turns decides it: a busy hour does not
 * turn this morning's script's turn into an unknown one (docs/decisions/0004).
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
    private long[] dayOf = new long[2];
    private long[] dayFirst = new long[2];
    private int days;

    /** The agent whose turn this is, or null when the ledger keeps no such turn. */
    public String owner(long turn) {
        int at = at(turn);
        return at < 0 || agent[at] == 0 ? null : names.get(agent[at]);
    }

    /** The channel the turn had when it ended, or null (none, still open, or not kept). */
    public String channel(long turn) {
        int at = at(turn);
        return at < 0 || channel[at] == 0 ? null : names.get(channel[at]);
    }

    /** How many turns the ledger keeps. */
    public int size() {
        return size;
    }

    /** Bytes its arrays hold on the heap (not their headers, nor the names). */
    public long footprint() {
        return 4L * (agent.length + channel.length) + 16L * dayOf.length;
    }

    void opened(long turn, String owner, long epochDay) {
        if (turn < first) return; // below what is kept: a hand-built stream's, never the engine's
        if (turn - (first + size) > LARGEST_GAP) restartAt(turn);
        while (first + size <= turn) append();
        if (days == 0 || dayOf[days - 1] < epochDay) newDay(epochDay, turn);
        agent[(int) (turn - first)] = index(owner);
        channel[(int) (turn - first)] = 0;
    }

    void ended(long turn, String endedIn) {
        int at = at(turn);
        if (at >= 0) channel[at] = endedIn == null ? 0 : index(endedIn);
    }

    /** Lets go every turn opened on a UTC day before {@code cutoffDay}. */
    public void letGoBefore(long cutoffDay) {
        int gone = 0;
        while (gone < days && dayOf[gone] < cutoffDay) gone++;
        if (gone == 0) return;
        long keptFrom = gone < days ? dayFirst[gone] : first + size;
        int drop = (int) Math.min(size, Math.max(0, keptFrom - first));
        System.arraycopy(agent, drop, agent, 0, size - drop);
        System.arraycopy(channel, drop, channel, 0, size - drop);
        Arrays.fill(agent, size - drop, size, 0);
        Arrays.fill(channel, size - drop, size, 0);
        size -= drop;
        first += drop;
        System.arraycopy(dayOf, gone, dayOf, 0, days - gone);
        System.arraycopy(dayFirst, gone, dayFirst, 0, days - gone);
        days -= gone;
    }

    private int at(long turn) {
        long at = turn - first;
        return at < 0 || at >= size ? -1 : (int) at;
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
        days = 0;
    }

    private void newDay(long epochDay, long turn) {
        if (days == dayOf.length) {
            dayOf = Arrays.copyOf(dayOf, days * 2);
            dayFirst = Arrays.copyOf(dayFirst, days * 2);
        }
        dayOf[days] = epochDay;
        dayFirst[days] = turn;
        days++;
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
     * Base64 of varints: the names (count, then each as UTF-8 length and bytes), the first id, the
     * days (count, then each day and its first id), the turns (count, then each agent and channel).
     * Names are numbered in the order first met, which every way of reaching a state shares.
     */
    @JsonValue
    String json() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 + 3 * size);
        put(out, names.size() - 1);
        for (int i = 1; i < names.size(); i++) {
            byte[] utf8 = names.get(i).getBytes(StandardCharsets.UTF_8);
            put(out, utf8.length);
            out.write(utf8, 0, utf8.length);
        }
        put(out, first);
        put(out, days);
        for (int d = 0; d < days; d++) {
            put(out, dayOf[d]);
            put(out, dayFirst[d]);
        }
        put(out, size);
        for (int i = 0; i < size; i++) {
            put(out, agent[i]);
            put(out, channel[i]);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    @JsonCreator
    static TurnLedger fromJson(String base64) {
        In in = new In(Base64.getDecoder().decode(base64));
        TurnLedger ledger = new TurnLedger();
        try {
            int count = in.count();
            for (int i = 0; i < count; i++) {
                int length = in.count();
                String name = new String(in.bytes, in.at, length, StandardCharsets.UTF_8);
                in.at += length;
                if (ledger.index(name) != i + 1) throw new IllegalArgumentException("turn ledger: the name '" + name + "' twice");
            }
            ledger.first = in.next();
            int days = in.count();
            for (int d = 0; d < days; d++) ledger.newDay(in.next(), in.next());
            int size = in.count();
            ledger.agent = new int[Math.max(64, size)];
            ledger.channel = new int[Math.max(64, size)];
            for (int i = 0; i < size; i++) {
                ledger.agent[i] = in.name(ledger.names.size());
                ledger.channel[i] = in.name(ledger.names.size());
            }
            ledger.size = size;
            if (in.at != in.bytes.length) throw new IllegalArgumentException("turn ledger: bytes after the last turn");
        } catch (ArrayIndexOutOfBoundsException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("turn ledger: the checkpoint's bytes end inside an entry", e);
        }
        return ledger;
    }

    private static void put(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** A reader of the checkpoint's varints. */
    private static final class In {
        final byte[] bytes;
        int at;

        In(byte[] bytes) {
            this.bytes = bytes;
        }

        long next() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                if (shift > 63) throw new IllegalArgumentException("turn ledger: a varint over 64 bits at byte " + at);
                byte b = bytes[at++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) return v;
            }
        }

        int count() {
            long v = next();
            if (v < 0 || v > Integer.MAX_VALUE) throw new IllegalArgumentException("turn ledger: a count of " + v);
            return (int) v;
        }

        int name(int names) {
            int v = count();
            if (v >= names) throw new IllegalArgumentException("turn ledger: name " + v + " of " + names);
            return v;
        }
    }
}
