package dev.routing.cli.explain;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each rule's first sentence, by its RULES id, from docs/rules-index.md as the build copies it into
 * the jar: explain names a rule by its id and says what the rule is, in the index's own words.
 */
final class RuleTitles {
    static final String RESOURCE = "rules-index.md";
    private static final Map<String, String> TITLES = load();

    private RuleTitles() {}

    /** The rule's first sentence, or null for an id the index does not hold. */
    static String of(String id) {
        return id == null ? null : TITLES.get(id);
    }

    static Map<String, String> all() {
        return TITLES;
    }

    /** The index's table rows: {@code | P7 | The first start ... | [file](...) | tests |}. */
    static Map<String, String> parse(BufferedReader lines) throws IOException {
        Map<String, String> titles = new TreeMap<>();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.startsWith("| ")) continue;
            String[] cells = line.split("\\|");
            if (cells.length < 3) continue;
            String id = cells[1].strip();
            if (id.matches("[A-Z][0-9]+[a-z]?")) titles.put(id, cells[2].strip());
        }
        return titles;
    }

    private static Map<String, String> load() {
        try (InputStream in = RuleTitles.class.getResourceAsStream(RESOURCE)) {
            if (in == null) return Map.of();
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
