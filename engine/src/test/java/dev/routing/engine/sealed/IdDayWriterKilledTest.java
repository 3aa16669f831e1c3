package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.ForkedJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process writing a day file, over and over, at moments spread through its writes:
 * under the day's name there is always a whole file, the one before or the one after, never a part
 * of one; what a kill left half written is a temporary file, never read.
 */
class IdDayWriterKilledTest {
    @Test
    void aWriterKilledAtAnyMomentLeavesTheWholeOldFileOrTheWholeNewOne(@TempDir Path dir) throws Exception {
        List<String> even = IdDays.ids(WritesOneDayOverAndOver.IDS, 0);
        List<String> odd = IdDays.ids(WritesOneDayOverAndOver.IDS, 1);
        for (int kill = 0; kill < 4; kill++) {
            Process child = ForkedJvm.of(WritesOneDayOverAndOver.class, dir.toString()).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                do {
                    line = out.readLine();
                } while (line != null && !line.startsWith("written "));
                assertTrue(line != null, "the child never wrote a day");
                Thread.sleep(7L * kill); // later into the writes each time: mid body, mid header, mid rename
                child.toHandle().destroyForcibly();
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            IdDayFile day = IdDayFile.open(IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY), IdDays.expected());
            boolean isEven = day.ids().lookup(even.get(2)) != dev.routing.projections.privacy.ForgottenIds.NOT_HELD;
            IdDays.answersExactly(day.ids(), isEven ? even : odd);
        }
        try (var files = Files.list(dir.resolve(IdDayFile.FOLDER))) {
            assertTrue(files.allMatch(f -> f.getFileName().toString().endsWith(".tbl") || f.getFileName().toString().endsWith(".tbl.tmp")));
        }
    }

    /** The child: writes the day's file again and again, alternating two sets of ids, until it is killed. */
    public static final class WritesOneDayOverAndOver {
        static final int IDS = 20_000;

        public static void main(String[] args) {
            Path dir = Path.of(args[0]);
            List<List<String>> sets = List.of(IdDays.ids(IDS, 0), IdDays.ids(IDS, 1));
            for (int n = 0; ; n++) {
                IdDays.write(dir, sets.get(n % 2));
                System.out.println("written " + n);
                System.out.flush();
            }
        }
    }
}
