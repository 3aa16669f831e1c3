package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/** Every command and subcommand answers {@code --help} and {@code --version} with exit 0. */
class HelpEverywhereTest {
    @TestFactory
    List<DynamicTest> everyCommandAnswersHelpAndVersion() {
        List<List<String>> paths = new ArrayList<>();
        walk(Main.cli(), new ArrayList<>(), paths);
        assertTrue(paths.size() >= 13, "every command is walked: " + paths);
        List<DynamicTest> tests = new ArrayList<>();
        for (List<String> path : paths) {
            tests.add(DynamicTest.dynamicTest(String.join(" ", path) + " --help", () -> {
                List<String> args = new ArrayList<>(path);
                args.add("--help");
                Cli.Result help = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
                assertTrue(help.out().startsWith("Usage: replay-cli"), () -> "prints its usage: " + help);
                args.set(args.size() - 1, "--version");
                Cli.Result version = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
                assertTrue(version.out().startsWith("replay-cli " + Version.NUMBER), () -> "prints the version: " + version);
            }));
        }
        return tests;
    }

    private static void walk(CommandLine command, List<String> path, List<List<String>> paths) {
        for (var sub : command.getSubcommands().entrySet()) {
            if (sub.getKey().equals("help")) continue;
            List<String> here = new ArrayList<>(path);
            here.add(sub.getKey());
            paths.add(here);
            walk(sub.getValue(), here, paths);
        }
    }
}
