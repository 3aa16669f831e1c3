package dev.routing.cli.journal;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;

import dev.routing.engine.Verify;
import dev.routing.journal.store.Journal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "verify", header = "Checks a journal against itself and exits 1 naming the first divergence.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Re-decides every fact and compares with the decisions recorded, checks every checkpoint",
        "against the fold before it, and compares the full replay with the restore from the newest",
        "checkpoint byte for byte."})
public final class VerifyCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Override
    public Integer call() {
        try (Journal j = journal.reader()) {
            Progress progress = new Progress("verify", 0);
            Verify.Report report = Verify.run(j, progress);
            progress.done();
            if (!report.ok()) {
                System.err.println("diverged: " + report.divergence());
                return ExitCodes.FAILURE;
            }
            List<String> seals = j.sealProblems();
            if (!seals.isEmpty()) {
                for (String s : seals) System.err.println("diverged: " + s);
                return ExitCodes.FAILURE;
            }
            System.out.printf(Locale.ROOT, "ok: %d entries, %d facts re-decided, %d checkpoints, replays agree%n",
                    report.entries(), report.facts(), report.checkpoints());
        }
        return ExitCodes.OK;
    }
}
