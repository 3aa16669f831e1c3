package dev.routing.cli.run;

import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.store.Journal;
import dev.routing.sidecar.lines.BadLineException;
import dev.routing.sidecar.lines.FactLine;
import dev.routing.sidecar.lines.HeldDrafts;
import dev.routing.sidecar.lines.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * How many of a script's first lines a journal already ends with: what a run of the script that
 * stopped at a bad line, or was killed, journaled. A rerun of the fixed script would journal them
 * again, so {@code run} refuses it, or, with {@code --resume}, goes on after them.
 *
 * <p>The journal is the record: its last facts are compared with the script's first lines, read as
 * {@code run} reads them (seq taken out, {@code @N} resolved), fact by fact and byte for byte. The
 * openings the engine journals itself ({@code engine.started}, and the {@code process.restarted} it
 * appends when it reopens a journal) are passed over, unless the script's own line is that restart.
 */
final class JournaledPrefix {
    /** {@code lines}: the number of the last script line journaled (0 for none); {@code index}: its group. */
    record Found(int lines, long index) {
        static final Found NONE = new Found(0, -1);
    }

    /** A fact in the journal's tail, and whether it is the restart of an opening the engine made. */
    private record Journaled(Fact fact, long index, boolean opening) {
    }

    private JournaledPrefix() {}

    /** The script's first lines {@code journal} ends with; NONE when it ends otherwise. */
    static Found of(Journal journal, Path script) throws IOException {
        try (InputStream in = Files.newInputStream(script)) {
            LineReader lines = new LineReader(in);
            Supplier<List<String>> held = new HeldDrafts(() -> journal);
            String line;
            do {
                line = nextOrNull(lines);
            } while (line != null && line.isBlank());
            Fact first = line == null ? null : readOrNull(lines.number(), line, held);
            if (first == null) return Found.NONE;
            List<Journaled> tail = tail(journal, first);
            for (int start = tail.size() - 1; start >= 0; start--) {
                if (!tail.get(start).fact().equals(first)) continue;
                Found found = match(tail, start, script, held);
                if (found != null) return found;
            }
            return Found.NONE;
        }
    }

    /**
     * The facts from the first group whose journal time reaches {@code first}'s {@code at} to the end:
     * the group holding it cannot lie before (journal time is the latest {@code at} so far).
     */
    private static List<Journaled> tail(Journal journal, Fact first) {
        List<Journaled> tail = new ArrayList<>();
        boolean[] afterStart = {false};
        journal.read(journal.indexAt(first.at()), r -> {
            if (r.entry() instanceof EngineStarted) {
                afterStart[0] = true;
                return;
            }
            if (r.entry() instanceof Fact f) tail.add(new Journaled(f, r.index(), afterStart[0] && f instanceof ProcessRestarted));
            afterStart[0] = false;
        });
        return tail;
    }

    /** The script read from line 1 against the tail from {@code start}: the lines it covers when it reaches the journal's end, else null. */
    private static Found match(List<Journaled> tail, int start, Path script, Supplier<List<String>> held) throws IOException {
        try (InputStream in = Files.newInputStream(script)) {
            LineReader lines = new LineReader(in);
            Fact next = null;
            int number = 0;
            long index = -1;
            for (int i = start; i < tail.size(); i++) {
                if (next == null) {
                    String line;
                    do {
                        line = nextOrNull(lines);
                    } while (line != null && line.isBlank());
                    // past the script's end the journal may hold only openings (a rerun that had nothing left to run)
                    if (line == null) return onlyOpenings(tail, i) ? new Found(number, index) : null;
                    next = readOrNull(lines.number(), line, held);
                    if (next == null) return null;
                }
                Journaled j = tail.get(i);
                if (j.fact().equals(next)) {
                    number = lines.number();
                    index = j.index();
                    next = null;
                } else if (!j.opening()) {
                    return null;
                }
            }
            return number == 0 ? null : new Found(number, index);
        }
    }

    private static boolean onlyOpenings(List<Journaled> tail, int from) {
        for (int i = from; i < tail.size(); i++) {
            if (!tail.get(i).opening()) return false;
        }
        return true;
    }

    /** The next line; null at the end, or at a line that cannot be read (it was never journaled). */
    private static String nextOrNull(LineReader lines) throws IOException {
        try {
            return lines.next();
        } catch (BadLineException unreadable) {
            return null;
        }
    }

    private static Fact readOrNull(int number, String line, Supplier<List<String>> held) {
        try {
            return FactLine.read(number, line, held).fact();
        } catch (BadLineException bad) {
            return null;
        }
    }
}
