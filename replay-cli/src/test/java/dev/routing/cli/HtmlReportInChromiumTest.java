package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.Journal;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The HTML report: one self-contained page, findings first, whose links lead somewhere (a finding's
 * mark to its row, a turn its facts name to that turn's bar), with what was audited in its header,
 * read as XML here and rendered by headless Chromium (Debian's {@code chromium}, which {@code .ci/run}
 * installs): links followed, the filter applied from the address, and the page printed with every
 * finding's facts open ({@code pdftotext}, from Debian's {@code poppler-utils}, reads the print).
 */
class HtmlReportInChromiumTest {
    private static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable");
    /** The colour the page gives where a link leads (the :target). */
    private static final String TARGET_CSS = "rgb(255, 228, 92)";
    private static final Pattern TURN_NAMED = Pattern.compile("\\bturn (\\d+)'s work");

    @TempDir
    static Path tmp;

    private static Weeks.Week week;
    private static Path page;
    private static Document html;

    @BeforeAll
    static void report() throws Exception {
        week = Weeks.incident("0.30.0");
        page = tmp.resolve("report.html");
        Cli.run("audit", "--journal", week.journal().toString(), "--format", "html", "--out", page.toString()).exits(ExitCodes.OK);
        html = parse(page);
    }

    @Test
    void theReportHasOneTimelinePerAgentAndOneRedMarkPerFinding() throws Exception {
        JsonNode json = IncidentWeekAuditTest.audit(week, "--format", "json");
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
        assertFalse(text.matches("(?s).*\\b(src|href|action)=\"(?!#).*"), "self-contained: nothing fetched, every link within the page");
        assertFalse(text.matches("(?s).*\\b(fetch|XMLHttpRequest|import)\\(.*"), "its script fetches nothing");
        assertEquals(1, html.getElementsByTagName("script").getLength(), "one script, inline");
    }

    @Test
    void theFindingsComeBeforeTheAgentsTimelines() {
        List<Element> sections = elements(html.getElementsByTagName("section"));
        int findings = -1;
        int firstAgent = -1;
        for (int i = 0; i < sections.size(); i++) {
            if ("findings".equals(sections.get(i).getAttribute("id"))) findings = i;
            if (firstAgent < 0 && classes(sections.get(i)).contains("agent")) firstAgent = i;
        }
        assertTrue(findings >= 0 && firstAgent >= 0, "a findings section and agent panels");
        assertTrue(findings < firstAgent, "findings first, then the six agents' panels");
    }

    @Test
    void everyLinkInThePageLeadsToAnElementOfIt() {
        Map<String, Element> ids = ids(html);
        List<Element> links = elements(html.getElementsByTagName("a"));
        assertTrue(links.size() > withClass(html, "*", "finding").size() * 2, "links: " + links.size());
        for (Element a : links) {
            String href = a.getAttribute("href");
            assertTrue(href.startsWith("#"), "a link within the page: " + href);
            assertNotNull(ids.get(href.substring(1)), () -> "an element with id " + href.substring(1) + " for " + text(a));
        }
    }

    @Test
    void eachFindingsMarkLinksToItsRowAndTheRowBackToTheMark() {
        Map<String, Element> ids = ids(html);
        List<Element> marks = withClass(html, "circle", "finding");
        for (Element mark : marks) {
            Element link = (Element) mark.getParentNode();
            assertEquals("a", link.getTagName(), "a finding's mark is a link");
            Element row = ids.get(link.getAttribute("href").substring(1));
            assertNotNull(row, "its row: " + link.getAttribute("href"));
            assertEquals("tr", row.getTagName());
            assertTrue(classes(row).contains("finding-row"), "a row of the findings table");
            Element timeline = ancestor(mark, "svg");
            assertEquals(timeline.getAttribute("data-agent"), row.getAttribute("data-agent"), "the row is of the mark's agent");
            assertEquals("#" + mark.getAttribute("id"), elements(row.getElementsByTagName("a")).get(0).getAttribute("href"),
                    "the row's time leads back to the mark");
        }
        assertEquals(withClass(html, "tr", "finding-row").size(), marks.size(), "every row has its mark, every mark its row");
    }

