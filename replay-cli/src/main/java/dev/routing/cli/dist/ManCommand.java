package dev.routing.cli.dist;

import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.Version;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Writes the man pages; the build runs it for the distribution (hidden: it is no user's work). */
@Command(name = "man", hidden = true, mixinStandardHelpOptions = true, versionProvider = Version.class,
        header = "Writes a man page for every command into a folder.")
public final class ManCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "where to write the pages")
    Path out;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PathOptions.folderToWrite("--out", out);
        CommandLine root = spec.commandLine().getParent();
        String version = root.getCommandSpec().version().length > 0 ? root.getCommandSpec().version()[0] : "";
        for (Path page : ManPages.write(root, version, out)) System.out.println(page);
        return 0;
    }
}
