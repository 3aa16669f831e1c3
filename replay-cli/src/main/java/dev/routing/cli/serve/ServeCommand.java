package dev.routing.cli.serve;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.EphemeralOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.MetricsOption;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.RulesOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.engine.context.RuleSet;
import dev.routing.sidecar.HostSession;
import dev.routing.sidecar.Sidecar;
import dev.routing.sidecar.socket.SocketServer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "serve", header = "Runs the sidecar on a Unix domain socket, for one client at a time.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Runs the sidecar (docs/sidecar.md) on a Unix domain socket: one client at a time, a new connection",
        "closing the one before; each connection gets a sidecar.ready line, then an answer to every line it",
        "sends, exactly as run - does on standard input. The engine and its journal outlive every client.",
        "A socket file left at PATH is replaced; any other file there is refused. Stops on SIGTERM or SIGINT."})
public final class ServeCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", description = "journal to write or continue (required, or --ephemeral)")
    Path journal;

    @Mixin
    EphemeralOption ephemeral;

    @Option(names = "--socket", paramLabel = "PATH", required = true, description = "where to listen (e.g. DATA_DIR/engine.sock)")
    Path socket;

    @Mixin
    MetricsOption metrics;

    @Mixin
    RulesOption rules;

    @Override
    public Integer call() throws Exception {
        RuleSet ruleSet = rules.ruleSet();
        ephemeral.journal("serve", journal);
        if (journal != null) PathOptions.folderToWrite("--journal", journal);
        PathOptions.inExistingFolder("--socket", socket);
        SocketServer server = new SocketServer(socket);
        // This thread opens the engine and serves every connection: the journal's appender belongs to it.
        try (WorkDir work = WorkDir.of(journal, "replay-cli-serve"); MetricsOption.Served served = metrics.serve(work.path());
                HostSession session = new HostSession(work.path(), ruleSet, true, JournalOption::tell, journal != null)) {
            try {
                server.replaceLeftover();
            } catch (FileAlreadyExistsException there) {
                throw new BadInputException("--socket " + socket + ": " + there.getReason());
            }
            server.serve(new Sidecar(session, Version.NUMBER, served.metrics(), null), session.engine().openingDecisions());
        } finally {
            server.closed();
        }
        return ExitCodes.OK;
    }
}