    @Test
    void eachTurnAFindingsFactsNameLinksToThatTurnOnItsTimeline() {
        Map<String, Element> ids = ids(html);
        Pattern turn = Pattern.compile("\\bturn (\\d+)\\b");
        int named = 0;
        int work = 0;
        for (Element fact : withClass(html, "ol", "evidence").stream().flatMap(ol -> elements(ol.getElementsByTagName("li")).stream()).toList()) {
            Set<String> linked = new HashSet<>();
            for (Element a : elements(fact.getElementsByTagName("a"))) linked.add(a.getAttribute("href"));
            Matcher m = turn.matcher(factWords(fact));
            while (m.find()) {
                named++;
                String id = "turn-" + m.group(1);
                Element bar = ids.get(id);
                assertNotNull(bar, () -> "an audit of the whole week draws every turn: " + id);
                assertEquals("rect", bar.getTagName());
                assertTrue(classes(bar).contains("turn"), "the turn's bar on its timeline");
                assertTrue(linked.contains("#" + id), () -> "'" + text(fact) + "' links " + id);
            }
            if (TURN_NAMED.matcher(factWords(fact)).find()) work++;
        }
        assertTrue(named > 20, "the facts name turns: " + named);
        assertTrue(work > 0, "and what a turn's work brought back (\"turn 687's work\"): " + work);
        for (Element row : withClass(html, "tr", "finding-row")) {
            Element cell = elements(row.getElementsByTagName("td")).get(2);
            String id = "turn-" + text(cell).strip();
            assertEquals("#" + id, elements(cell.getElementsByTagName("a")).get(0).getAttribute("href"), "the row's turn leads to its bar");
        }
    }

    @Test
    void theHeaderNamesTheJournalItsEntryRangeAndEachDayFilesSha256() throws Exception {
        Element header = (Element) html.getElementsByTagName("header").item(0);
        String words = text(header).replaceAll("\\s+", " ");
        assertTrue(words.contains(week.journal().toAbsolutePath().normalize().toString()), () -> "the journal's path: " + words);
        try (Journal j = Journal.openReader(week.journal())) {
            String range = String.format(Locale.ROOT, "index 0x%x to 0x%x", j.firstIndex(), j.lastIndex());
            assertTrue(words.contains(range), () -> "the entry range, " + range + ": " + words);
        }
        List<Path> days;
        try (Stream<Path> files = Files.list(week.journal())) {
            days = files.filter(f -> f.getFileName().toString().endsWith("F.cq4")).sorted().toList();
        }
        assertEquals(7, days.size(), "a week of day files");
        List<Element> rows = elements(header.getElementsByTagName("tr"));
        assertEquals(days.size(), rows.size(), "one line per day file the audit read");
        for (int i = 0; i < days.size(); i++) {
            String line = text(rows.get(i));
            String name = days.get(i).getFileName().toString();
            String sha = sha256(days.get(i));
            assertTrue(line.startsWith(name) && line.contains(sha), () -> name + " and its SHA-256 " + sha + ": " + line);
        }
    }

    @Test
    void chromiumFollowsEveryLinkToItsTargetAndShowsItThere() throws Exception {
        String chromium = chromium();
        Set<String> hrefs = new TreeSet<>();
        elements(html.getElementsByTagName("a")).forEach(a -> hrefs.add(a.getAttribute("href")));
        List<Element> rows = withClass(html, "tr", "finding-row");
        String lastRow = rows.get(rows.size() - 1).getAttribute("id");
        String workTurn = null;
        for (Element a : withClass(html, "a", "turn-link")) {
            if (TURN_NAMED.matcher(text((Element) a.getParentNode())).find()) workTurn = a.getAttribute("href");
        }
        assertNotNull(workTurn, "a turn named for what its work brought back");
        assertTrue(hrefs.contains(workTurn) && hrefs.contains("#" + lastRow));

        List<String> followed = followLinks(chromium, "#" + lastRow, hrefs);
        assertEquals("address #" + lastRow + " to " + lastRow + " in view " + TARGET_CSS, followed.get(0),
                "an address naming a finding's row opens the page there, the row marked");
        assertEquals(hrefs.size() + 1, followed.size(), () -> "every link clicked: " + followed);
        for (String href : hrefs) {
            assertTrue(followed.contains("click " + href + " to " + href.substring(1) + " in view " + TARGET_CSS),
                    () -> href + " leads to its element, scrolled into view and marked: " + followed);
        }
    }

