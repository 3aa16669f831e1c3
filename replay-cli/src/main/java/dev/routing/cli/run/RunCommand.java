package dev.routing.cli.run;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.EphemeralOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.MetricsOption;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.RulesOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.sidecar.HostSession;
import dev.routing.sidecar.Sidecar;
import dev.routing.sidecar.StandardOutput;
import dev.routing.sidecar.lines.LineReader;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", header = "Decides a script of facts (FILE), or runs as a sidecar on standard input and output (-).", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "FILE holds one fact per line. A malformed line (bad JSON, a bad field, bytes that are not UTF-8, a fact",
        "too large, an agent, channel, server or wake id over 10,000 characters) exits 2 naming the line and",
        "field, after journaling nothing for it.",
        "- runs as a sidecar (docs/sidecar.md): a sidecar.ready line first, then each line answered with its",
        "decisions and a fact.accepted, or a fact.rejected naming the line and field (the sidecar reads on);",
        "the facts waiting on standard input are synced once, before any of their answers is written.",
        "A fact may carry seq, the host's increasing number for it: a seq already journaled is answered from",
        "the journal, not decided again. A damaged journal is refused: see salvage."})
public final class RunCommand implements Callable<Integer> {
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

    @Mixin
    RulesOption rules;

    @Mixin
    MetricsOption metrics;

    @Option(names = "--report-syncs", hidden = true, description = "at the end, print the msyncs the journal made to stderr (bench sidecar, tests)")
    boolean reportSyncs;

    @Option(names = "--trace-syncs", hidden = true, description = "after each sync, print to stderr how many answers it lets out (GroupCommitIT)")
    boolean traceSyncs;

    @Override
    public Integer call() throws IOException {
        RuleSet ruleSet = rules.ruleSet();
        boolean sidecar = "-".equals(file);
        if (sidecar) {
            ephemeral.journal("run -", journal);
            if (resume) throw new BadInputException("--resume is for run FILE: a sidecar's host resends by seq, and what the"
                    + " journal holds is answered from it");
        } else if (journal != null && ephemeral.ephemeral()) {
            ephemeral.journal("run", journal);
        }
        if (journal != null) PathOptions.folderToWrite("--journal", journal);
        InputStream in = open();
        if (resume && journal == null) throw new BadInputException("--resume needs --journal DIR: the journal a run of FILE stopped in");
        if (!sidecar && metrics.asked()) {
            throw new BadInputException("--metrics-port is for run - and serve, which run for as long as their host: a script's run is over"
                    + " before a scrape");
        }
        ScriptRunner script = sidecar ? null : new ScriptRunner(file, journal, resume);
        // a rerun is refused before the writer opens (an opening would be journaled), where a reader can read the journal
        int journaled = sidecar ? -1 : script.journaledBeforeOpening();
        // Never closed: standard output belongs to the caller.
        OutputStream out = new BufferedOutputStream(StandardOutput.of(), 1 << 16);
        try (in; WorkDir work = WorkDir.of(journal, "replay-cli-run"); MetricsOption.Served served = metrics.serve(work.path());
                HostSession session = new HostSession(work.path(), ruleSet, sidecar, JournalOption::tell, journal != null)) {
            LineReader lines = new LineReader(in);
            if (sidecar) {
                try {
                    new Sidecar(session, Version.NUMBER, served.metrics(), traceSyncs ? System.err : null).serve(lines, out,
                            session.engine().openingDecisions());
                } catch (StandardOutput.Closed gone) {
                    throw hostGone(session);
                }
                if (reportSyncs) {
                    System.err.printf(Locale.ROOT, "sidecar: %d syncs%n", session.syncs());
                }
            } else {
                script.run(session, lines, out, journaled);
            }
        } finally {
            flushUnlessGone(out);
        }
        return ExitCodes.OK;
    }

    /**
     * A host that closed the sidecar's standard output can be answered no more: the sidecar stops at
     * once rather than journal facts nobody will hear of, and frees the journal for the host's restart.
     */
    private static IllegalStateException hostGone(HostSession session) {
        long seq = session.engine().lastSeq();
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
