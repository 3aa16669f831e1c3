package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The HTML report: one self-contained page whose SVG has a timeline per agent and a red mark per
 * finding, rendered by headless Chromium (Debian's {@code chromium}, which {@code .ci/run} installs).
 */
class HtmlReportInChromiumTest {
    private static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable");

    @TempDir
    Path tmp;

    @Test
    void theReportHasOneTimelinePerAgentAndOneRedMarkPerFinding() throws Exception {
        Weeks.Week week = Weeks.incident("0.30.0");
        Path page = tmp.resolve("report.html");
        JsonNode json = IncidentWeekAuditTest.audit(week, "--format", "json");

        Cli.run("audit", "--journal", week.journal().toString(), "--format", "html", "--out", page.toString()).exits(ExitCodes.OK);

        Document html = parse(page);
        List<Element> timelines = withClass(html, "svg", "timeline");
        Set<String> agents = new TreeSet<>();
        json.path("agents").forEach(a -> agents.add(a.path("agent").asText()));
        Set<String> drawn = new TreeSet<>();
        timelines.forEach(t -> drawn.add(t.getAttribute("data-agent")));
        assertEquals(agents.size(), timelines.size(), "one timeline per agent");
        assertEquals(agents, drawn, "each agent's own");
        int findings = json.at("/totals/findings").asInt();
        assertTrue(findings >= 3, "the incident's findings: " + findings);
        assertEquals(findings, withClass(html, "*", "finding").size(), "one red mark per finding");
        for (Element mark : withClass(html, "*", "finding")) {
            assertTrue(mark.getElementsByTagName("title").getLength() == 1, "a finding's mark has hover words");
        }
        int privateTurns = 0;
        int tookIn = 0;
        for (Element t : timelines) {
            privateTurns += within(t, "rect", "private").size();
            tookIn += within(t, "rect", "took-in").size();
        }
        assertEquals(0, privateTurns, "0.30.0 made no turn private");
        assertTrue(tookIn > 0, "turns that took in private input are shaded");
        String text = Files.readString(page, StandardCharsets.UTF_8);
        assertTrue(!text.contains("<script") && !text.matches("(?s).*(src|href)=\"[a-z]+:.*"),
                "self-contained: no scripts, nothing fetched");
    }

    @Test
    void headlessChromiumRendersTheReport() throws Exception {
        String chromium = BROWSERS.stream().filter(b -> new File(b).canExecute()).findFirst().orElse(null);
        Assumptions.assumeTrue(chromium != null, "no Chromium binary (" + String.join(", ", BROWSERS) + "): .ci/run installs "
                + "Debian's chromium; without it the page cannot be rendered here");
        Weeks.Week week = Weeks.incident("0.30.0");
        Path page = tmp.resolve("report.html");
        Path shot = tmp.resolve("report.png");
        Cli.run("audit", "--journal", week.journal().toString(), "--format", "html", "--out", page.toString()).exits(ExitCodes.OK);

        List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + tmp.resolve("profile"), "--screenshot=" + shot, "--window-size=1400,2000",
                page.toUri().toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(tmp.resolve("chromium.log").toFile()).start();
        boolean done = p.waitFor(180, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String log = Files.exists(tmp.resolve("chromium.log")) ? Files.readString(tmp.resolve("chromium.log")) : "";
        assertTrue(done, "Chromium finished: " + log);
        assertTrue(Files.isRegularFile(shot), () -> "Chromium wrote the screenshot: " + log);

        BufferedImage image = ImageIO.read(shot.toFile());
        assertEquals(1400, image.getWidth());
        assertEquals(2000, image.getHeight());
        assertTrue(Files.size(shot) > 30_000, "a real page, not a blank one: " + Files.size(shot) + " bytes");
        Set<Integer> colours = new HashSet<>();
        int red = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                int r = rgb >> 16 & 0xFF;
                int g = rgb >> 8 & 0xFF;
                int b = rgb & 0xFF;
                if (r > 180 && g < 80 && b < 80) red++;
            }
        }
        assertTrue(colours.size() > 200, "text, cards and timelines, not a flat page: " + colours.size() + " colours");
        assertTrue(red > 20, "the findings show in red: " + red + " red pixels sampled");
    }

    private static Document parse(Path page) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        factory.setValidating(false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        try {
            return factory.newDocumentBuilder().parse(page.toFile());
        } catch (org.xml.sax.SAXException | IOException e) {
            throw new AssertionError("the report is well-formed markup: " + e.getMessage(), e);
        }
    }

    /** Elements of a tag ({@code *}: any) whose class attribute holds the token. */
    private static List<Element> withClass(Document html, String tag, String token) {
        return classed(html.getElementsByTagName(tag), token);
    }

    private static List<Element> within(Element parent, String tag, String token) {
        return classed(parent.getElementsByTagName(tag), token);
    }

    private static List<Element> classed(NodeList all, String token) {
        List<Element> found = new ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            for (String c : e.getAttribute("class").split("\\s+")) {
                if (c.equals(token)) {
                    found.add(e);
                    break;
                }
            }
        }
        return found;
    }
}
