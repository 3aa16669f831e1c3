package dev.routing.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LayeringTest's rule-package rules, read from the sources. ArchUnit reads bytecode, where javac has
 * inlined every constant: a rule package that imported journal.store only for a constant (as
 * drafts did for {@code Journal.FACT_LIMIT}) leaves no trace there, yet its source still reaches
 * into the store. So the imports and the qualified names of the code are checked too.
 */
class RulePackageSourcesTest {
    /** What a rule package may not name, as LayeringTest's rules forbid it. */
    static final List<String> FORBIDDEN = List.of("dev.routing.journal.store.", "java.io.", "java.nio.file.",
            "java.time.Clock", "java.time.InstantSource");
    private static final Path ENGINE_SOURCES = Path.of("..", "engine", "src", "main", "java");
    private static final Pattern NAME = Pattern.compile("\\b(?:dev|java)(?:\\.\\w+)+");

    @Test
    void rulePackagesNameNoStoreNoFileAndNoClockInTheirSources() {
        assertTrue(Files.isDirectory(ENGINE_SOURCES), () -> "engine's sources are not at " + ENGINE_SOURCES.toAbsolutePath());
        assertEquals(List.of(), violations(ENGINE_SOURCES, LayeringTest.RULE_PACKAGES));
    }

    /**
     * A decision's words are the same on every machine: a rule package ends a line with \n, never
     * with {@code %n} (the platform's line separator), which a format would write as \r\n elsewhere.
     */
    @Test
    void rulePackagesEndTheirWordsLinesWithNewlineNotThePlatforms() throws IOException {
        List<String> found = new ArrayList<>();
        for (String pkg : LayeringTest.RULE_PACKAGES) {
            Path dir = ENGINE_SOURCES.resolve(pkg.replace("..", "").replace('.', '/'));
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    String[] lines = Files.readString(file).split("\n", -1);
                    for (int i = 0; i < lines.length; i++) {
                        if (lines[i].contains("%n") || lines[i].contains("lineSeparator")) found.add(file.getFileName() + ":" + (i + 1));
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void aRulePackageSourceThatImportsTheStoreForAConstantIsCaught(@TempDir Path sources) throws IOException {
        Path drafts = Files.createDirectories(sources.resolve("dev/routing/engine/drafts"));
        Files.writeString(drafts.resolve("Inlined.java"), """
                package dev.routing.engine.drafts;

                import dev.routing.journal.store.Journal;

                /** Uses {@link java.io.File} in a comment only, which is not a dependency. */
                final class Inlined {
                    static final int LIMIT = Journal.FACT_LIMIT;
                    static final String WORDS = "java.nio.file.Path in a string is not one either";
                }
                """);
        Files.writeString(drafts.resolve("Qualified.java"), """
                package dev.routing.engine.drafts;

                final class Qualified {
                    static final long NOW = java.time.Clock.systemUTC().millis();
                }
                """);
        Files.writeString(drafts.resolve("Clean.java"), """
                package dev.routing.engine.drafts;

                import dev.routing.journal.event.Fact;

                final class Clean {
                    static final int LIMIT = Fact.MAX_BYTES;
                }
                """);
        assertEquals(List.of(
                        "dev/routing/engine/drafts/Inlined.java:3 names dev.routing.journal.store.Journal",
                        "dev/routing/engine/drafts/Qualified.java:4 names java.time.Clock.systemUTC"),
                violations(sources, new String[] {"dev.routing.engine.drafts.."}));
    }

    /** Each line of a rule package's source that names what {@link #FORBIDDEN} holds, comments and strings aside. */
    static List<String> violations(Path sources, String[] packages) {
        List<String> found = new ArrayList<>();
        for (String pkg : packages) {
            Path dir = sources.resolve(pkg.replace("..", "").replace('.', '/'));
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    String[] lines = code(Files.readString(file)).split("\n", -1);
                    for (int i = 0; i < lines.length; i++) {
                        Matcher m = NAME.matcher(lines[i]);
                        while (m.find()) {
                            String name = m.group();
                            if (FORBIDDEN.stream().anyMatch(name::startsWith)) {
                                found.add(sources.relativize(file).toString().replace('\\', '/') + ":" + (i + 1) + " names " + name);
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }

    /** The source with its comments and string literals blanked, lines kept where they were. */
    static String code(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
                source.substring(i, end).chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
                i = end;
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? source.length() : end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? source.length() : end + 3;
                source.substring(i, end).chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
                out.append("\"\"");
                i = end;
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                char quote = source.charAt(i);
                int j = i + 1;
                while (j < source.length() && source.charAt(j) != quote && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                out.append(quote).append(quote);
                i = Math.min(j + 1, source.length());
            } else {
                out.append(source.charAt(i++));
            }
        }
        return out.toString();
    }
}
