package dev.routing.cli.audit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.explain.ExplainJson;
import dev.routing.cli.options.ReportJson;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.AgentReport;

/**
 * The audit for tools: one JSON document. Its fields are the {@link AuditReport}'s; each agent also
 * lists {@code unknownOutcomes}, the attempts whose outcome is unknown. Absent values are left out.
 */
public final class JsonReport {
    private JsonReport() {}

    public static String write(AuditReport report) {
        return write(report, FindingsWhy.none());
    }

    /**
     * With, on each finding, {@code why}: explain's document for its publication (as {@code explain
     * --format json} prints it), or {@code explain}: the command that gives it.
     */
    public static String write(AuditReport report, FindingsWhy why) {
        ObjectNode tree = ReportJson.tree(report);
        ArrayNode agents = (ArrayNode) tree.get("agents");
        for (int i = 0; i < report.agents().size(); i++) {
            AgentReport a = report.agents().get(i);
            ObjectNode agent = (ObjectNode) agents.get(i);
            ArrayNode unknown = agent.putArray("unknownOutcomes");
            a.unknownOutcomes().forEach(p -> unknown.add(p.attempt()));
            ArrayNode findings = (ArrayNode) agent.get("findings");
            for (int k = 0; findings != null && k < a.findings().size(); k++) {
                AuditReport.Finding f = a.findings().get(k);
                ObjectNode finding = (ObjectNode) findings.get(k);
                var x = why.of(f);
                if (x != null) finding.set("why", ExplainJson.tree(report.journal(), x));
                else if (why.failure(f) != null) finding.put("whyNotExplained", why.failure(f));
                else if (why.command(f) != null) finding.put("explain", why.command(f));
            }
        }
        return ReportJson.write(tree);
    }
}
