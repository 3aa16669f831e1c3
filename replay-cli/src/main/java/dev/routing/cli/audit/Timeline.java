package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Publication;
import dev.routing.engine.audit.AuditReport.TurnEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One agent's week as an SVG timeline: days across, its turns as bars in the top lane (private turns
 * shaded, turns that took in private input but were treated as public hatched), then a lane per
 * channel with a mark per publication (coloured by outcome) and a red mark per finding. Every mark
 * carries a tooltip with its words; a turn's bar is a link target, and a finding's mark links to its
 * row. Dense lanes are drawn as counts per pixel column.
 */
final class Timeline {
    static final int WIDTH = 1320;
    private static final int LABEL = 118;
    private static final int RIGHT = 14;
    private static final int AXIS = 30;
    private static final int TURN_LANE = 34;
    private static final int LANE = 24;
    private static final int BOTTOM = 12;
    private static final int DENSE = 2_500;
    private static final long DAY = 86_400_000L;

    private final long from;
    private final long to;

    /** A timeline from the start of {@code first}'s day to the end of {@code last}'s. */
    Timeline(Instant first, Instant last) {
        long a = first == null ? 0 : Math.floorDiv(first.toEpochMilli(), DAY) * DAY;
        long b = last == null ? a + DAY : (Math.floorDiv(last.toEpochMilli(), DAY) + 1) * DAY;
        this.from = a;
        this.to = Math.max(b, a + DAY);
    }

    private double x(Instant at) {
        double f = (double) (at.toEpochMilli() - from) / (to - from);
        return LABEL + Math.max(0, Math.min(1, f)) * (WIDTH - LABEL - RIGHT);
    }

    /** The turns {@link #draw} gives a bar of their own: none in a lane dense enough to be drawn as counts. */
    static List<Long> bars(AgentReport a) {
        if (a.turns().size() > DENSE) return List.of();
        return a.turns().stream().filter(t -> t.opened() != null).map(TurnEntry::turn).toList();
    }