    @Test
    void theFilterByAgentAndChannelShowsOnlyTheirFindingsAndTimelinesInChromium() throws Exception {
        String chromium = chromium();
        List<Element> rows = withClass(html, "tr", "finding-row");
        Map<String, Integer> pairs = new LinkedHashMap<>();
        for (Element r : rows) pairs.merge(r.getAttribute("data-agent") + " " + r.getAttribute("data-channel"), 1, Integer::sum);
        String[] pair = pairs.keySet().iterator().next().split(" ");
        assertTrue(pairs.size() > 1, "findings of more than one agent and channel: " + pairs);

        String dom = dumpDom(chromium, "?agent=" + pair[0] + "&channel=" + pair[1]);
        Map<String, Boolean> shown = new LinkedHashMap<>();
        Matcher row = Pattern.compile("<tr id=\"(finding-\\d+)\" class=\"finding-row\" data-agent=\"([^\"]*)\" data-channel=\"([^\"]*)\"( hidden=\"\")?")
                .matcher(dom);
        while (row.find()) {
            boolean kept = row.group(2).equals(pair[0]) && row.group(3).equals(pair[1]);
            assertEquals(kept, row.group(4) == null, () -> row.group(1) + " of " + row.group(2) + " in " + row.group(3));
            shown.put(row.group(1), row.group(4) == null);
        }
        assertEquals(rows.size(), shown.size(), "every row read from Chromium's page");
        long kept = shown.values().stream().filter(b -> b).count();
        assertEquals(pairs.get(pair[0] + " " + pair[1]).longValue(), kept, "the agent's findings in that channel, and no other");
        assertTrue(dom.contains(kept + " of " + rows.size() + " findings shown"), "the filter says how many it shows");
        Matcher panel = Pattern.compile("<section class=\"agent\" id=\"[^\"]*\" data-agent=\"([^\"]*)\"[^>]*?( hidden=\"\")?>").matcher(dom);
        int panels = 0;
        while (panel.find()) {
            panels++;
            assertEquals(panel.group(1).equals(pair[0]), panel.group(2) == null, "only " + pair[0] + "'s timeline: " + panel.group());
        }
        assertEquals(withClass(html, "section", "agent").size(), panels);
        assertTrue(dom.matches("(?s).*<form id=\"filters\"[^>]*>.*") && !dom.matches("(?s).*<form id=\"filters\"[^>]*hidden.*"),
                "the filter shows once the script runs");

        String nobody = dumpDom(chromium, "?agent=nobody");
        assertTrue(nobody.contains("nobody (not in this report)") && nobody.contains("0 of " + rows.size() + " findings shown"),
                "an agent the report does not hold shows no finding, and says so, rather than every finding");
    }

