package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.Evidence;
import dev.routing.engine.counterfactual.Counterfactual;
import dev.routing.engine.counterfactual.Difference;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The audit as one self-contained page (nothing fetched; one inline script): what was audited (the
 * journal, its entry range, a SHA-256 of each day file read), totals, the findings with the facts that
 * made each one, then an SVG timeline per agent. Each finding's mark on a timeline links to its row,
 * and each turn a finding's facts name links to that turn's bar; the script filters the findings and
 * the timelines by agent, channel and words (kept in the address's query), and opens every finding's
 * facts for print, as the print stylesheet does. Given a re-decision under other rules, it also says
 * which findings those rules would have prevented.
 */
public final class HtmlReport {
    private static final int ROWS = 200;
    /** "turn 687", as the audit's facts name a turn ("what turn 687's work brought back"). */
    private static final Pattern TURN = Pattern.compile("\\bturn (\\d{1,18})\\b");

    private HtmlReport() {}

    public static String write(AuditReport report, Counterfactual.Result redecided, Fingerprint audited) {
        Anchors anchors = new Anchors(report, ROWS);
        Markup m = new Markup();
        m.raw("<!DOCTYPE html>\n");
        m.open("html", "lang", "en", "xmlns", "http://www.w3.org/1999/xhtml");
        m.open("head").empty("meta", "charset", "utf-8")
                .empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1")
                .el("title", "Audit: " + report.journal());
        m.open("style").raw(Style.CSS).close("style").close("head");
        m.open("body").open("main");
        header(m, report, audited);
        cards(m, report.totals());
        Set<String> prevented = prevented(redecided);
        verdict(m, report, redecided, prevented);
        filters(m, report);
        findings(m, report, prevented, redecided, anchors);
        legend(m);
        Timeline timeline = new Timeline(report.window().first(), report.window().last());
        for (AgentReport a : report.agents()) agent(m, a, timeline, anchors);
        footer(m, report);
        m.close("main");
        m.open("script").raw(Script.JS).close("script");
        m.close("body").close("html");
        return m.toString();
    }

    private static void header(Markup m, AuditReport r, Fingerprint audited) {
        AuditReport.Window w = r.window();
        m.open("header");
        m.el("p", "replay-cli audit", "class", "eyebrow");
        m.el("h1", r.totals().findings() > 0 ? "Private words reached a channel" : "No private words reached a channel");
        m.open("p", "class", "sub").text(Words.when(w.first()) + " to " + Words.when(w.last()) + " UTC · "
                + Words.decidedUnder(r.rules())).close("p");
        m.open("dl", "class", "audited");
        m.el("dt", "Journal").open("dd").el("code", audited.journal().toString()).close("dd");
        m.el("dt", "Entries").open("dd");
        if (audited.firstIndex() < 0) {
            m.text("none in this window");
        } else {
            m.text("index ").el("code", hex(audited.firstIndex())).text(" to ").el("code", hex(audited.lastIndex()))
                    .text(" · " + Words.plural(r.read().window(), "entry", "entries") + " in the window");
            if (r.read().checkpointIndex() >= 0) {
                m.text(", after " + Words.plural(r.read().tail(), "entry", "entries") + " from the checkpoint at ")
                        .el("code", hex(r.read().checkpointIndex()));
            }
        }
        m.close("dd");
        m.el("dt", "Day files").open("dd");
        if (audited.files().isEmpty()) {
            m.text("none read");
        } else {
            m.open("table", "class", "files").open("tbody");
            for (Fingerprint.DayFile f : audited.files()) {
                m.open("tr").el("td", f.name(), "class", "file");
                if (f.unreadable() != null) {
                    m.el("td", "").el("td", f.unreadable(), "class", "unreadable");
                } else {
                    m.el("td", String.format(Locale.ROOT, "%,d bytes", f.bytes()), "class", "bytes")
                            .open("td").text("SHA-256 ").el("code", f.sha256(), "class", "sha256").close("td");
                }
                m.close("tr");
            }
            m.close("tbody").close("table");
            m.el("p", "Each day file the audit read, as sha256sum prints it once the audit had read it (a day a writer "
                    + "still appends to changes after).", "class", "note");
        }
        m.close("dd").close("dl");
        m.close("header");
    }

    private static String hex(long index) {
        return String.format(Locale.ROOT, "0x%x", index);
    }

    private static void cards(Markup m, Totals t) {
        m.open("section", "class", "cards");
        card(m, "Turns", String.format(Locale.ROOT, "%,d", t.turns()), t.privateTurns() + " private · " + t.tookInPrivateInput()
                + " took in private input", null);
        card(m, "Publications", String.format(Locale.ROOT, "%,d", t.publications()), t.delivered() + " delivered · " + t.failed()
                + " failed · " + t.unknown() + " unknown", null);
        card(m, "Drafts", String.format(Locale.ROOT, "%,d", t.draftsHeld()), t.draftsResent() + " resent · " + t.draftsDismissed()
                + " dismissed · " + t.draftsLetGo() + " let go", null);
        card(m, "Refusals", String.format(Locale.ROOT, "%,d", t.refusals()), "calls the engine refused", null);
        card(m, "Findings", String.format(Locale.ROOT, "%,d", t.findings()), "plain speech of a private-input turn, published",
                t.findings() > 0 ? "alarm" : "calm");
        m.close("section");
    }

    private static void card(Markup m, String title, String value, String detail, String tone) {
        m.open("div", "class", tone == null ? "card" : "card " + tone);
        m.el("div", title, "class", "card-title").el("div", value, "class", "card-value").el("div", detail, "class", "card-detail");
        m.close("div");
    }

    /** "turn:text" of every publication the other rules withhold. */
    private static Set<String> prevented(Counterfactual.Result redecided) {
        Set<String> keys = new HashSet<>();
        if (redecided == null) return keys;
        for (Difference d : redecided.withheldPlainSpeech()) keys.add(d.turn() + ":" + d.round());
        return keys;
    }

    private static boolean prevented(Set<String> keys, Finding f) {
        return keys.contains(f.turn() + ":" + f.round());
    }

    private static void verdict(Markup m, AuditReport r, Counterfactual.Result redecided, Set<String> keys) {
        if (redecided == null) return;
        List<Finding> all = r.findings();
        long kept = all.stream().filter(f -> prevented(keys, f)).count();
        m.open("section", "class", kept == all.size() ? "verdict good" : "verdict");
        m.el("h2", "Would " + redecided.redecidedRules() + " rules have prevented it?");
        m.el("p", all.isEmpty() ? "There was nothing to prevent."
                : kept + " of " + all.size() + " findings: re-deciding the same facts under " + redecided.redecidedRules()
                        + " rules keeps " + (kept == all.size() ? "every one of those words" : "those words") + " off the channel. "
                        + redecided.withheld().size() + " publications are withheld in all, and " + redecided.decisionsDiffering()
                        + " decisions differ in " + redecided.turns() + " turns.");
        m.close("section");
    }

    /**
     * The filter: by agent, by channel, by words. Hidden until the script shows it (a page read with no
     * script shows everything, with no control that does nothing).
     */
    private static void filters(Markup m, AuditReport r) {
        Set<String> channels = new TreeSet<>();
        for (AgentReport a : r.agents()) channels.addAll(channels(a));
        m.open("form", "id", "filters", "class", "filters", "hidden", "hidden", "role", "search");
        m.open("label").text("Agent ").open("select", "id", "filter-agent", "name", "agent").el("option", "every agent", "value", "");
        for (AgentReport a : r.agents()) m.el("option", a.agent(), "value", Anchors.token(a.agent()));
        m.close("select").close("label");
        m.open("label").text("Channel ").open("select", "id", "filter-channel", "name", "channel")
                .el("option", "every channel", "value", "");
        for (String c : channels) m.el("option", Words.channel(c), "value", Anchors.token(c));
        m.close("select").close("label");
        m.open("label").text("Words ").empty("input", "id", "filter-words", "name", "q", "type", "search", "placeholder",
                "in a finding or its facts").close("label");
        m.el("output", "", "id", "filter-count", "for", "filter-agent filter-channel filter-words");
        m.close("form");
    }

    /** The channels an agent published to or leaked into. */
    private static Set<String> channels(AgentReport a) {
        Set<String> channels = new TreeSet<>();
        a.publications().forEach(p -> {
            if (p.channel() != null) channels.add(p.channel());
        });
        a.findings().forEach(f -> {
            if (f.channel() != null) channels.add(f.channel());
        });
        return channels;
    }

    private static void findings(Markup m, AuditReport r, Set<String> keys, Counterfactual.Result redecided, Anchors anchors) {
        List<Finding> all = r.findings();
        m.open("section", "id", "findings");
        m.el("h2", "Findings");
        m.el("p", "A finding is plain speech (a segment with no envelope, or a channel_publish that named no channel) "
                + "published by a turn that had taken in private input: an operator's message from a private surface, or "
                + "what a private turn's work brought back. Each lists the facts that made it one; a turn they name leads "
                + "to its bar on the timelines below, and the time to the finding's mark.", "class", "explain");
        if (all.isEmpty()) {
            m.el("p", "None in this window.", "class", "none");
            m.close("section");
            return;
        }
        m.open("table", "class", "findings").open("thead").open("tr");
        for (String h : List.of("When (UTC)", "Agent", "Turn", "Published in", "Words", "Outcome", redecided == null ? "" : "Under "
                + redecided.redecidedRules() + " rules")) {
            m.el("th", h);
        }
        m.close("tr").close("thead").open("tbody");
        for (Finding f : all) {
            String row = anchors.row(f);
            if (row == null) break;
            m.open("tr", "id", row, "class", "finding-row", "data-agent", Anchors.token(f.agent()), "data-channel",
                    f.channel() == null ? "" : Anchors.token(f.channel()));
            m.open("td", "class", "nowrap").open("a", "href", "#" + anchors.dot(f), "title", "its mark on " + f.agent()
                    + "'s timeline").text(Words.when(f.at())).close("a").close("td");
            m.el("td", f.agent()).open("td");
            turn(m, f.turn(), String.valueOf(f.turn()), anchors);
            m.close("td").el("td", Words.channel(f.channel()), "class", "nowrap");
            m.open("td").el("div", Words.quote(f.text(), 240), "class", "words");
            m.open("details", "class", "why").el("summary", "why this is a finding (" + f.evidence().size() + " facts)")
                    .open("ol", "class", "evidence");
            for (Evidence e : f.evidence()) {
                // spaced, not only by the stylesheet: copied, read aloud or printed to text, a fact reads as words
                m.open("li").el("span", Words.clock(e.at()), "class", "ev-at").text(" ").el("span", e.type(), "class", "ev-type")
                        .text(" ");
                words(m, e.words(), anchors);
                m.close("li");
            }
            m.close("ol").close("details").close("td");
            m.el("td", f.outcome() == null ? "awaiting" : f.outcome(), "class", "outcome " + (f.outcome() == null ? "awaiting" : f.outcome()));
            if (redecided == null) m.el("td", "");
            else m.el("td", prevented(keys, f) ? "kept private" : "still published", "class", prevented(keys, f) ? "kept" : "still");
            m.close("tr");
        }
        m.close("tbody").close("table");
        if (all.size() > ROWS) m.el("p", (all.size() - ROWS) + " more in --format json.", "class", "more");
        m.close("section");
    }

    /** A fact's words, each turn they name a link to its bar when a timeline draws one. */
    private static void words(Markup m, String words, Anchors anchors) {
        Matcher named = TURN.matcher(words);
        int done = 0;
        while (named.find()) {
            m.text(words.substring(done, named.start()));
            turn(m, Long.parseLong(named.group(1)), named.group(), anchors);
            done = named.end();
        }
        m.text(words.substring(done));
    }

    private static void turn(Markup m, long turn, String label, Anchors anchors) {
        String bar = anchors.turn(turn);
        if (bar == null) m.text(label);
        else m.open("a", "href", "#" + bar, "class", "turn-link", "title", "turn " + turn + " on its timeline").text(label).close("a");
    }

    private static void legend(Markup m) {
        m.open("section", "class", "legend").el("h2", "The week, agent by agent");
        m.open("p", "class", "explain").text("Days run left to right (UTC; working hours shaded). The top lane shows "
                + "turns as bars; below it, one lane per channel with a mark per publication. Hover any mark for its words; "
                + "a finding's mark leads to its row above.").close("p");
        m.open("ul", "class", "keys");
        key(m, "turn", "public turn");
        key(m, "turn private", "private turn");
        key(m, "turn took-in", "took in private input, decided as public");
        key(m, "pub delivered", "delivered");
        key(m, "pub failed", "failed: nothing posted");
        key(m, "pub unknown", "unknown: may have been posted");
        key(m, "pub awaiting", "awaiting an answer");
        m.open("li").raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><circle class=\"key-finding\" "
                + "cx=\"8\" cy=\"8\" r=\"6\"/></svg>").text("finding").close("li");
        m.close("ul").close("section");
    }

    private static void key(Markup m, String cls, String words) {
        m.open("li").raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><rect class=\"" + cls
                + "\" x=\"1\" y=\"3\" width=\"14\" height=\"10\" rx=\"2\"/></svg>").text(words).close("li");
    }

    private static void agent(Markup m, AgentReport a, Timeline timeline, Anchors anchors) {
        Totals t = a.totals();
        m.open("section", "class", "agent", "id", Anchors.agent(a.agent()), "data-agent", Anchors.token(a.agent()),
                "data-channels", String.join(" ", channels(a).stream().map(Anchors::token).toList()));
        m.open("div", "class", "agent-head").el("h3", a.agent());
        m.el("span", a.mode() == null ? "unconfigured" : a.mode(), "class", "badge");
        if (a.locusPolicy() != null) m.el("span", a.locusPolicy(), "class", "badge");
        if (t.findings() > 0) m.el("span", t.findings() + " finding" + (t.findings() == 1 ? "" : "s"), "class", "badge alarm");
        m.el("span", t.turns() + " turns · " + t.privateTurns() + " private · " + t.tookInPrivateInput() + " took in private input · "
                + t.publications() + " publications · " + t.unknown() + " unknown · " + t.draftsHeld() + " drafts held · "
                + t.refusals() + " refusals", "class", "agent-counts");
        m.close("div");
        m.open("div", "class", "scroll");
        timeline.draw(m, a, anchors);
        m.close("div");
        details(m, "Unknown outcomes", a.unknownOutcomes().size(), () -> {
            m.open("table", "class", "small").open("tbody");
            a.unknownOutcomes().stream().limit(ROWS).forEach(p -> m.open("tr").el("td", Words.when(p.at()), "class", "nowrap")
                    .el("td", "attempt " + p.attempt()).el("td", Words.channel(p.channel())).el("td", Words.quote(p.text(), 120))
                    .el("td", p.outcomeWhy() == null ? "" : p.outcomeWhy()).close("tr"));
            m.close("tbody").close("table");
        });
        details(m, "Refusals", a.refusals().size(), () -> {
            m.open("table", "class", "small").open("tbody");
            a.refusals().stream().limit(ROWS).forEach(x -> m.open("tr").el("td", Words.when(x.at()), "class", "nowrap")
                    .el("td", x.tool()).el("td", x.turn() == null ? "" : "turn " + x.turn()).el("td", x.refusal() == null ? "" : x.refusal())
                    .close("tr"));
            m.close("tbody").close("table");
        });
        details(m, "Drafts", a.drafts().size(), () -> {
            m.open("table", "class", "small").open("tbody");
            a.drafts().stream().limit(ROWS).forEach(d -> m.open("tr").el("td", Words.when(d.held()), "class", "nowrap")
                    .el("td", d.draft()).el("td", d.cause()).el("td", d.state(), "class", "state").el("td", Words.quote(d.text(), 120))
                    .close("tr"));
            m.close("tbody").close("table");
        });
        m.close("section");
    }

    private static void details(Markup m, String title, int count, Runnable body) {
        if (count == 0) return;
        m.open("details", "class", "more-lists").el("summary", title + " (" + count + ")");
        body.run();
        m.close("details");
    }

    private static void footer(Markup m, AuditReport r) {
        AuditReport.Reading read = r.read();
        m.open("footer");
        m.el("p", read.checkpointIndex() < 0
                ? "Read " + String.format(Locale.ROOT, "%,d", read.entries()) + " journal entries from the first."
                : "Read " + String.format(Locale.ROOT, "%,d", read.entries()) + " journal entries: " + String.format(Locale.ROOT, "%,d", read.tail())
                        + " after the checkpoint the audit restored from, and " + String.format(Locale.ROOT, "%,d", read.window())
                        + " in the window.");
        m.el("p", "Private or not is the engine's decision under the rules recorded; \"took in private input\" is the "
                + "audit's own reading of the facts, the same whatever the rules, so a week decided under 0.30.0 shows "
                + "which turns today's rules keep private.");
        m.close("footer");
    }
}
