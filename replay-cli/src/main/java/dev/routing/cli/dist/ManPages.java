package dev.routing.cli.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A man page (roff, section 1) for every command and subcommand, written from picocli's model of
 * them, so the pages say what {@code --help} says. picocli's own generator writes AsciiDoc, which
 * would need Asciidoctor on the build's path to become a page {@code man} reads.
 */
public final class ManPages {
    private ManPages() {}

    /** Writes {@code NAME.1}, {@code NAME-run.1}, {@code NAME-bench-audit.1}, ... into {@code dir}; returns the files. */
    public static List<Path> write(CommandLine root, String version, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        write(root, root.getCommandName(), version, dir, written);
        return written;
    }

    private static void write(CommandLine command, String fullName, String version, Path dir, List<Path> written) throws IOException {
        Path file = dir.resolve(fullName + ".1");
        Files.writeString(file, page(command, fullName, version), StandardCharsets.UTF_8);
        written.add(file);
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getValue().getCommandSpec().usageMessage().hidden() || sub.getKey().equals("help")) continue;
            write(sub.getValue(), fullName + "-" + sub.getKey(), version, dir, written);
        }
    }

    static String page(CommandLine command, String fullName, String version) {
        CommandSpec spec = command.getCommandSpec();
        StringBuilder roff = new StringBuilder();
        roff.append(".TH ").append(fullName.toUpperCase(Locale.ROOT)).append(" 1 \"\" \"").append(escape(version))
                .append("\" \"User Commands\"\n");
        roff.append(".SH NAME\n").append(escape(fullName)).append(" \\- ").append(escape(summary(spec))).append('\n');
        CommandLine.Help help = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        roff.append(".SH SYNOPSIS\n.nf\n").append(escape(help.synopsis(0).strip())).append("\n.fi\n");
        String[] description = spec.usageMessage().description();
        if (description.length > 0) {
            roff.append(".SH DESCRIPTION\n").append(escape(String.join(" ", description).strip())).append('\n');
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
        if (!positionals.isEmpty() || !options.isEmpty()) roff.append(".SH OPTIONS\n");
        for (PositionalParamSpec p : positionals) {
            roff.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n")
                    .append(escape(String.join(" ", p.description()))).append('\n');
        }
        for (OptionSpec o : options) {
            roff.append(".TP\n");
            List<String> names = new ArrayList<>();
            for (String name : o.names()) names.add("\\fB" + escape(name) + "\\fR");
            roff.append(String.join(", ", names));
            if (o.arity().max() > 0) roff.append("=\\fI").append(escape(o.paramLabel())).append("\\fR");
            roff.append('\n').append(escape(String.join(" ", o.description()).replace("${DEFAULT-VALUE}",
                    String.valueOf(o.defaultValue())))).append('\n');
        }
        List<Map.Entry<String, CommandLine>> subs = command.getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden() && !e.getKey().equals("help")).toList();
        if (!subs.isEmpty()) {
            roff.append(".SH COMMANDS\n");
            for (Map.Entry<String, CommandLine> sub : subs) {
                roff.append(".TP\n\\fB").append(escape(sub.getKey())).append("\\fR\n")
                        .append(escape(summary(sub.getValue().getCommandSpec()))).append('\n');
            }
            roff.append(".SH SEE ALSO\n");
            List<String> see = new ArrayList<>();
            for (Map.Entry<String, CommandLine> sub : subs) see.add("\\fB" + escape(fullName + "-" + sub.getKey()) + "\\fR(1)");
            roff.append(String.join(", ", see)).append('\n');
        }
        return roff.toString();
    }

    /** The command's one-line summary: its header, or its description's first line. */
    private static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        if (header.length > 0) return header[0];
        String[] description = spec.usageMessage().description();
        return description.length > 0 ? description[0] : "";
    }

    /** Text as roff reads it literally: backslashes doubled, hyphens and a leading dot or quote escaped. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        boolean lineStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (lineStart && (c == '.' || c == '\'')) out.append("\\&");
            if (c == '\\') out.append("\\e");
            else if (c == '-') out.append("\\-");
            else out.append(c);
            lineStart = c == '\n';
        }
        return out.toString();
    }
}
