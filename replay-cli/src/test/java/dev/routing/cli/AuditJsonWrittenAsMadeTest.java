package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.cli.audit.JsonReport;
import dev.routing.cli.explain.ExplainJson;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JsonFormat;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.journal.store.Journal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The audit's JSON is written as it is made, not built as one tree and then as one string (a week's
 * took more than a 2 GB heap): the document is the same, byte for byte, as the tree it replaced.
 */
class AuditJsonWrittenAsMadeTest {

    @Test
    void theDocumentWrittenAsItIsMadeIsTheTreeItReplacedByteForByte() throws IOException {
        Weeks.Week week = Weeks.incident("0.30.0");
        AuditReport report;
        FindingsWhy why;
        try (Journal j = Journal.openReader(week.journal())) {
            report = AuditWindow.run(j, null, null, null, read -> {});
            why = FindingsWhy.of(j, report);
        }
        String tree = asTree(report, why);
        assertTrue(tree.contains("\"why\" : {") && tree.contains("\"explain\" : \"explain --journal"),
                "the week has findings explained in place and findings that name the command");
        assertTrue(tree.matches("(?s).*\"unknownOutcomes\" : \\[ \\d.*"), "and an attempt whose outcome is unknown");

        ByteArrayOutputStream written = new ByteArrayOutputStream();
        JsonReport.write(report, why, written);

        assertEquals(tree, written.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCommandWritesTheSameDocumentToAFileAndToStandardOutput() throws IOException {
        Weeks.Week week = Weeks.incident("0.30.0");
        java.nio.file.Path file = Weeks.fresh("audit-json").resolve("nested/audit.json");

        Cli.Result toFile = Cli.run("audit", "--journal", week.journal().toString(), "--format", "json", "--out", file.toString())
                .exits(ExitCodes.OK);
        Cli.Result toOut = Cli.run("audit", "--journal", week.journal().toString(), "--format", "json").exits(ExitCodes.OK);

        assertEquals("", toFile.out(), toFile::toString);
        assertEquals(toOut.out(), java.nio.file.Files.readString(file, StandardCharsets.UTF_8));
        assertTrue(toOut.out().endsWith("}\n"), "one document and a newline");
    }

    /** The document as the report wrote it before: the whole tree, then the fields added to it. */
    private static String asTree(AuditReport report, FindingsWhy why) {
        ObjectNode tree = JsonFormat.tree(report);
        ArrayNode agents = (ArrayNode) tree.get("agents");
        for (int i = 0; i < report.agents().size(); i++) {
            AuditReport.AgentReport a = report.agents().get(i);
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
        return JsonFormat.write(tree);
    }
}
