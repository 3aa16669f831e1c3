package dev.routing.cli.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.journal.codec.EntryCodec;

/**
 * The audit for tools: one JSON document. Its fields are the {@link AuditReport}'s; each agent also
 * lists {@code unknownOutcomes}, the attempts whose outcome is unknown. Absent values are left out.
 */
public final class JsonReport {
    private static final ObjectMapper JSON = EntryCodec.mapper().copy().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {}

    public static String write(AuditReport report) {
        ObjectNode tree = JSON.valueToTree(report);
        ArrayNode agents = (ArrayNode) tree.get("agents");
        for (int i = 0; i < report.agents().size(); i++) {
            AgentReport a = report.agents().get(i);
            ArrayNode unknown = ((ObjectNode) agents.get(i)).putArray("unknownOutcomes");
            a.unknownOutcomes().forEach(p -> unknown.add(p.attempt()));
        }
        try {
            return JSON.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Any value as indented JSON, the way the audit writes it. */
    public static String json(Object value) {
        try {
            return JSON.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
