package dev.routing.cli.explain;

import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Step;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** An explanation for a terminal: the entry asked about, then why, one journal entry a line, then the rules named. */
final class ExplainText {
    private ExplainText() {}

    static String write(Explanation x) {
        StringBuilder out = new StringBuilder();
        Set<String> rules = new LinkedHashSet<>();
        for (Step s : x.asked()) {
            out.append("Asked about ").append(s.at()).append(' ').append(s.type()).append(": ").append(s.words()).append('\n');
        }
        Step t = x.target();
        if (x.isFact()) {
            out.append(t.at()).append(" is a fact, not a decision: ").append(t.type()).append(": ").append(t.words()).append('\n');
            if (x.ledTo().isEmpty()) {
                out.append("It led to no decision of its own.\n");
            } else {
                out.append("It led to ").append(x.ledTo().size()).append(x.ledTo().size() == 1 ? " decision" : " decisions")
                        .append(" (explain one with --index ").append(x.ledTo().get(0).at()).append("):\n");
                lines(out, x.ledTo(), rules);
            }
        } else {
            out.append(t.at()).append(" is a decision: ").append(t.type()).append(": ").append(t.words()).append('\n');
            out.append("Decided by rule ").append(t.rule() == null ? "(none said)" : t.rule());
            String title = RuleTitles.of(t.rule());
            if (title != null) out.append(": ").append(title);
            out.append('\n');
            if (t.rule() != null) rules.add(t.rule());
            out.append("\nWhy, oldest first (journal index:position, entry, rule, what it says):\n");
            lines(out, x.chain(), rules);
        }
        if (!x.turn().isEmpty()) {
            out.append("\nThe turn's decisions, in order:\n");
            lines(out, x.turn(), rules);
        }
        if (!x.notes().isEmpty()) {
            out.append('\n');
            for (String note : x.notes()) out.append("Note: ").append(note).append('\n');
        }
        if (!rules.isEmpty()) {
            out.append("\nRules (docs/rules-index.md):\n");
            for (String id : rules) {
                String title = RuleTitles.of(id);
                out.append("  ").append(id).append("  ").append(title == null ? "(not in the index)" : title).append('\n');
            }
        }
        return out.toString();
    }

    private static void lines(StringBuilder out, List<Step> steps, Set<String> rules) {
        int where = 0;
        int type = 0;
        for (Step s : steps) {
            where = Math.max(where, s.at().toString().length());
            type = Math.max(type, s.type().length());
        }
        for (Step s : steps) {
            if (s.rule() != null) rules.add(s.rule());
            out.append(String.format(Locale.ROOT, "  %-" + where + "s  %-" + type + "s  %-4s  %s%s%n", s.at(), s.type(),
                    s.rule() == null ? "" : s.rule(), s.words(), role(s)));
        }
    }

    private static String role(Step s) {
        return switch (s.role()) {
            case Step.DECISION -> "   <- asked about";
            case Step.ANSWERS -> "   <- the fact it answers";
            default -> "";
        };
    }
}
