package dev.routing.cli;

import dev.routing.cli.audit.AuditCommand;
import dev.routing.cli.demo.DemoCommand;
import dev.routing.cli.diff.DiffCommand;
import dev.routing.cli.simulate.SimulateCommand;
import dev.routing.cli.dist.ManCommand;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: exit 0 when the work succeeded, 1 when it failed, 2 for bad usage or input. */
@Command(name = "replay-cli", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "An event-sourced prose routing engine on a Chronicle Queue journal.",
        subcommands = {DemoCommand.class, RunCommand.class, StateCommand.class, VerifyCommand.class, DumpCommand.class,
                BenchCommand.class, SimulateCommand.class, AuditCommand.class, DiffCommand.class, SalvageCommand.class, ServeCommand.class, SchemaCommand.class,
                CommandLine.HelpCommand.class, ManCommand.class, AutoComplete.GenerateCompletion.class})
public final class Main {
    static {
        Quiet.chronicle();
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        try {
            return cli().execute(args);
        } catch (InternalError e) {
            // a fault in a memory-mapped file the journal did not catch at its edge: still no stack trace
            System.err.println("error: a fault in the journal's memory-mapped files (a day file cut short, or a full"
                    + " disk): " + e.getMessage());
            return ExitCodes.FAILURE;
        }
    }

    /** The name the command is called by: the distribution's launcher says {@code routing-engine}. */
    static final String NAME = System.getProperty("routing.command", "replay-cli");

    static CommandLine cli() {
        CommandLine cli = new CommandLine(new Main());
        cli.setCommandName(NAME);
        // picocli's bash and zsh completion script, which the build writes into the distribution
        CommandLine.Model.CommandSpec completion = cli.getSubcommands().get("generate-completion").getCommandSpec();
        completion.usageMessage().hidden(true).header("Prints a bash and zsh completion script for this command.");
        completion.versionProvider(new Version());
        // the commands' descriptions are written in lines of up to 115 characters: wrapped at 80 they break mid-sentence
        cli.setUsageHelpWidth(120);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("error: " + e.getMessage());
            return e instanceof BadInputException ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE;
        });
        // The usage always follows a usage error, suggestions or not ("Did you mean ...").
        cli.setParameterExceptionHandler((e, given) -> {
            CommandLine line = e.getCommandLine();
            line.getErr().println(e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, line.getErr());
            line.usage(line.getErr());
            return ExitCodes.BAD_INPUT;
        });
        return cli;
    }
}
