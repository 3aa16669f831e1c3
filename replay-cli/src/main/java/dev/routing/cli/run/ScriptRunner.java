package dev.routing.cli.run;

import dev.routing.cli.options.BadInputException;
import dev.routing.engine.Engine;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.sidecar.HostSession;
import dev.routing.sidecar.answers.AnswerWriter;
import dev.routing.sidecar.lines.LineReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * {@code run FILE}: a script of facts fed through a host session line by line, as PROTOCOL.md's
 * "Running a script" says, each fact's decisions printed as JSON lines, and the opening's first. A
 * rerun of a script whose first lines the journal already ends with is refused, or, with
 * {@code --resume}, goes on after them ({@link JournaledPrefix}).
 */
final class ScriptRunner {
    /** The script as named on the command line, for what is said of it. */
    private final String file;
    private final Path script;
    /** The journal named with --journal, or null for a temporary one (which holds no earlier run). */
    private final Path journal;
    private final boolean resume;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream(1 << 12);
    private final AnswerWriter lines = new AnswerWriter(printed);

    ScriptRunner(String file, Path journal, boolean resume) {
        this.file = file;
        this.script = Path.of(file);
        this.journal = journal;
        this.resume = resume;
    }

    /**
     * The number of the script's first lines the journal already ends with, read before the writer
     * opens (an opening would be journaled), where a reader can read the journal; -1 when a reader
     * cannot (a torn tail the writer's open cuts first): {@link #run} finds them then.
     */
    int journaledBeforeOpening() throws IOException {
        if (journal == null || !Journal.exists(journal)) return 0;
        try (Journal reader = Journal.openReader(journal)) {
            return journaledAlready(reader);
        } catch (JournalDamagedException unreadable) {
            return -1;
        }
    }

    /**
     * Feeds every line after the first {@code journaled} (-1: not known yet) to the session, printing
     * the opening's decisions first and each fact's after it.
     *
     * @throws dev.routing.sidecar.lines.BadLineException at a line that is no fact, naming it: the lines
     *         before it are journaled
     */
    void run(HostSession session, LineReader script, OutputStream out, int journaled) throws IOException {
        if (journaled < 0) journaled = journaledAlready(session.engine().journal());
        lines.decisions(session.engine().openingDecisions());
        print(out);
        String line;
        while ((line = script.next()) != null) {
            if (script.number() <= journaled) continue;
            Engine.Accepted accepted = session.feed(script.number(), line);
            if (accepted == null) continue;
            lines.decisions(accepted.decisions());
            print(out);
        }
    }

    private void print(OutputStream out) throws IOException {
        printed.writeTo(out);
        printed.reset();
    }

    /**
     * The number of the script's first lines {@code j} already ends with, which a rerun must not
     * journal again: refused, or with --resume passed over (said on stderr).
     */
    private int journaledAlready(Journal j) throws IOException {
        JournaledPrefix.Found found = JournaledPrefix.of(j, script);
        if (found.lines() == 0) {
            if (resume) System.err.println("run: --resume: the journal " + journal + " ends with none of " + file + "'s lines: running it from line 1");
            return 0;
        }
        String held = "the journal " + journal + " already ends with lines 1-" + found.lines() + " of " + file
                + " (the last at index 0x" + Long.toHexString(found.index()) + ")";
        if (!resume) {
            throw new BadInputException(held + ": running the file again would journal them twice, so nothing of it was"
                    + " journaled. --resume goes on after line " + found.lines());
        }
        System.err.println("run: " + held + ": going on after line " + found.lines());
        return found.lines();
    }
}
