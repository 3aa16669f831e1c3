package dev.routing.cli.options;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --format} and {@code --out}, for the commands that write a report (audit, diff): its form, and a file or standard output. */
public final class ReportOption {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or json; audit writes html too (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "write the report here instead of standard output")
    Path out;

    /** The format asked for, refused unless it is one of {@code formats}. */
    public String format(String... formats) {
        if (!List.of(formats).contains(format)) {
            throw new BadInputException("--format: '" + format + "' is not one of " + String.join(", ", formats));
        }
        return format;
    }

    /** Refuses a file that cannot be written, before the report is written. */
    public void checkOut() {
        if (out != null) PathOptions.fileToWrite("--out", out);
    }

    /** Writes the report where {@code --out} says. */
    public void emit(String content) throws IOException {
        emit(content, out);
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
