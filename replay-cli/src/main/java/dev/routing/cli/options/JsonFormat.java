package dev.routing.cli.options;

import com.fasterxml.jackson.core.JsonGenerator;
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
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try {
            write(value, bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The value as {@link #write(Object)} writes it, to {@code out} as it is made (a week's audit or
     * diff is a hundred megabytes and more), with the modules' serializers added (a report's own
     * fields); {@code out} is left open.
     */
    public static void write(Object value, OutputStream out, Module... added) throws IOException {
        ObjectMapper mapper = added.length == 0 ? JSON : JSON.copy().registerModules(added);
        mapper.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, value);
        out.write('\n');
    }

    /** A value as a tree, to add to before it is written. */
    public static <T extends com.fasterxml.jackson.databind.JsonNode> T tree(Object value) {
        return JSON.valueToTree(value);
    }
}
