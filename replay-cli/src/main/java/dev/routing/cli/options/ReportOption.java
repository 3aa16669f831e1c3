package dev.routing.cli.options;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import dev.routing.sidecar.StandardOutput;
import picocli.CommandLine.Option;

/** {@code --format} and {@code --out}, for the commands that write a report (audit, diff): its form, and a file or standard output. */
public final class ReportOption {
    private static final int BUFFER = 1 << 16;

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

    /** A report written as it is made, in UTF-8. */
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the report where {@code --out} says. */
    public void emit(String content) throws IOException {
        emit(content, out);
    }

    /** Writes the report where {@code --out} says, as it is made. */
    public void emit(Body body) throws IOException {
        emit(body, out);
    }

    public static void emit(String content, Path file) throws IOException {
        emit(o -> o.write(content.getBytes(StandardCharsets.UTF_8)), file);
    }

    /**
     * Writes to the file, or to standard output (flushed, never closed: an in-process caller keeps
     * using it). A file that cannot be written whole (a full disk) is removed, not left looking like a
     * report, and the error names it.
     */
    public static void emit(Body body, Path file) throws IOException {
        if (file == null) {
            OutputStream o = new BufferedOutputStream(StandardOutput.of(), BUFFER);
            body.writeTo(o);
            o.flush();
            return;
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), BUFFER)) {
            body.writeTo(o);
        } catch (IOException e) {
            if (Files.isRegularFile(file)) Files.deleteIfExists(file);
            if (e instanceof FileSystemException) throw e;
            throw new FileSystemException(file.toString(), null, e.getMessage() + "; nothing is left there");
        }
    }
}