    @Test
    void printingTheReportShowsEveryFindingsFacts() throws Exception {
        String chromium = chromium();
        Assumptions.assumeTrue(new File("/usr/bin/pdftotext").canExecute(), "no /usr/bin/pdftotext (Debian's poppler-utils, which "
                + ".ci/run installs): the printed page cannot be read here");
        Path pdf = tmp.resolve("report.pdf");
        run(chromium, "print", List.of("--print-to-pdf=" + pdf, "--no-pdf-header-footer"), page.toUri().toString());
        assertTrue(Files.size(pdf) > 10_000, "Chromium printed the page");
        Path text = tmp.resolve("report.txt");
        Process p = new ProcessBuilder("/usr/bin/pdftotext", "-raw", pdf.toString(), text.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "pdftotext read the print");
        String printed = Files.readString(text, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        List<Element> facts = withClass(html, "ol", "evidence").stream().flatMap(ol -> elements(ol.getElementsByTagName("li")).stream()).toList();
        assertTrue(facts.size() > 20);
        for (Element fact : facts) {
            String said = factWords(fact).replaceAll("\\s+", " ").strip();
            String start = said.substring(0, Math.min(50, said.length()));
            assertTrue(printed.contains(start), () -> "the print shows each finding's facts: '" + start + "'");
        }
    }

    @Test
    void headlessChromiumRendersTheReport() throws Exception {
        String chromium = chromium();
        Path shot = screenshot(chromium, "whole", "", 2000);

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

    private static String chromium() {
        String chromium = BROWSERS.stream().filter(b -> new File(b).canExecute()).findFirst().orElse(null);
        Assumptions.assumeTrue(chromium != null, "no Chromium binary (" + String.join(", ", BROWSERS) + "): .ci/run installs "
                + "Debian's chromium; without it the page cannot be rendered here");
        return chromium;
    }

    /** The page as Chromium shows it in a window 1400 wide. */
    private static Path screenshot(String chromium, String name, String fragment, int height) throws Exception {
        Path shot = tmp.resolve(name + ".png");
        run(chromium, name, List.of("--screenshot=" + shot, "--window-size=1400," + height, "--hide-scrollbars"),
                page.toUri() + fragment);
        assertTrue(Files.isRegularFile(shot), () -> "Chromium wrote the screenshot " + shot);
        return shot;
    }

    /**
     * The report in a frame of a page of the test's own, which opens it at {@code fragment}, then
     * clicks each link of {@code hrefs} in turn (from the top of the page each time) and says, for the
     * address and each click, what is the target (:target) then, whether it is in view, and its
     * colour. Headless Chromium's screenshot of a scrolled page is blank, so the frame's page is asked.
     */
    private static List<String> followLinks(String chromium, String fragment, Set<String> hrefs) throws Exception {
        Path probe = tmp.resolve("links.html");
        String list = String.join(",", hrefs.stream().map(h -> "\"" + h + "\"").toList());
        Files.writeString(probe, LINK_PROBE.replace("HREFS", list).replace("PAGE", page.getFileName() + fragment));
        String dom = run(chromium, "links", List.of("--dump-dom", "--allow-file-access-from-files", "--virtual-time-budget=30000"),
                probe.toUri().toString());
        Matcher out = Pattern.compile("(?s)<pre id=\"out\">(.*?)</pre>").matcher(dom);
        assertTrue(out.find(), () -> "the probe wrote its findings: " + dom);
        return out.group(1).lines().toList();
    }

    private static final String LINK_PROBE = """
            <!DOCTYPE html>
            <html><body><pre id="out">the report did not load</pre>
            <iframe id="report" src="PAGE" style="width:1400px;height:900px"></iframe>
            <script>
            var hrefs = [HREFS];
            var frame = document.getElementById("report");
            var lines = [];
            // a fragment is scrolled to as the link is followed; a timer lets the page's hashchange run first
            function settle(then) { setTimeout(then, 20); }
            function where(label) {
              var w = frame.contentWindow, t = frame.contentDocument.querySelector(":target");
              if (!t) return label + " to nothing";
              var r = t.getBoundingClientRect();
              var inView = r.height > 0 && r.bottom > 0 && r.top < w.innerHeight;
              var style = w.getComputedStyle(t.tagName.toLowerCase() === "tr" ? t.cells[0] : t);
              var colour = t.tagName.toLowerCase() === "tr" ? style.backgroundColor : style.stroke;
              return label + " to " + t.id + (inView ? " in view " : " out of view ") + colour;
            }
            frame.addEventListener("load", function () {
              settle(function () {
                lines.push(where("address " + frame.contentWindow.location.hash));
                var i = 0;
                (function next() {
                  if (i === hrefs.length) {
                    document.getElementById("out").textContent = lines.join("\\n");
                    return;
                  }
                  var href = hrefs[i++];
                  var link = frame.contentDocument.querySelector('a[href="' + href + '"]');
                  frame.contentWindow.scrollTo(0, 0);
                  if (!link) {
                    lines.push("click " + href + " to no such link");
                    return next();
                  }
                  link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: frame.contentWindow }));
                  settle(function () {
                    lines.push(where("click " + href));
                    next();
                  });
                })();
              });
            });
            </script></body></html>
            """;

    /** The page's DOM after its script ran, at the address with {@code query}. */
    private static String dumpDom(String chromium, String query) throws Exception {
        return run(chromium, "dom", List.of("--dump-dom", "--virtual-time-budget=2000"), page.toUri() + query);
    }

    private static String run(String chromium, String name, List<String> what, String url) throws Exception {
        List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + tmp.resolve("profile-" + name)));
        command.addAll(what);
        command.add(url);
        Path out = tmp.resolve(name + ".out");
        Path log = tmp.resolve(name + ".log");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
        boolean done = p.waitFor(180, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String said = Files.exists(log) ? Files.readString(log) : "";
        assertTrue(done, "Chromium finished: " + said);
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) sha.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(sha.digest());
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

    /** Every element with an id, by id; an id given twice fails. */
    private static Map<String, Element> ids(Document html) {
        Map<String, Element> ids = new LinkedHashMap<>();
        for (Element e : elements(html.getElementsByTagName("*"))) {
            String id = e.getAttribute("id");
            if (!id.isEmpty()) assertEquals(null, ids.put(id, e), "one element per id: " + id);
        }
        return ids;
    }

    private static Element ancestor(Element e, String tag) {
        for (Node n = e.getParentNode(); n instanceof Element up; n = up.getParentNode()) {
            if (up.getTagName().equals(tag)) return up;
        }
        throw new AssertionError("no " + tag + " around " + e.getTagName());
    }

    /** A fact's words: its list item without the time and type before them. */
    private static String factWords(Element fact) {
        StringBuilder words = new StringBuilder();
        for (Node n = fact.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!"span".equals(n.getNodeName())) words.append(n.getTextContent());
        }
        return words.toString();
    }

    private static String text(Element e) {
        return e.getTextContent();
    }

    private static Set<String> classes(Element e) {
        return Set.of(e.getAttribute("class").split("\\s+"));
    }

    private static List<Element> elements(NodeList all) {
        List<Element> found = new ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) found.add((Element) all.item(i));
        return found;
    }

    /** Elements of a tag ({@code *}: any) whose class attribute holds the token. */
    private static List<Element> withClass(Document html, String tag, String token) {
        return elements(html.getElementsByTagName(tag)).stream().filter(e -> classes(e).contains(token)).toList();
    }

    private static List<Element> within(Element parent, String tag, String token) {
        return elements(parent.getElementsByTagName(tag)).stream().filter(e -> classes(e).contains(token)).toList();
    }
}
