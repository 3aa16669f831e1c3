package dev.routing.cli;

import dev.routing.cli.audit.AuditCommand;
import dev.routing.cli.audit.AuditDaysCommand;
import dev.routing.cli.bench.BenchCommand;
import dev.routing.cli.demo.DemoCommand;
import dev.routing.cli.diff.DiffCommand;
import dev.routing.cli.dist.ManCommand;
import dev.routing.cli.explain.ExplainCommand;
import dev.routing.cli.journal.DumpCommand;
import dev.routing.cli.journal.SalvageCommand;
import dev.routing.cli.journal.StateCommand;
import dev.routing.cli.journal.VerifyCommand;
import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.Version;
import dev.routing.cli.run.RunCommand;
import dev.routing.cli.schema.SchemaCommand;
import dev.routing.cli.serve.ServeCommand;
import dev.routing.cli.simulate.SimulateCommand;
import dev.routing.sidecar.StandardOutput;
import dev.routing.sidecar.lines.BadLineException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: exit 0 when the work succeeded, 1 when it failed, 2 for bad usage or input. */
@Command(name = "replay-cli", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "An event-sourced prose routing engine on a Chronicle Queue journal.")
public final class Main {
    static {
        Quiet.chronicle();
    }

    /** Every command, in the order the usage lists them. */
    private static final List<Class<?>> COMMANDS = List.of(DemoCommand.class, RunCommand.class, StateCommand.class, VerifyCommand.class,
            DumpCommand.class, BenchCommand.class, SimulateCommand.class, AuditCommand.class, AuditDaysCommand.class, DiffCommand.class,
            ExplainCommand.class, SalvageCommand.class, ServeCommand.class, SchemaCommand.class, CommandLine.HelpCommand.class,
            ManCommand.class, AutoComplete.GenerateCompletion.class);
    /** The commands that speak of the others: they need every command's model. */
    private static final List<Class<?>> ABOUT_THE_OTHERS = List.of(CommandLine.HelpCommand.class, ManCommand.class,
            AutoComplete.GenerateCompletion.class);

    public static void main(String[] args) {
        System.setOut(utf8(FileDescriptor.out));
        System.setErr(utf8(FileDescriptor.err));
        System.exit(execute(Arguments.asUtf8(args)));
    }

    /**
     * A standard stream that writes UTF-8 whatever the platform says: Java 17 writes System.out in
     * {@code sun.stdout.encoding}, else the platform's (ASCII under {@code LC_ALL=C}, so İLKER was
     * "?LKER"). Built as the JDK builds its own: a 128-byte buffer, flushed at every line.
     */
    private static PrintStream utf8(FileDescriptor fd) {
        return new PrintStream(new BufferedOutputStream(new FileOutputStream(fd), 128), true, StandardCharsets.UTF_8);
    }

    public static int execute(String... args) {
        CommandLine cli = cli(args.length == 0 ? null : args[0]);
        try {
            int exit = cli.execute(args);
            if (exit == ExitCodes.OK && StandardOutput.refused()) {
                // a command that prints with println never hears of a refused write: said here, once
                System.err.println("error: " + new StandardOutput.Closed().getMessage());
                return ExitCodes.FAILURE;
            }
            return exit;
        } catch (InternalError e) {
            // a fault in a memory-mapped file the journal did not catch at its edge: still no stack trace
            System.err.println("error: " + mappedFault(e));
            return ExitCodes.FAILURE;
        } finally {
            cli.getOut().flush();
            cli.getErr().flush();
        }
    }

    /** The command line with every command's model. */
    static CommandLine cli() {
        return cli(null);
    }

    /**
     * The command line for a run whose first argument is {@code first}: with the model of that command
     * alone when it names one that speaks of no other, else with every command's. picocli builds a
     * command's model by reflecting over its class, its options and its mixins, and every command's
     * was about 0.13 s of each short run's (a sealed day's audit in about a second).
     */
    static CommandLine cli(String first) {
        CommandLine cli = new CommandLine(new Main());
        Class<?> only = COMMANDS.stream().filter(c -> !ABOUT_THE_OTHERS.contains(c) && c.getAnnotation(Command.class).name().equals(first))
                .findFirst().orElse(null);
        for (Class<?> command : COMMANDS) if (only == null || command == only) cli.addSubcommand(command);
        cli.setCommandName(Version.COMMAND);
        CommandLine generator = cli.getSubcommands().get("generate-completion");
        if (generator != null) {
            // picocli's bash and zsh completion script, which the build writes into the distribution
            CommandLine.Model.CommandSpec completion = generator.getCommandSpec();
            completion.usageMessage().hidden(true).header("Prints a bash and zsh completion script for this command.");
            completion.versionProvider(new Version());
        }
        // picocli writes help and errors in sun.stdout.encoding, else the platform's: UTF-8 here, as everything else
        cli.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
        cli.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        // the commands' descriptions are written in lines of up to 115 characters: wrapped at 80 they break mid-sentence
        cli.setUsageHelpWidth(120);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("error: " + said(e));
            return e instanceof BadInputException || e instanceof BadLineException ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE;
        });
        // The usage always follows a usage error, and an unknown option names the nearest known one.
        cli.setParameterExceptionHandler((e, given) -> UsageErrors.handle(e));
        // picocli would say "'abc' is not a long": a number, in words a person uses
        cli.registerConverter(Long.class, value -> Long.valueOf(whole(value, Long.MIN_VALUE, Long.MAX_VALUE)));
        cli.registerConverter(Long.TYPE, value -> whole(value, Long.MIN_VALUE, Long.MAX_VALUE));
        cli.registerConverter(Integer.class, value -> Integer.valueOf((int) whole(value, Integer.MIN_VALUE, Integer.MAX_VALUE)));
        cli.registerConverter(Integer.TYPE, value -> (int) whole(value, Integer.MIN_VALUE, Integer.MAX_VALUE));
        return cli;
    }

    private static String mappedFault(InternalError e) {
        return "a fault in the journal's memory-mapped files (a day file cut short, or a full disk): " + e.getMessage();
    }

    /** An exception's message, with the path an I/O failure was about (the JDK's often give the path alone, or not at all). */
    private static String said(Exception e) {
        if (e instanceof java.io.IOException io) return PathOptions.describe(io);
        // Chronicle can wrap such a fault in its own runtime exception
        if (e.getCause() instanceof InternalError fault) return mappedFault(fault);
        if (e instanceof java.io.UncheckedIOException u && u.getCause() != null) return u.getMessage() + ": " + PathOptions.describe(u.getCause());
        // an exception that says nothing is named by its kind: "error: null" tells nobody anything
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName() + " (it gave no message)";
    }

    private static long whole(String value, long least, long most) {
        try {
            long n = Long.parseLong(value.replace("_", "").replace(",", ""));
            if (n >= least && n <= most) return n;
        } catch (NumberFormatException e) {
            // said below
        }
        String range = least == Long.MIN_VALUE ? "" : " from " + least + " to " + most;
        throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number" + range + " (e.g. 1000)");
    }
}