    void draw(Markup m, AgentReport a, Anchors anchors) {
        Map<String, List<Publication>> lanes = new LinkedHashMap<>();
        a.publications().stream().map(Publication::channel).distinct().sorted().forEach(c -> lanes.put(c, new ArrayList<>()));
        for (Publication p : a.publications()) lanes.get(p.channel()).add(p);
        if (lanes.isEmpty()) lanes.put(null, List.of());
        int height = AXIS + TURN_LANE + lanes.size() * LANE + BOTTOM;
        m.open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "timeline", "data-agent", a.agent(),
                "viewBox", "0 0 " + WIDTH + " " + height, "width", WIDTH, "height", height, "role", "img",
                "aria-label", "timeline of " + a.agent());
        m.el("title", a.agent() + ": " + a.turns().size() + " turns, " + a.publications().size() + " publications, "
                + a.findings().size() + " findings");
        days(m, height);
        int y = AXIS;
        laneLabel(m, "turns", y, TURN_LANE, false);
        Set<Long> leaked = new HashSet<>();
        for (Finding f : a.findings()) leaked.add(f.turn());
        turns(m, a, y, leaked, anchors);
        y += TURN_LANE;
        Map<String, Integer> laneY = new LinkedHashMap<>();
        for (Map.Entry<String, List<Publication>> lane : lanes.entrySet()) {
            laneLabel(m, lane.getKey() == null ? "no publications" : Words.channel(lane.getKey()), y, LANE, true);
            laneY.put(lane.getKey(), y);
            publications(m, lane.getValue(), y);
            y += LANE;
        }
        for (Finding f : a.findings()) finding(m, f, laneY.getOrDefault(f.channel(), AXIS + TURN_LANE), anchors);
        m.close("svg");
    }

    private void days(Markup m, int height) {
        for (long d = from; d < to; d += DAY) {
            double x0 = x(Instant.ofEpochMilli(d));
            double x1 = x(Instant.ofEpochMilli(d + DAY));
            double w8 = x(Instant.ofEpochMilli(d + 8 * 3_600_000L));
            double w19 = x(Instant.ofEpochMilli(d + 19 * 3_600_000L));
            m.empty("rect", "class", "workday", "x", Markup.num(w8), "y", AXIS, "width", Markup.num(w19 - w8), "height",
                    height - AXIS - BOTTOM);
            m.empty("line", "class", "midnight", "x1", Markup.num(x0), "x2", Markup.num(x0), "y1", 14, "y2", height - BOTTOM);
            m.el("text", Words.day(Instant.ofEpochMilli(d)), "class", "day", "x", Markup.num((x0 + x1) / 2), "y", 20);
        }
        double end = x(Instant.ofEpochMilli(to));
        m.empty("line", "class", "midnight", "x1", Markup.num(end), "x2", Markup.num(end), "y1", 14, "y2", height - BOTTOM);
    }

    private static void laneLabel(Markup m, String label, int y, int h, boolean channel) {
        m.empty("line", "class", "lane", "x1", 0, "x2", WIDTH, "y1", y + h, "y2", y + h);
        m.el("text", label, "class", channel ? "lane-label channel" : "lane-label", "x", LABEL - 10, "y", y + h / 2 + 4);
    }

    private void turns(Markup m, AgentReport a, int y, Set<Long> leaked, Anchors anchors) {
        List<TurnEntry> turns = a.turns();
        if (turns.size() > DENSE) {
            dense(m, turns.stream().map(t -> new Dot(t.opened(), t.isPrivate() || t.tookInPrivateInput())).toList(), y + 6,
                    TURN_LANE - 12, "turns", "private or took in private input");
            return;
        }
        for (TurnEntry t : turns) {
            if (t.opened() == null) continue;
            double x0 = x(t.opened());
            double x1 = t.ended() == null ? x0 + 2 : x(t.ended());
            String cls = "turn" + (t.isPrivate() ? " private" : t.tookInPrivateInput() ? " took-in" : "")
                    + (leaked.contains(t.turn()) ? " leaked" : "");
            m.open("rect", "id", anchors.turn(a.agent(), t.turn()), "class", cls, "x", Markup.num(x0), "y", y + 7,
                    "width", Markup.num(Math.max(2, x1 - x0)), "height", TURN_LANE - 14, "rx", 1.5);
            m.el("title", turnWords(t));
            m.close("rect");
        }
    }

    private static String turnWords(TurnEntry t) {
        StringBuilder s = new StringBuilder("turn " + t.turn() + " · " + Words.when(t.opened()) + " to "
                + Words.clock(t.ended()) + " (" + t.end() + ") · " + t.rounds() + " round(s)");
        if (t.causes() != null && !t.causes().isEmpty()) s.append(" · woken by ").append(String.join(", ", t.causes()));
        if (t.locus() != null) {
            s.append(" · speech to ").append(Words.channel(t.locus()));
            if (t.fallback() != null) s.append(" (fallback: ").append(t.fallback()).append(')');
        }
        s.append(t.isPrivate() ? " · PRIVATE (" + t.why() + ", from its " + t.madePrivateAt() + ")" : " · public");
        if (t.tookInPrivateInput()) {
            s.append(" · took in private input: ");
            t.evidence().stream().findFirst().ifPresent(e -> s.append(e.words()));
        }
        return s.toString();
    }

    private void publications(Markup m, List<Publication> pubs, int y) {
        if (pubs.size() > DENSE) {
            dense(m, pubs.stream().map(p -> new Dot(p.at(), !"delivered".equals(p.outcome()))).toList(), y + 5, LANE - 10,
                    "publications", "not delivered");
            return;
        }
        for (Publication p : pubs) {
            String outcome = p.outcome() == null ? "awaiting" : p.outcome();
            double x = x(p.at());
            String title = "attempt " + p.attempt() + " · " + Words.when(p.at()) + " · " + Words.channel(p.channel()) + " · via "
                    + p.via() + " · " + outcome + (p.turn() == null ? "" : " · turn " + p.turn()) + " · "
                    + Words.quote(p.text(), 160);
            String tag = "speech".equals(p.via()) || "channel_publish".equals(p.via()) ? "rect" : "circle";
            if ("rect".equals(tag)) {
                m.open("rect", "class", "pub " + outcome, "x", Markup.num(x - 1), "y", y + 6, "width", 2.5, "height", LANE - 12);
            } else {
                m.open("circle", "class", "pub resend " + outcome, "cx", Markup.num(x), "cy", y + LANE / 2, "r", 3.2);
            }
            m.el("title", title);
            m.close(tag);
        }
    }

    /** A finding's red mark, a link to its row in the findings table when the table shows it. */
    private void finding(Markup m, Finding f, int laneTop, Anchors anchors) {
        double x = x(f.at());
        double cy = laneTop + LANE / 2.0;
        m.empty("line", "class", "leak-line", "x1", Markup.num(x), "x2", Markup.num(x), "y1", AXIS + 6, "y2", Markup.num(cy));
        String row = anchors.row(f);
        if (row != null) m.open("a", "href", "#" + row, "class", "finding-link");
        m.open("circle", "id", anchors.dot(f), "class", "finding", "cx", Markup.num(x), "cy", Markup.num(cy), "r", 6.5);
        m.el("title", "FINDING · turn " + f.turn() + " · " + Words.when(f.at()) + " · " + f.kind() + " "
                + Words.quote(f.text(), 200) + " published in " + Words.channel(f.channel()) + " (" + (f.outcome() == null
                ? "awaiting an answer" : f.outcome()) + ") · " + f.summary() + (row == null ? "" : " · click for its row"));
        m.close("circle");
        if (row != null) m.close("a");
    }

    private record Dot(Instant at, boolean marked) {
    }

    /** Too many marks for one lane: one bar per pixel column, its opacity the count, its colour the share marked. */
    private void dense(Markup m, List<Dot> dots, int y, int h, String what, String markedWhat) {
        int columns = WIDTH - LABEL - RIGHT;
        int[] all = new int[columns + 1];
        int[] marked = new int[columns + 1];
        for (Dot d : dots) {
            if (d.at() == null) continue;
            int c = (int) (x(d.at()) - LABEL);
            all[c]++;
            if (d.marked()) marked[c]++;
        }
        int max = 1;
        for (int c : all) max = Math.max(max, c);
        for (int c = 0; c <= columns; c++) {
            if (all[c] == 0) continue;
            double share = (double) all[c] / max;
            String cls = marked[c] > 0 ? "dense marked" : "dense";
            m.open("rect", "class", cls, "x", LABEL + c, "y", Markup.num(y + h * (1 - share)), "width", 1.2, "height",
                    Markup.num(Math.max(1, h * share)));
            Instant at = Instant.ofEpochMilli(from + (long) ((double) c / columns * (to - from)));
            m.el("title", all[c] + " " + what + " around " + Words.when(at) + ", " + marked[c] + " " + markedWhat);
            m.close("rect");
        }
    }
}
