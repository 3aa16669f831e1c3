package dev.routing.cli.options;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.routing.journal.codec.EntryCodec;
import java.io.IOException;
import java.io.OutputStream;

/**
 * What {@code --format json} prints, for every command that has it (audit, explain, diff): one
 * indented document, entries written as the journal's codec writes them.
 */
public final class JsonFormat {
    private static final ObjectMapper JSON = EntryCodec.mapper().copy().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonFormat() {}

    /** Any value (a tree too) as one indented JSON document and a newline. */
    public static String write(Object value) {
        try {
            return JSON.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The value as {@link #write(Object)} writes it, to {@code out} as it is made, with the module's
     * serializers added (a report's own fields); {@code out} is left open.
     */
    public static void write(Object value, OutputStream out, Module added) throws IOException {
        JSON.copy().registerModule(added).writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, value);
        out.write('\n');
    }

    /** A value as a tree, to add to before it is written. */
    public static <T extends com.fasterxml.jackson.databind.JsonNode> T tree(Object value) {
        return JSON.valueToTree(value);
    }
}
