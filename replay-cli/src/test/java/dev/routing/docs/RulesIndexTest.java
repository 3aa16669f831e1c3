package dev.routing.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/rules-index.md against the code: each rule id it copies from RULES.md has a test named by it,
 * every test named by an id names a rule there, each rule's "decided in" file exists, and its
 * "pinned by" column is what the test sources name. With {@code -Drules.index.write=true} it writes
 * that column anew instead of comparing it.
 */
class RulesIndexTest {
    private static final Path PROJECT = Path.of("..");
    private static final Path INDEX = PROJECT.resolve("docs/rules-index.md");
    private static final List<String> MODULES = List.of("journal", "projections", "engine", "sidecar", "lab", "replay-cli");
    private static final Pattern ROW = Pattern.compile("^\\| ([A-Z]\\d+[a-z]?) \\| (.*) \\| \\[[^\\]]*\\]\\(\\.\\./([^)]+)\\) \\| (.*) \\|$");
    /** A test method: its name's leading ids are the rules it pins ({@code M1_M8_D1_D2_…}). */
    private static final Pattern TEST = Pattern.compile("@(?:Test|ParameterizedTest|RepeatedTest)\\b[^;]*?\\bvoid (\\w+)\\(");
    private static final Pattern ID = Pattern.compile("[A-Z]\\d+[a-z]?");

    record Rule(String id, String title, String decidedIn, String pinnedBy) {
    }

    @Test
    void everyRuleHasATestNamedByItAndTheIndexSaysWhichFileDecidesItAndWhichTestsPinIt() throws IOException {
        assertTrue(Files.isRegularFile(INDEX), () -> "no rules index at " + INDEX.toAbsolutePath());
        List<String> lines = Files.readAllLines(INDEX);
        Map<String, Rule> rules = rules(lines);
        assertTrue(rules.size() >= 40, () -> "the index lists only " + rules.size() + " rules: is its table still there?");

        Map<String, TreeSet<String>> pinned = new TreeMap<>();
        List<String> unknown = new ArrayList<>();
        for (Path file : testSources()) {
            String source = Files.readString(file);
            String testClass = file.getFileName().toString().replace(".java", "");
            Matcher m = TEST.matcher(source);
            while (m.find()) {
                for (String id : ids(m.group(1))) {
                    if (rules.containsKey(id)) pinned.computeIfAbsent(id, k -> new TreeSet<>()).add(testClass);
                    else unknown.add(testClass + "." + m.group(1) + " names " + id);
                }
            }
        }
        assertEquals(List.of(), unknown, "tests named by an id that is no rule of docs/rules-index.md (RULES.md's ids only;"
                + " a seed's id may stay in a comment)");
        List<String> untested = rules.keySet().stream().filter(id -> !pinned.containsKey(id)).toList();
        assertEquals(List.of(), untested, "rules no test is named by");
        List<String> missing = rules.values().stream().filter(r -> !Files.isRegularFile(PROJECT.resolve(r.decidedIn())))
                .map(r -> r.id() + ": " + r.decidedIn()).toList();
        assertEquals(List.of(), missing, "\"decided in\" names a file that is not there");

        List<String> written = new ArrayList<>();
        for (String line : lines) {
            Matcher row = ROW.matcher(line);
            written.add(row.matches() ? line.substring(0, row.start(4)) + String.join(", ", pinned.get(row.group(1))) + " |" : line);
        }
        if (Boolean.getBoolean("rules.index.write")) {
            Files.write(INDEX, written);
        } else {
            assertEquals(String.join("\n", written), String.join("\n", lines), "docs/rules-index.md's \"pinned by\" is not"
                    + " what the tests name: run RulesIndexTest with -Drules.index.write=true (docs/rules-index.md says how)");
        }
    }

    @Test
    void aTestNamesTheRulesItsNameLeadsWith() {
        assertEquals(List.of("M1", "M8", "D1", "D2"), ids("M1_M8_D1_D2_modesRouteEachSegmentOnce"));
        assertEquals(List.of("M6"), ids("M6_824_aSendWhosePlaceCannotBeReadHoldsAnything"));
        assertEquals(List.of("M1a"), ids("M1a_aHeartbeatTurnTakesNoChannel"));
        assertEquals(List.of(), ids("aTestNamedByNoRule"));
    }

    /** The ids a test's name leads with, up to its first word. */
    static List<String> ids(String testName) {
        List<String> ids = new ArrayList<>();
        for (String part : testName.split("_")) {
            if (!ID.matcher(part).matches()) break;
            ids.add(part);
        }
        return ids;
    }

    static Map<String, Rule> rules(List<String> lines) {
        Map<String, Rule> rules = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) rules.put(row.group(1), new Rule(row.group(1), row.group(2), row.group(3), row.group(4)));
        }
        return rules;
    }

    private static List<Path> testSources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String module : MODULES) {
            Path dir = PROJECT.resolve(module).resolve("src/test/java");
            assertTrue(Files.isDirectory(dir), () -> "no test sources at " + dir.toAbsolutePath());
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
