// ADR 0014: opens every sealed id table in JOURNAL/state one by one, eight times, and prints the time a
// file (each open refused at its agent check, after its CRC32C). Not part of the build; run as Bound.java.
import dev.routing.engine.sealed.IdDayFile;
import dev.routing.engine.sealed.IdDayFileException;
import java.nio.file.*;
import java.util.*;
public class Opens {
  public static void main(String[] a) throws Exception {
    List<Path> files = new ArrayList<>();
    try (var s = Files.list(Path.of(a[0], "state"))) { s.filter(p -> p.toString().endsWith(".tbl")).forEach(files::add); }
    IdDayFile.Expected e = new IdDayFile.Expected(new byte[16], "nobody", 0, null, Long.MAX_VALUE);
    for (int r = 0; r < 8; r++) {
      long t = System.nanoTime(); int n = 0;
      for (Path p : files) { try { IdDayFile.open(p, e); } catch (IdDayFileException x) { n++; } }
      System.out.printf(java.util.Locale.ROOT, "%d files %.1f ms (%.1f us each)%n", files.size(), (System.nanoTime() - t) / 1e6, (System.nanoTime() - t) / 1e3 / files.size());
    }
  }
}
