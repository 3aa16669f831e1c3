package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.sidecar.schema.ProtocolSchema;
import dev.routing.sidecar.schema.SchemaCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's real output held to the JSON Schema generated from its records (docs/schema): a
 * simulated day, as {@code dump} prints its journal, against journal.schema.json; its facts, numbered,
 * against fact.schema.json; and every line the sidecar writes feeding them to {@code run -} (its ready
 * line, each decision, each fact.accepted, a fact.rejected, and, the sidecar stopped with an attempt
 * out and started again, a ready line with opening decisions) against sidecar.schema.json.
 */
class SidecarOutputMatchesSchemaTest {
    private static final SchemaCheck JOURNAL = SchemaCheck.of(ProtocolSchema.JOURNAL);
    private static final SchemaCheck FACTS = SchemaCheck.of(ProtocolSchema.FACTS);
    private static final SchemaCheck SIDECAR = SchemaCheck.of(ProtocolSchema.SIDECAR);

    @TempDir
    Path tmp;

    @Test
    void aSimulatedDayAndEveryLineTheSidecarWritesForItHoldToTheSchema() {
        Path day = tmp.resolve("day");
        Cli.run("simulate", "--journal", day.toString(), "--days", "1", "--events", "3000", "--incident").exits(ExitCodes.OK);
        List<JsonNode> entries = Cli.dump(day, "--checkpoints");
        List<String> failures = new ArrayList<>();
        for (JsonNode entry : entries) check(JOURNAL, entry, failures);

        List<String> lines = new ArrayList<>();
        int cut = -1; // the facts up to the first that asked for a publication: the sidecar stops with it out
        long seq = 0;
        for (JsonNode entry : entries) {
            String type = entry.path("type").asText();
            if (type.equals("publish.requested") && cut < 0) cut = lines.size();
            if (Cli.isDecision(entry) || type.equals("engine.started") || type.equals("state.checkpoint")) continue;
            ObjectNode line = ((ObjectNode) entry.deepCopy()).put("seq", ++seq);
            check(FACTS, line, failures);
            lines.add(line.toString());
            // a line the engine refuses and the schema cannot see: an @N reference to no draft
            if (seq == 3) lines.add("{\"type\":\"round.spoken\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":1,\"round\":9,\"text\":\"\","
                    + "\"calls\":[{\"tool\":\"drafts\",\"action\":\"resend\",\"draftIds\":[\"@999\"]}]}");
        }
        assertTrue(cut > 3, "the day asks for a publication after its first facts");
        Path journal = tmp.resolve("journal");
        List<JsonNode> out = new ArrayList<>(sidecar(journal, lines.subList(0, cut)));
        List<JsonNode> reopened = sidecar(journal, lines.subList(cut, lines.size()));
        assertTrue(reopened.get(0).path("opening").size() > 0, () -> "the attempt left out is read at the opening: " + reopened.get(0));
        out.addAll(reopened);
        Set<String> seen = new TreeSet<>();
        for (JsonNode line : out) {
            check(SIDECAR, line, failures);
            seen.add(line.path("type").asText());
        }
        assertEquals(List.of(), failures, "lines the schema refuses");
        assertTrue(seen.containsAll(Set.of("sidecar.ready", "fact.accepted", "fact.rejected", "turn.opened", "speech.routed",
                "publish.requested", "publish.outcome", "notice.issued", "draft.held")), () -> "a day's lines of every common kind: " + seen);
        assertEquals(seq, out.stream().filter(l -> l.path("type").asText().equals("fact.accepted")).count(), "every fact answered");
    }

    private static List<JsonNode> sidecar(Path journal, List<String> lines) {
        String stdin = lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
        return Cli.withStdin(stdin, "run", "-", "--journal", journal.toString()).exits(ExitCodes.OK).json();
    }

    private static void check(SchemaCheck schema, JsonNode line, List<String> failures) {
        List<String> errors = schema.errors(line);
        if (!errors.isEmpty()) failures.add(EntryCodec.mapper().valueToTree(line) + " " + errors);
    }
}
