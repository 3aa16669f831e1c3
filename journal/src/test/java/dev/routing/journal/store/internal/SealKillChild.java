package dev.routing.journal.store.internal;

import dev.routing.journal.store.Entries;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * The writer {@link SealKilledAtTheDayRollTest} kills between a day roll and the seal of the day
 * before: appends five messages on Monday, printing {@code ack <index>} after each, then one on
 * Tuesday, whose write rolls the day; between the roll and the seal it prints {@code rolled} and
 * waits to be killed. Exits when its standard input closes.
 */
public final class SealKillChild {
    public static void main(String[] args) throws InterruptedException {
        Path dir = Path.of(args[0]);
        Instant monday = Instant.parse(args[1]);
        StdinWatchdog.start();
        PrintStream out = System.out;
        Seals.beforeSeal = () -> {
            out.println("rolled");
            out.flush();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int k = 0; k < 5; k++) {
                out.println("ack " + j.append(Entries.message(monday.plusSeconds(k), "d0-" + k)));
                out.flush();
            }
            j.append(Entries.message(monday.plus(Duration.ofDays(1)), "d1-0"));
            out.println("not killed");
        }
    }
}
