package dev.routing.cli;

import dev.routing.engine.RuleSet;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", description = {
        "Feeds a script of facts to the engine and prints each decision as a JSON line.",
        "FILE holds one fact per line (- reads standard input and answers each fact at once).",
        "A malformed line (bad JSON, a bad field, bytes that are not UTF-8, a fact too large) exits 2 naming",
        "the line and field, after journaling nothing for it. A damaged journal is refused: see salvage."})
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "facts, one JSON object per line, or - to read standard input")
    String file;

    @Option(names = "--journal", paramLabel = "DIR", description = "journal to write or continue (default: a fresh temporary one)")
    Path journal;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    @Override
    public Integer call() throws IOException {
        RuleSet ruleSet = ruleSet();
        Path dir = journal != null ? journal : Files.createTempDirectory("replay-cli-run");
        // Through System.out, not its file descriptor: a caller of Main.execute that redirects
        // System.out gets the decisions. Buffered here, flushed per fact for -, never closed.
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, StandardCharsets.UTF_8);
        try (InputStream in = open();
                ScriptRunner runner = new ScriptRunner(dir, ruleSet, out, "-".equals(file))) {
            ScriptLines lines = new ScriptLines(in);
            String line;
            while ((line = lines.next()) != null) runner.feed(lines.number(), line);
        } finally {
            out.flush();
            if (journal == null) deleteQuietly(dir);
        }
        return ExitCodes.OK;
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

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary journal left behind is harmless
        }
    }
}
