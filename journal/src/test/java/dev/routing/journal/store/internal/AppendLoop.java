package dev.routing.journal.store.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Entries;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalRecord;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The writer that {@link KilledWriterLosesNoAcknowledgedEntryTest} kills. Prints {@code opening}, opens
 * the journal (cutting a torn tail if there is one), resumes after the last group it finds there,
 * prints {@code ready <n>}, then appends group n, n+1, ... for ever, printing
 * {@code ack <index> <n> ;} (and flushing) once each append has returned (see {@link #group}). Its
 * {@code at} is the given day's start plus n ms. Arguments: the journal, the day, and
 * {@code checkpoints} to write large checkpoints among the groups, so that kills land in one.
 *
 * <p>Exits when its standard input closes, so that it never outlives the test that started it.
 */
public final class AppendLoop {
    static final long DAY_MILLIS = 86_400_000L;
    private static final String PAD = "a state of many drafts ".repeat(200_000);

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        long dayStart = Long.parseLong(args[1]) * DAY_MILLIS;
        boolean checkpoints = args.length > 2 && args[2].equals("checkpoints");
        StdinWatchdog.start();

        PrintStream out = System.out;
        out.println("opening");
        out.flush();
        try (JournalWriter journal = Journal.openWriter(dir)) {
            long n = next(journal);
            long checkpointsFrom = checkpoints ? n : -1;
            out.println("ready " + n);
            out.flush();
            while (true) {
                long index = journal.append(group(n, Instant.ofEpochMilli(dayStart + n), checkpointsFrom));
                out.println("ack " + index + " " + n + " ;");
                out.flush();
                n++;
            }
        }
    }

    /** The number of the group after the last one in the journal (parts a killed checkpoint left are none). */
    static long next(Journal journal) {
        long last = journal.lastIndex();
        for (long i = last; i >= 0 && Journal.cycleOf(i) == Journal.cycleOf(last); i--) {
            Entry e = journal.entryAt(i);
            if (e != null) return numberOf(e) + 1;
        }
        List<JournalRecord> all = new ArrayList<>();
        journal.read(-1, all::add);
        return all.isEmpty() ? 0 : numberOf(all.get(all.size() - 1).entry()) + 1;
    }

    /**
     * Group n: a fact and n % 4 durable decisions; in a run that writes checkpoints (from group
     * {@code checkpointsFrom}, else -1), its first group and every 10th are a state checkpoint of
     * 4.6 MB instead (written in two parts).
     */
    static List<Entry> group(long n, Instant at, long checkpointsFrom) {
        if (checkpointsFrom >= 0 && (n == checkpointsFrom || n % 10 == 0)) {
            ObjectNode state = JsonNodeFactory.instance.objectNode();
            state.put("n", n);
            state.put("pad", PAD);
            return List.of(new StateCheckpoint(at, n, n, state));
        }
        List<Entry> g = new ArrayList<>();
        g.add(Entries.message(at, "m" + n));
        for (int i = 0; i < n % 4; i++) g.add(Entries.publish(at, n * 10 + i));
        return g;
    }

    static long numberOf(Entry entry) {
        if (entry instanceof StateCheckpoint c) return c.through();
        if (entry instanceof MessageReceived m && m.id().startsWith("m")) return Long.parseLong(m.id().substring(1));
        if (entry instanceof dev.routing.journal.event.PublishRequested p) return p.attempt() / 10;
        throw new IllegalStateException("not an AppendLoop entry: " + entry);
    }
}
