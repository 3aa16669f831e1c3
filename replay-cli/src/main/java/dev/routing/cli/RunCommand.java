package dev.routing.cli;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalDamagedException;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", header = "Decides a script of facts (FILE), or runs as a sidecar on standard input and output (-).", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "FILE holds one fact per line. A malformed line (bad JSON, a bad field, bytes that are not UTF-8, a fact",
        "too large) exits 2 naming the line and field, after journaling nothing for it.",
        "- runs as a sidecar (docs/sidecar.md): a sidecar.ready line first, then each line answered with its",
        "decisions and a fact.accepted, or a fact.rejected naming the line and field (the sidecar reads on);",
        "the facts waiting on standard input are synced once, before any of their answers is written.",
        "A fact may carry seq, the host's increasing number for it: a seq already journaled is answered from",
        "the journal, not decided again. A damaged journal is refused: see salvage."})
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "facts, one JSON object per line, or - to run as a sidecar on standard input")
    String file;

    @Option(names = "--journal", paramLabel = "DIR", description = "journal to write or continue (for FILE, default: a temporary one"
            + " removed at exit; run - needs it, or --ephemeral)")
    Path journal;

    @Mixin
    EphemeralOption ephemeral;

    @Option(names = "--resume", description = "when the journal already ends with FILE's first lines (a run that stopped at a bad"
            + " line), go on after them instead of refusing to journal them twice")
    boolean resume;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    @Mixin
    MetricsOption metrics;

    @Option(names = "--report-syncs", hidden = true, description = "at the end, print the msyncs the journal made to stderr (bench sidecar, tests)")
    boolean reportSyncs;

    @Option(names = "--trace-syncs", hidden = true, description = "after each sync, print to stderr how many answers it lets out (GroupCommitIT)")
    boolean traceSyncs;

    @Override
    public Integer call() throws IOException {
        RuleSet ruleSet = ruleSet();
        boolean sidecar = "-".equals(file);
        if (sidecar) {
            ephemeral.journal("run -", journal);
            if (resume) throw new BadInputException("--resume is for run FILE: a sidecar's host resends by seq, and what the"
                    + " journal holds is answered from it");
        } else if (journal != null && ephemeral.ephemeral) {
            ephemeral.journal("run", journal);
        }
        if (journal != null) PathOptions.folderToWrite("--journal", journal);
        InputStream in = open();
        if (resume && journal == null) throw new BadInputException("--resume needs --journal DIR: the journal a run of FILE stopped in");
        if (!sidecar && metrics.port != null) {
            throw new BadInputException("--metrics-port is for run - and serve, which run for as long as their host: a script's run is over"
                    + " before a scrape");
        }
        // a rerun is refused before the writer opens (an opening would be journaled), where a reader can read the journal
        int journaled = sidecar ? -1 : journaledBeforeOpening();
        // Never closed: standard output belongs to the caller.
        OutputStream out = new BufferedOutputStream(StandardOutput.of(), 1 << 16);
        try (in; WorkDir work = WorkDir.of(journal, "replay-cli-run"); MetricsOption.Served served = metrics.serve(work.path());
                ScriptRunner runner = new ScriptRunner(work.path(), ruleSet, sidecar)) {
            Path dir = work.path();
            ScriptLines lines = new ScriptLines(in);
            if (sidecar) {
                try {
                    new Sidecar(runner, dir, traceSyncs ? System.err : null, served.metrics()).serve(lines, out, runner.engine().openingDecisions());
                } catch (StandardOutput.Closed gone) {
                    throw hostGone(runner);
                }
                if (reportSyncs) {
                    System.err.printf(Locale.ROOT, "sidecar: %d syncs%n", runner.syncs());
                }
            } else {
                if (journaled < 0) journaled = journaledAlready(runner.engine().journal());
                print(runner.engine().openingDecisions(), out);
                String line;
                while ((line = lines.next()) != null) {
                    if (lines.number() <= journaled) continue;
                    Engine.Accepted accepted = runner.feed(lines.number(), line);
                    if (accepted != null) print(accepted.decisions(), out);
                }
            }
        } finally {
            flushUnlessGone(out);
        }
        return ExitCodes.OK;
    }

    /**
     * The number of FILE's first lines the journal already ends with, read before the writer opens;
     * -1 when a reader cannot read it (a torn tail the writer's open cuts first).
     */
    private int journaledBeforeOpening() throws IOException {
        if (journal == null || !Journal.exists(journal)) return 0;
        try (Journal reader = Journal.openReader(journal)) {
            return journaledAlready(reader);
        } catch (JournalDamagedException unreadable) {
            return -1;
        }
    }

    /**
     * The number of FILE's first lines {@code j} already ends with, which a rerun must not journal
     * again: refused, or with --resume passed over (said on stderr).
     */
    private int journaledAlready(Journal j) throws IOException {
        JournaledPrefix.Found found = JournaledPrefix.of(j, Path.of(file));
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

    /**
     * A host that closed the sidecar's standard output can be answered no more: the sidecar stops at
     * once rather than journal facts nobody will hear of, and frees the journal for the host's restart.
     */
    private static IllegalStateException hostGone(ScriptRunner runner) {
        long seq = runner.engine().lastSeq();
        return new IllegalStateException("the host closed the sidecar's standard output (a broken pipe), so the sidecar"
                + " stopped. Every fact journaled is kept (last seq " + (seq == Engine.NO_SEQ ? "none" : Long.toString(seq))
                + "): a host that resends by seq gets their answers from the journal");
    }

    /** What is left goes out; to a reader that is gone it cannot, and the error already says so. */
    private static void flushUnlessGone(OutputStream out) throws IOException {
        try {
            out.flush();
        } catch (StandardOutput.Closed gone) {
            // the work stopped at the broken pipe, saying why
        }
    }

    private static void print(List<Decision> decisions, OutputStream out) throws IOException {
        for (Decision d : decisions) out.write((EntryCodec.toJson(d) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private RuleSet ruleSet() {
        try {
            return RuleSet.parse(rules);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--rules: " + e.getMessage());
        }
    }

    private InputStream open() throws IOException {
        if ("-".equals(file)) return new FilterInputStream(System.in) {
            @Override
            public void close() {
                // standard input belongs to the caller
            }
        };
        Path path = Path.of(file);
        PathOptions.fileToRead("FILE", path);
        return Files.newInputStream(path);
    }
}
