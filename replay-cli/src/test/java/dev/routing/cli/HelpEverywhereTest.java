package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Every command and subcommand answers {@code --help} and {@code --version} with exit 0; its help
 * opens with a whole sentence (the line the command list shows), in users' words, and its version
 * names the commit and the build's time.
 */
class HelpEverywhereTest {
    /** Our own bookkeeping, which means nothing to a user: issue numbers and RULES ids. */
    private static final Pattern WORDS_FOR_US = Pattern.compile("\\bissue \\d+|\\([PMDOTJ]\\d+\\)");

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
                assertTrue(help.out().contains("Usage: replay-cli"), () -> "prints its usage: " + help);
                String summary = help.out().substring(0, help.out().indexOf("Usage: replay-cli"));
                assertTrue(summary.endsWith(".\n") && summary.length() <= 121, () -> "a one-line summary, a whole sentence: " + summary);
                assertFalse(WORDS_FOR_US.matcher(help.out()).find(), () -> "no issue numbers or rule ids: " + help);
                args.set(args.size() - 1, "--version");
                Cli.Result version = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
                assertTrue(version.out().startsWith("replay-cli " + Version.NUMBER + "\ncommit ") && version.out().contains("\nbuilt "),
                        () -> "prints the version, its commit and build time: " + version);
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
