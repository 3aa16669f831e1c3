package dev.routing.cli.audit;

import dev.routing.cli.BadInputException;
import dev.routing.cli.ExitCodes;
import dev.routing.cli.JournalOption;
import dev.routing.cli.Progress;
import dev.routing.cli.Version;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "audit", header = "Audits a window of the journal: turns, publications, drafts, refusals and leaks.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Per agent: its turns (private or not, and why), every publication (channel, via, outcome), drafts",
        "held, resent, dismissed and let go, unknown outcomes, refusals, and findings: plain speech of a turn",
        "that had taken in private input, published to a channel nobody named, each with the facts that made",
        "it one. Replays from the checkpoint before --from, not from the start."})
public final class AuditCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "the journal")
    Path journal;

    @Option(names = "--from", paramLabel = "INSTANT", description = "the window's first instant, inclusive (default: the journal's start)")
    String from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "the window's end, exclusive (default: the journal's end)")
    String to;

    @Option(names = "--agent", paramLabel = "AGENT", description = "report only this agent")
    String agent;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or html (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "write the report here instead of standard output")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (!java.util.List.of("text", "json", "html").contains(format)) {
            throw new BadInputException("--format: '" + format + "' is not one of text, json, html");
        }
        Instant start = JournalOption.instant("--from", from);
        Instant end = JournalOption.instant("--to", to);
        AuditReport report;
        FindingsWhy why;
        try (Journal j = JournalOption.reader(journal)) {
            long all = start == null && end == null ? j.entryCount() : 0;
            Progress progress = new Progress("audit", all);
            report = AuditWindow.run(j, start, end, agent, progress);
            progress.done();
            // the text and JSON reports say why each finding's publication was made, as explain does
            why = "html".equals(format) || report.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, report);
        }
        if (agent != null && report.agents().isEmpty()) throw new BadInputException("--agent: no agent '" + agent + "' in this journal");
        emit(render(report, format, why), out);
        return ExitCodes.OK;
    }

    static String render(AuditReport report, String format, FindingsWhy why) {
        return switch (format) {
            case "json" -> JsonReport.write(report, why);
            case "html" -> HtmlReport.write(report, null);
            default -> {
                StringWriter text = new StringWriter();
                TextReport.write(report, why, new PrintWriter(text));
                yield text.toString();
            }
        };
    }

    /** Writes to the file, or to standard output (flushed, never closed: an in-process caller keeps using it). */
    public static void emit(String content, Path file) throws IOException {
        if (file != null) {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return;
        }
        OutputStreamWriter w = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        w.write(content);
        w.flush();
    }
}
