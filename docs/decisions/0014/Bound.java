// ADR 0014's harness: restores a journal to the checkpoint before the newest plus no tail, the tail
// up to 20,001 indexes past it, and the whole tail, twelve rounds, and prints each median of the last
// eight. Not part of the build. With the switches (switches.patch, on 9b81b37) built into replay-cli.jar:
//   javac -cp replay-cli.jar Bound.java
//   java <the Add-Exports/Add-Opens of the jar's manifest, as --add-exports/--add-opens> \
//        [-Dhack.skipKept=true] [-Dhack.skipLogs=true] [-Dhack.skipLedger=true] [-Dhack.skipCrc=true] \
//        -cp replay-cli.jar:. Bound JOURNAL
import dev.routing.engine.Replay;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.Arrays;
public class Bound {
  public static void main(String[] a) throws Exception {
    int rounds = 12;
    try (Journal j = Journal.openReader(Path.of(a[0]))) {
      long newest = j.newestCheckpointJson(j.lastIndex()).index();
      long prev = j.newestCheckpointJson(newest - 1).index();
      long[] ends = {prev + 1, Math.min(newest, prev + 20001), newest};
      double[][] t = new double[ends.length][rounds];
      long[] n = new long[ends.length];
      for (int r = 0; r < rounds; r++) {
        for (int e = 0; e < ends.length; e++) {
          System.gc();
          long s = System.nanoTime();
          Replay.Result res = Replay.upTo(j, ends[e], x -> {});
          t[e][r] = (System.nanoTime() - s) / 1e6;
          n[e] = res.entriesRead();
        }
      }
      StringBuilder sb = new StringBuilder();
      for (int e = 0; e < ends.length; e++) {
        double[] w = Arrays.copyOfRange(t[e], 4, rounds); Arrays.sort(w);
        sb.append(String.format(java.util.Locale.ROOT, "tail %,7d: median %6.1f ms (min %5.1f)   ", n[e], w[w.length / 2], w[0]));
      }
      System.out.println(sb);
    }
  }
}
