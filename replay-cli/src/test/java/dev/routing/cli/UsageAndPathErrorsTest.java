package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * A command line a person mistyped is answered in that person's words: an unknown option names
 * itself and the nearest known one (on every command), a number option given words says it takes a
 * whole number, and a path that is missing, a file where a folder belongs (or the reverse), or in a
 * place that cannot be written is named with its option. Exit 2, nothing on stdout, nothing made.
 */
class UsageAndPathErrorsTest {
    @TempDir
    Path tmp;

    @Test
    void auditJounralNamesTheOptionAndTheNearestKnownOne() {
        Cli.Result run = Cli.run("audit", "--jounral", "week/").exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: replay-cli audit: unknown option '--jounral': did you mean --journal?\n"), run::toString);
        assertFalse(run.err().contains("Missing required option"), () -> "the slip is the answer, not the option it left out: " + run);
        assertEquals("", run.out());
    }

    @TestFactory
    List<DynamicTest> everyCommandNamesAnUnknownOptionAndTheNearestKnownOne() {
        List<DynamicTest> tests = new ArrayList<>();
        walk(Main.cli(), new ArrayList<>(), (path, option) -> tests.add(DynamicTest.dynamicTest(String.join(" ", path) + " " + option, () -> {
            String slip = swapped(option);
            List<String> args = new ArrayList<>(path);
            args.add(slip);
            args.add("x");
            Cli.Result run = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.BAD_INPUT);
            assertTrue(run.err().startsWith("error: replay-cli " + String.join(" ", path) + ": unknown option '" + slip
                    + "': did you mean " + option + "?\n"), run::toString);
            assertTrue(run.err().contains("Usage:"), () -> "the usage follows: " + run);
            assertEquals("", run.out());
        })));
        assertTrue(tests.size() >= 20, "every command's options: " + tests.size());
        return tests;
    }

    @Test
    void anOptionNothingLikeAnyKnownOneListsTheOptions() {
        Cli.Result run = Cli.run("state", "--xyzzy").exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: replay-cli state: unknown option '--xyzzy': the options are --journal, --at, --agent"), run::toString);
    }

    @Test
    void aMisspelledCommandNamesTheNearestCommand() {
        Cli.Result run = Cli.run("stat", "--journal", "x").exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: replay-cli: unknown command 'stat': did you mean state?"), run::toString);
    }

    @Test
    void aNumberOptionGivenWordsSaysItTakesAWholeNumber() {
        Cli.Result run = Cli.run("bench", "--events", "many").exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: Invalid value for option '--events': 'many' is not a whole number (e.g. 1000)"), run::toString);
        assertFalse(run.err().contains("long"), () -> "no Java type: " + run);
    }

    @Test
    void aFileWhereAFolderBelongsIsNamedWithItsOption() throws IOException {
        Path file = Files.writeString(tmp.resolve("week.jsonl"), "");
        String f = file.toString();
        for (String[] args : List.of(
                new String[] {"run", f, "--journal", f},
                new String[] {"run", "-", "--journal", f},
                new String[] {"serve", "--socket", tmp.resolve("s.sock").toString(), "--journal", f},
                new String[] {"simulate", "--journal", f},
                new String[] {"salvage", "--journal", tmp.toString(), "--to", f},
                new String[] {"schema", "--out", f},
                new String[] {"demo", "--dir", f})) {
            Cli.Result run = Cli.withStdin("", args).exits(ExitCodes.BAD_INPUT);
            String option = args[args.length - 2];
            assertTrue(run.err().contains(option + " " + f + ": a file, not a folder"), run::toString);
            assertEquals("", run.out(), run::toString);
        }
        for (String command : List.of("state", "verify", "dump", "audit", "salvage")) {
            List<String> args = new ArrayList<>(List.of(command, "--journal", f));
            if (command.equals("salvage")) args.addAll(List.of("--to", tmp.resolve("copy").toString()));
            Cli.Result run = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.BAD_INPUT);
            assertTrue(run.err().contains("no journal at " + f + ": a file, not a folder"), run::toString);
        }
        assertEquals(0, Files.size(file), "the file is left as it was");
    }

    @Test
    void aFolderWhereAFileBelongsIsNamedWithItsOption() throws IOException {
        Path journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("ok.jsonl"), List.of(Facts.channel(1, "work"))).toString(), "--journal", journal.toString())
                .exits(ExitCodes.OK);
        Path folder = Files.createDirectory(tmp.resolve("folder"));

        Cli.Result script = Cli.run("run", folder.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(script.err().contains("FILE " + folder + ": a folder, not a file"), script::toString);
        for (String command : List.of("audit", "diff")) {
            List<String> args = new ArrayList<>(List.of(command, "--journal", journal.toString(), "--out", folder.toString()));
            if (command.equals("diff")) args.addAll(List.of("--rules", "current"));
            Cli.Result run = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.BAD_INPUT);
            assertTrue(run.err().contains("--out " + folder + ": a folder, not a file"), run::toString);
        }
    }

    @Test
    void aMissingFolderIsNamed() {
        Path missing = tmp.resolve("no-such-folder");

        Cli.Result serve = Cli.run("serve", "--journal", tmp.resolve("journal").toString(), "--socket", missing.resolve("engine.sock").toString())
                .exits(ExitCodes.BAD_INPUT);
        assertTrue(serve.err().contains("--socket " + missing.resolve("engine.sock") + ": no folder " + missing + " to put it in"), serve::toString);
        assertFalse(Files.exists(tmp.resolve("journal")), "no journal is made for a socket that cannot be");
        Cli.Result state = Cli.run("state", "--journal", missing.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(state.err().contains("no journal at " + missing + ": no such folder"), state::toString);
    }

    @Test
    void aFolderThatCannotBeWrittenIsNamed() throws IOException {
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        Mounts.mount("-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro.toString());
        try {
            for (String[] args : List.of(
                    new String[] {"run", "-", "--journal", ro.resolve("journal").toString()},
                    new String[] {"serve", "--journal", tmp.resolve("j").toString(), "--socket", ro.resolve("engine.sock").toString()},
                    new String[] {"simulate", "--journal", ro.resolve("week").toString()},
                    new String[] {"schema", "--out", ro.resolve("schema").toString()})) {
                Cli.Result run = Cli.withStdin("", args).exits(ExitCodes.BAD_INPUT);
                assertTrue(run.err().contains("the folder " + ro + " cannot be written (a read-only file system)"), run::toString);
            }
        } finally {
            Mounts.umount(ro);
        }
    }

    @Test
    void aWindowThatEndsBeforeItStartsIsRefused() {
        Path journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("ok.jsonl"), List.of(Facts.channel(1, "work"))).toString(), "--journal", journal.toString())
                .exits(ExitCodes.OK);

        for (String command : List.of("audit", "dump")) {
            Cli.Result run = Cli.run(command, "--journal", journal.toString(), "--from", "2026-11-05T00:00:00Z", "--to", "2026-11-01T00:00:00Z")
                    .exits(ExitCodes.BAD_INPUT);
            assertTrue(run.err().contains("--from 2026-11-05T00:00:00Z is after --to 2026-11-01T00:00:00Z: the window ends before it starts"),
                    run::toString);
            assertEquals("", run.out());
        }
    }

    @Test
    void stateOfAnAgentTheJournalDoesNotKnowSaysSo() {
        Path journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("ok.jsonl"), List.of(Facts.channel(1, "work"), Facts.agent(2, "qa"))).toString(),
                "--journal", journal.toString()).exits(ExitCodes.OK);

        Cli.Result nobody = Cli.run("state", "--journal", journal.toString(), "--agent", "nobody").exits(ExitCodes.BAD_INPUT);
        assertTrue(nobody.err().contains("--agent: no agent 'nobody' in this journal"), nobody::toString);
        assertEquals("", nobody.out());
        Cli.Result qa = Cli.run("state", "--journal", journal.toString(), "--agent", "qa").exits(ExitCodes.OK);
        assertTrue(qa.tree().path("roster").path("agents").has("qa"), qa::toString);
    }

    @Test
    void theAuditOfAJournalWithNothingDecidedSaysSoNotUnderBlankRules() {
        Path journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("empty.jsonl"), List.of()).toString(), "--journal", journal.toString()).exits(ExitCodes.OK);

        Cli.Result audit = Cli.run("audit", "--journal", journal.toString(), "--to", "1970-01-01T00:00:01Z").exits(ExitCodes.OK);

        assertFalse(audit.out().contains("under  rules"), audit::toString);
        assertTrue(audit.out().lines().findFirst().orElse("").endsWith("in which nothing was decided"), audit::toString);
    }

    /** Each visible long option of every command, with the command's path. */
    private static void walk(CommandLine command, List<String> path, java.util.function.BiConsumer<List<String>, String> each) {
        for (var sub : command.getSubcommands().entrySet()) {
            if (sub.getKey().equals("help")) continue;
            List<String> here = new ArrayList<>(path);
            here.add(sub.getKey());
            for (OptionSpec option : sub.getValue().getCommandSpec().options()) {
                String name = option.longestName();
                if (!option.hidden() && name.length() >= 7 && !name.equals("--version")) each.accept(here, name);
            }
            walk(sub.getValue(), here, each);
        }
    }

    /** The option with two of its letters swapped, a slip of the fingers: --journal becomes --jouranl. */
    private static String swapped(String option) {
        char[] c = option.toCharArray();
        int i = c.length - 3;
        while (c[i] == c[i + 1]) i--;
        char t = c[i];
        c[i] = c[i + 1];
        c[i + 1] = t;
        return new String(c);
    }
}
