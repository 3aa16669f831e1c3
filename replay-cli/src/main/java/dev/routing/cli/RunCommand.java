package dev.routing.cli;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Feeds a script of facts to the engine and prints each decision as a JSON line.",
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

    @Option(names = "--journal", paramLabel = "DIR", description = "journal to write or continue (default: a fresh temporary one)")
    Path journal;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    @Option(names = "--report-syncs", hidden = true, description = "at the end, print the msyncs the journal made to stderr (bench sidecar, tests)")
    boolean reportSyncs;

    @Option(names = "--trace-syncs", hidden = true, description = "after each sync, print to stderr how many answers it lets out (GroupCommitIT)")
    boolean traceSyncs;

    @Override
    public Integer call() throws IOException {
        RuleSet ruleSet = ruleSet();
        boolean sidecar = "-".equals(file);
        InputStream in = open();
        // Through System.out, not its file descriptor: a caller of Main.execute that redirects
        // System.out gets the decisions. Never closed.
        OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
        try (in; WorkDir work = WorkDir.of(journal, "replay-cli-run"); ScriptRunner runner = new ScriptRunner(work.path(), ruleSet, sidecar)) {
            Path dir = work.path();
            ScriptLines lines = new ScriptLines(in);
            if (sidecar) {
                new Sidecar(runner, dir, traceSyncs ? System.err : null).serve(lines, out, runner.engine().openingDecisions());
                if (reportSyncs) {
                    System.err.printf(Locale.ROOT, "sidecar: %d syncs%n", runner.syncs());
                }
            } else {
                print(runner.engine().openingDecisions(), out);
                String line;
                while ((line = lines.next()) != null) {
                    Engine.Accepted accepted = runner.feed(lines.number(), line);
                    if (accepted != null) print(accepted.decisions(), out);
                }
            }
        } finally {
            out.flush();
        }
        return ExitCodes.OK;
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
        if (!Files.isRegularFile(path)) throw new BadInputException("no such file: " + file);
        return Files.newInputStream(path);
    }
}
