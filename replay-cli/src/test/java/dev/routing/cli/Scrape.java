package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a metrics endpoint over HTTP, as Prometheus takes it: the text format parsed strictly
 * (every line a comment or a sample, every sample of a family whose TYPE was given), each sample kept
 * by its name and labels as written ({@code routing_facts_total{type="turn.started"}}).
 */
record Scrape(String body, Map<String, Double> samples, Map<String, String> types) {
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)");
    private static final Pattern TYPE = Pattern.compile("# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)");

    static Scrape of(String url) throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer::body);
        String type = answer.headers().firstValue("Content-Type").orElse("");
        assertTrue(type.startsWith("text/plain; version=0.0.4"), () -> "the Prometheus text format: " + type);
        return parse(answer.body());
    }

    static Scrape parse(String body) {
        Map<String, Double> samples = new LinkedHashMap<>();
        Map<String, String> types = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            if (line.isEmpty() || line.startsWith("# HELP ")) continue;
            Matcher t = TYPE.matcher(line);
            if (t.matches()) {
                types.put(t.group(1), t.group(2));
                continue;
            }
            Matcher s = SAMPLE.matcher(line);
            if (!s.matches()) fail("not a line of the Prometheus text format: " + line + "\nin:\n" + body);
            String family = family(s.group(1), types);
            assertNotNull(family, () -> "a sample of a family with no TYPE: " + line);
            samples.put(s.group(1) + (s.group(2) == null ? "" : s.group(2)), Double.parseDouble(s.group(3)));
        }
        return new Scrape(body, samples, types);
    }

    /** The family a sample belongs to ({@code x_total} of counter {@code x}, {@code x_bucket} of histogram {@code x}). */
    private static String family(String name, Map<String, String> types) {
        if (types.containsKey(name)) return name;
        for (String suffix : new String[] {"_total", "_bucket", "_count", "_sum", "_created"}) {
            if (name.endsWith(suffix) && types.containsKey(name.substring(0, name.length() - suffix.length()))) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return null;
    }

    /** A sample's value; a counter with labels not yet seen counts 0. */
    double value(String sample) {
        return samples.getOrDefault(sample, 0.0);
    }

    /** Whether the sample is there at all. */
    boolean has(String sample) {
        return samples.containsKey(sample);
    }

    /** The sum of every sample of {@code name}, whatever its labels. */
    double sum(String name) {
        double sum = 0;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            String key = e.getKey();
            if (key.equals(name) || key.startsWith(name + "{")) sum += e.getValue();
        }
        return sum;
    }
}
