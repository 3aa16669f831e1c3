package dev.routing.cli.explain;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.options.ReportJson;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Step;
import dev.routing.journal.codec.EntryCodec;
import java.util.List;

/**
 * An explanation for tools: one JSON document. {@code target}, then {@code chain} (decision) or
 * {@code ledTo} (fact), each step with its journal {@code index} and {@code position}, {@code at}
 * (both as explain prints them), {@code type}, {@code rule} and {@code ruleText}, {@code role},
 * {@code words} and the {@code entry} itself.
 */
public final class ExplainJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ExplainJson() {}

    static String write(String journal, Explanation x) {
        return ReportJson.write(tree(journal, x));
    }

    /** The document as a tree: what {@code explain --format json} prints, and what an audit's finding carries as {@code why}. */
    public static ObjectNode tree(String journal, Explanation x) {
        ObjectNode root = NODES.objectNode();
        root.put("journal", journal);
        root.put("kind", x.isFact() ? "fact" : "decision");
        steps(root.putArray("asked"), x.asked());
        root.set("target", step(x.target()));
        steps(root.putArray("chain"), x.chain());
        steps(root.putArray("ledTo"), x.ledTo());
        steps(root.putArray("turn"), x.turn());
        ArrayNode notes = root.putArray("notes");
        x.notes().forEach(notes::add);
        return root;
    }

    private static void steps(ArrayNode into, List<Step> steps) {
        for (Step s : steps) into.add(step(s));
    }

    private static ObjectNode step(Step s) {
        ObjectNode o = NODES.objectNode();
        o.put("at", s.at().toString());
        o.put("index", s.at().index());
        o.put("position", s.at().position());
        o.put("type", s.type());
        o.put("fact", s.isFact());
        if (s.rule() != null) {
            o.put("rule", s.rule());
            String title = RuleTitles.of(s.rule());
            if (title != null) o.put("ruleText", title);
        }
        o.put("role", s.role());
        o.put("words", s.words());
        o.set("entry", EntryCodec.readVerbatim(EntryCodec.toJson(s.entry())));
        return o;
    }
}
