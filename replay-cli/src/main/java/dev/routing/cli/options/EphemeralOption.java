package dev.routing.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --ephemeral}, for the sidecars ({@code run -}, {@code serve}): a sidecar's journal is its
 * host's record of every fact and decision, and what a restart continues, so it is named with
 * {@code --journal}; a throwaway one, removed at exit, only when asked for.
 */
public final class EphemeralOption {
    @Option(names = "--ephemeral", description = "journal into a temporary folder removed at exit, instead of --journal: for a try-out")
    boolean ephemeral;

    /** Whether a throwaway journal was asked for. */
    public boolean ephemeral() {
        return ephemeral;
    }

    /**
     * {@code journal}, when named; null for a throwaway one (asked for with --ephemeral).
     *
     * @throws BadInputException when neither or both are given
     */
    public Path journal(String command, Path journal) {
        if (journal != null && ephemeral) {
            throw new BadInputException(command + ": --journal and --ephemeral both given: choose one (--ephemeral journals"
                    + " into a temporary folder removed at exit)");
        }
        if (journal == null && !ephemeral) {
            throw new BadInputException(command + " needs --journal DIR: the journal is the host's record of every fact and"
                    + " decision, and what a restart continues. For a try-out whose journal is removed at exit, give --ephemeral");
        }
        return journal;
    }
}
