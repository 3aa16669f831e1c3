package dev.routing.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: exit 0 when the work succeeded, 1 when it failed, 2 for bad usage or input. */
@Command(name = "replay-cli", mixinStandardHelpOptions = true, version = "replay-cli 0.1.0",
        description = "An event-sourced prose routing engine on a Chronicle Queue journal.",
        subcommands = {RunCommand.class, StateCommand.class, VerifyCommand.class, DumpCommand.class,
                BenchCommand.class, CommandLine.HelpCommand.class})
public final class Main {
    static {
        Quiet.chronicle();
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("error: " + e.getMessage());
            return e instanceof BadInputException ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE;
        });
        return cli.execute(args);
    }
}
