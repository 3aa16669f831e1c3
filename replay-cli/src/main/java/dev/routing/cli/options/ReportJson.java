package dev.routing.cli.options;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.EntryCodec;

/** The one way the reports (audit, diff, explain) write JSON: the codec's mapper, indented, a newline at the end. */
public final class ReportJson {
    private static final ObjectMapper JSON = EntryCodec.mapper().copy().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportJson() {}

    /** Any value as the reports write it. */
    public static String write(Object value) {
        try {
            return JSON.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A value as a tree, to add fields to before it is written. */
    public static ObjectNode tree(Object value) {
        return JSON.valueToTree(value);
    }
}
