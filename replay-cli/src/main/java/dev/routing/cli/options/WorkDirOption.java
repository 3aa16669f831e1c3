package dev.routing.cli.options;

import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --dir}, for the benchmarks: where to build their journal, or a temporary folder removed after. */
public final class WorkDirOption {
    @Option(names = "--dir", paramLabel = "DIR", description = "where to build the journal (default: a temporary directory, removed after)")
    Path dir;

    /** The folder named, or null. */
    public Path dir() {
        return dir;
    }

    /** The folder named, kept; or a temporary one named from {@code prefix}, removed when closed. */
    public WorkDir open(String prefix) throws IOException {
        return WorkDir.of(dir, prefix);
    }
}
