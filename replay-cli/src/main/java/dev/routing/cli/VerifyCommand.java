package dev.routing.cli;

import dev.routing.engine.Verify;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "verify", header = "Checks a journal against itself and exits 1 naming the first divergence.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Re-decides every fact and compares with the decisions recorded, checks every checkpoint",
        "against the fold before it, and compares the full replay with the restore from the newest",
        "checkpoint byte for byte."})
final class VerifyCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "the journal")
    Path journal;

    @Override
    public Integer call() {
        try (Journal j = JournalOption.reader(journal)) {
            Progress progress = new Progress("verify", 0);
            Verify.Report report = Verify.run(j, progress);
            progress.done();
            if (!report.ok()) {
                System.err.println("diverged: " + report.divergence());
                return ExitCodes.FAILURE;
            }
            System.out.printf(Locale.ROOT, "ok: %d entries, %d facts re-decided, %d checkpoints, replays agree%n",
                    report.entries(), report.facts(), report.checkpoints());
        }
        return ExitCodes.OK;
    }
}
