package dev.routing.cli.journal;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.Version;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.Salvage;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "salvage", header = "Copies a damaged journal's whole entries, up to its damage, into a new journal.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "The entries keep their indexes; the new journal verifies and can be continued with run. The damaged",
        "journal is only read. Prints what was copied and where the copy stopped, and why."})
public final class SalvageCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "the damaged journal (only read)")
    Path journal;

    @Option(names = "--to", paramLabel = "NEW_DIR", required = true, description = "where to write the new journal (must hold nothing yet)")
    Path to;

    @Override
    public Integer call() {
        PathOptions.folderToWrite("--to", to);
        JournalOption.mustExist(journal);
        Salvage.Report report;
        try {
            report = Salvage.copy(journal, to);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        System.out.printf(Locale.ROOT, "salvaged %,d entries in %,d excerpts into %s, through index 0x%s%n", report.entries(),
                report.excerpts(), to, Long.toHexString(report.lastIndex()));
        System.out.println(report.stoppedAt() == null ? "the whole journal was whole: nothing was left behind"
                : "stopped at the damage, leaving everything from it on behind: " + report.stoppedAt());
        return ExitCodes.OK;
    }
}
