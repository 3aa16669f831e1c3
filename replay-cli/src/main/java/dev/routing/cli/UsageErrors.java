package dev.routing.cli;

import dev.routing.cli.options.ExitCodes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command line picocli could not take, said as a person would want it: an unknown option names
 * itself and the nearest known one ({@code audit: unknown option '--jounral': did you mean
 * --journal?}), before anything it made go missing (picocli would say only that {@code --journal} is
 * missing); an unknown command names the nearest command. The usage follows; exit 2.
 */
final class UsageErrors {
    private UsageErrors() {}

    static int handle(CommandLine.ParameterException e) {
        CommandLine line = e.getCommandLine();
        PrintWriter err = line.getErr();
        List<String> unknown = unknownOptions(line);
        String command = line.getCommandSpec().qualifiedName(" ");
        String given = unknownCommand(line);
        if (given != null) {
            String near = nearest(given, new ArrayList<>(line.getSubcommands().keySet()));
            err.println("error: " + command + ": unknown command '" + given + "'" + (near == null ? "" : ": did you mean " + near + "?"));
        } else if (!unknown.isEmpty()) {
            for (String option : unknown) err.println("error: " + command + ": unknown option '" + option + "'" + nearestOption(line, option));
        } else {
            err.println("error: " + e.getMessage());
        }
        line.usage(err);
        return ExitCodes.BAD_INPUT;
    }

    /** The arguments that look like options this command does not have (a negative number is a value). */
    private static List<String> unknownOptions(CommandLine line) {
        List<String> unknown = new ArrayList<>();
        for (String arg : line.getUnmatchedArguments()) {
            if (!arg.startsWith("-") || arg.equals("-") || arg.matches("-[0-9.]+")) continue;
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (line.getCommandSpec().findOption(name) == null) unknown.add(name);
        }
        return unknown;
    }

    /** The first unmatched argument of a command that has subcommands, when it is no option: a command misspelled. */
    private static String unknownCommand(CommandLine line) {
        List<String> unmatched = line.getUnmatchedArguments();
        if (line.getSubcommands().isEmpty() || unmatched.isEmpty() || unmatched.get(0).startsWith("-")) return null;
        return unmatched.get(0);
    }

    private static String nearestOption(CommandLine line, String given) {
        List<String> names = new ArrayList<>();
        for (OptionSpec option : line.getCommandSpec().options()) {
            if (!option.hidden()) names.addAll(List.of(option.names()));
        }
        String near = nearest(given, names);
        return near != null ? ": did you mean " + near + "?" : ": the options are " + String.join(", ", longNames(line));
    }

    private static List<String> longNames(CommandLine line) {
        List<String> names = new ArrayList<>();
        for (OptionSpec option : line.getCommandSpec().options()) {
            if (!option.hidden()) names.add(option.longestName());
        }
        return names;
    }

    /** The candidate fewest edits away (a swap of two letters is one), if it is near enough to be a slip. */
    static String nearest(String given, List<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(given, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int core = given.replaceFirst("^-+", "").length();
        return bestDistance <= Math.max(2, core / 3) ? best : null;
    }

    /** Edits (insert, delete, replace, swap two neighbours) from {@code a} to {@code b}. */
    private static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
