package dev.routing.sidecar.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.routing.journal.codec.EntryCodec;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A line held to the schema this build generates ({@link ProtocolSchema#files()}, in memory: whether
 * docs/schema holds the same is {@code ProtocolSchemaFilesTest}'s question), by a validator that knows
 * nothing of the engine: networknt's json-schema-validator, draft 2020-12.
 */
public final class SchemaCheck {
    /** Where the files are said to live for the validator; {@code .invalid} names no host, so nothing is fetched. */
    private static final String BASE = "https://routing.invalid/schema/";
    private static final SchemaRegistry REGISTRY = registry();

    private final Schema schema;

    private SchemaCheck(Schema schema) {
        this.schema = schema;
    }

    /** The whole of one file ({@link ProtocolSchema#FACTS}, {@link ProtocolSchema#SIDECAR}, {@link ProtocolSchema#JOURNAL}). */
    public static SchemaCheck of(String file) {
        return new SchemaCheck(REGISTRY.getSchema(SchemaLocation.of(BASE + file)));
    }

    /** One definition of a file: a kind of line ({@code round.spoken}, {@code Decision}). */
    public static SchemaCheck of(String file, String definition) {
        return new SchemaCheck(REGISTRY.getSchema(SchemaLocation.of(BASE + file + "#/$defs/" + definition)));
    }

    /** What the schema finds wrong with the JSON text {@code line}: empty when it holds. */
    public List<String> errors(String line) {
        return schema.validate(line, InputFormat.JSON).stream().map(Error::toString).toList();
    }

    public List<String> errors(JsonNode line) {
        return schema.validate(line).stream().map(Error::toString).toList();
    }

    public boolean holds(String line) {
        return errors(line).isEmpty();
    }

    static JsonNode tree(String json) {
        try {
            return EntryCodec.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SchemaRegistry registry() {
        Map<String, String> files = new HashMap<>();
        ProtocolSchema.files().forEach((name, text) -> files.put(BASE + name, text));
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder.schemas(files));
    }
}
