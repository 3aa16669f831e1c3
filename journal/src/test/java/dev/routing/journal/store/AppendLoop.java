package dev.routing.journal.store;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.PublishRequested;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The writer that {@link KilledWriterLosesNoAcknowledgedEntryTest} kills. Opens the journal,
 * resumes after the last sequence number it finds there, prints {@code ready <n>}, then appends
 * entry n, n+1, ... for ever, printing {@code ack <index> <n> <atMillis> ;} (and flushing) once
 * each append has returned. Entry n is a durable publish.requested (attempt n) when n % 8 == 7,
 * else a message.received with id {@code m<n>}; its {@code at} is the given day's start plus n ms.
 *
 * <p>Exits when its standard input closes, so that it never outlives the test that started it.
 */
public final class AppendLoop {
    static final long DAY_MILLIS = 86_400_000L;

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        long dayStart = Long.parseLong(args[1]) * DAY_MILLIS;
        Thread watchdog = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent keeps stdin open while it wants us alive
                }
            } catch (IOException ignored) {
                // the parent is gone
            }
            Runtime.getRuntime().halt(4);
        }, "stdin-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();

        PrintStream out = System.out;
        try (Journal journal = Journal.openWriter(dir)) {
            long last = journal.lastIndex();
            long n = last < 0 ? 0 : sequenceOf(journal.entryAt(last)) + 1;
            out.println("ready " + n);
            out.flush();
            while (true) {
                Instant at = Instant.ofEpochMilli(dayStart + n);
                long index = journal.append(entry(n, at));
                out.println("ack " + index + " " + n + " " + at.toEpochMilli() + " ;");
                out.flush();
                n++;
            }
        }
    }

    static Entry entry(long n, Instant at) {
        return n % 8 == 7 ? Entries.publish(at, n) : Entries.message(at, "m" + n);
    }

    static long sequenceOf(Entry entry) {
        if (entry instanceof PublishRequested p) return p.attempt();
        if (entry instanceof MessageReceived m && m.id().startsWith("m")) return Long.parseLong(m.id().substring(1));
        throw new IllegalStateException("not an AppendLoop entry: " + entry);
    }
}
