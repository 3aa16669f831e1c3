package dev.routing.sidecar.schema;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.WireShape;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The protocol's JSON Schema (draft 2020-12), generated from the journal's records: the files of
 * docs/schema, one per side of the wire, each whole in itself (no reference leaves its file).
 *
 * <ul>
 *   <li>{@value #FACTS}: a line a host sends the sidecar, one fact with an optional {@code seq}.</li>
 *   <li>{@value #SIDECAR}: a line the sidecar writes, a decision or one of its own three lines.</li>
 *   <li>{@value #JOURNAL}: an entry as the journal holds it and {@code dump} prints it.</li>
 * </ul>
 *
 * <p>Nothing here names a record's fields: each record is described from the shape the codec derives
 * for it ({@link WireShape}), so a field added to a record appears in the schema on the next build, and
 * the test that compares docs/schema with these files fails until they are written again.
 */
public final class ProtocolSchema {
    public static final String FACTS = "fact.schema.json";
    public static final String SIDECAR = "sidecar.schema.json";
    public static final String JOURNAL = "journal.schema.json";
    /** Where the files are kept, from the project's root. */
    public static final String DIRECTORY = "docs/schema";
    /** The command that writes them there, from the project's root, once the jar is built. */
    public static final String REFRESH = "java -jar replay-cli/target/replay-cli.jar schema --out " + DIRECTORY;

    private static final String FACT = "Fact";
    private static final String DECISION = "Decision";

    private ProtocolSchema() {}

    /** Each file's name and text, as this build's records give them. */
    public static SortedMap<String, String> files() {
        SortedMap<String, String> files = new TreeMap<>();
        files.put(FACTS, SchemaJson.text(factLines()));
        files.put(SIDECAR, SchemaJson.text(sidecarLines()));
        files.put(JOURNAL, SchemaJson.text(journalEntries()));
        return files;
    }

    static ObjectNode factLines() {
        Document document = new Document("FactLine", "A line a host sends the sidecar (run -, serve --socket): one fact,"
                + " with an optional seq. The engine refuses a field it does not know, at any depth.", Direction.TO_ENGINE);
        for (Class<? extends Entry> type : WireShape.entryTypes()) {
            if (hostSends(type)) document.line(WireShape.typeName(type), () -> RecordSchema.entry(type, document));
        }
        return document.finish();
    }

    static ObjectNode sidecarLines() {
        Document document = new Document("SidecarLine", "A line the sidecar writes (run -, serve --socket): its ready"
                + " line, a decision, or the line closing a fact's answer.", Direction.FROM_ENGINE);
        SidecarLines.addTo(document, DECISION);
        document.line(DECISION, () -> union(DECISION, "A decision: what the engine decided in answer to a fact.", Decision.class, document));
        return document.finish();
    }

    static ObjectNode journalEntries() {
        Document document = new Document("JournalEntry", "An entry as the journal holds it and dump prints it: a fact, a"
                + " decision, or (dump --checkpoints) a state checkpoint.", Direction.FROM_ENGINE);
        document.line(FACT, () -> union(FACT, "A fact: what the host reported, or what the engine noted of itself"
                + " (engine.started).", Fact.class, document));
        document.line(DECISION, () -> union(DECISION, "A decision: what the engine decided in answer to a fact.", Decision.class, document));
        for (Class<? extends Entry> type : WireShape.entryTypes()) {
            if (!Fact.class.isAssignableFrom(type) && !Decision.class.isAssignableFrom(type)) {
                document.line(WireShape.typeName(type), () -> RecordSchema.entry(type, document));
            }
        }
        return document.finish();
    }

    /**
     * Every fact but {@code engine.started}, which the engine writes itself and the sidecar refuses from a
     * host ({@code FactLine}, in the sidecar's lines).
     */
    private static boolean hostSends(Class<? extends Entry> type) {
        return Fact.class.isAssignableFrom(type) && type != EngineStarted.class;
    }

    /** One of the entries of a kind ({@link Fact}, {@link Decision}), each defined under its wire name. */
    private static ObjectNode union(String title, String description, Class<? extends Entry> kind, Document document) {
        ObjectNode schema = SchemaJson.object().put("title", title).put("description", description);
        ArrayNode oneOf = schema.putArray("oneOf");
        List<Class<? extends Entry>> types = WireShape.entryTypes();
        for (Class<? extends Entry> type : types) {
            if (!kind.isAssignableFrom(type)) continue;
            String name = WireShape.typeName(type);
            document.reserve(name);
            document.define(name, RecordSchema.entry(type, document));
            oneOf.add(SchemaJson.ref(name));
        }
        return schema;
    }
}
