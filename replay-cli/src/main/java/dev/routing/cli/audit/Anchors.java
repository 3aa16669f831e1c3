package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The report's link targets: each finding's row and its dot on the timeline, each turn's bar, each
 * agent's panel. A link is written only to an id the page holds, so none leads nowhere: a finding
 * past the rows the table shows, or a turn drawn only as a count in a dense lane or outside the
 * window, is named without a link.
 */
final class Anchors {
    /** Each finding the table shows, by identity, and its number there (from 1). */
    private final Map<Finding, Integer> rows = new IdentityHashMap<>();
    /** Each turn drawn as a bar of its own, and the agent on whose timeline it is. */
    private final Map<Long, String> bars = new HashMap<>();

    Anchors(AuditReport report, int shownRows) {
        for (Finding f : report.findings()) {
            if (rows.size() == shownRows) break;
            rows.put(f, rows.size() + 1);
        }
        for (AgentReport a : report.agents()) {
            for (long turn : Timeline.bars(a)) bars.putIfAbsent(turn, a.agent());
        }
    }

    /** The finding's row in the table, or null when the table does not show it. */
    String row(Finding f) {
        Integer n = rows.get(f);
        return n == null ? null : "finding-" + n;
    }

    /** The finding's dot on its agent's timeline, or null when its row is not shown (the dot then links nowhere). */
    String dot(Finding f) {
        Integer n = rows.get(f);
        return n == null ? null : "finding-dot-" + n;
    }

    /** The turn's bar, or null when no timeline draws it as a bar of its own. */
    String turn(long turn) {
        return bars.containsKey(turn) ? "turn-" + turn : null;
    }

    /** The id of the bar {@code agent}'s timeline draws for the turn, or null (another agent's timeline holds it). */
    String turn(String agent, long turn) {
        return agent.equals(bars.get(turn)) ? "turn-" + turn : null;
    }

    static String agent(String agent) {
        return "agent-" + token(agent);
    }

    /**
     * A name (an agent's, a channel's) as a token for an id, a filter's value and a query string:
     * letters, digits and '-' as they are, any other character as {@code _hex_}, so two names never
     * share a token and none holds a space.
     */
    static String token(String name) {
        StringBuilder b = new StringBuilder(name.length());
        name.codePoints().forEach(c -> {
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '-')) b.append((char) c);
            else b.append('_').append(Integer.toHexString(c)).append('_');
        });
        return b.toString();
    }
}
