package dev.routing.projections.packed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the records that take a form of their own in a state checkpoint share (packed, or naming
 * files beside the journal): whether the state is being written as a checkpoint stores it or in the
 * canonical form that {@code state}, {@code verify} and the audit compare, which never changes with
 * it; whose record a value is; and a packed record's chunks read, with its refusals.
 */
public final class CheckpointForm {
    /** The writer's attribute that asks for the checkpoint's form. */
    public static final String ATTRIBUTE = "state-checkpoint-form";

    private CheckpointForm() {}

    public static boolean asked(SerializerProvider provider) {
        return Boolean.TRUE.equals(provider.getAttribute(ATTRIBUTE));
    }

    /**
     * The name the enclosing object gave the value the parser is at (whose record it is): the
     * context's own for a scalar, its parent's once inside the value's array or object.
     */
    public static String nameOfValue(JsonParser p) {
        JsonStreamContext here = p.getParsingContext();
        return p.currentToken().isStructStart() && here.getParent() != null ? here.getParent().getCurrentName() : here.getCurrentName();
    }

    /**
     * A packed record read from its chunks, the parser at the array's start: every chunk a string,
     * and what {@code unpack} refuses ({@link PackedIn}'s refusals) refused as the mapping's error,
     * saying {@code whose}.
     */
    public static <T> T unpacked(JsonParser p, String whose, Function<List<String>, T> unpack) throws IOException {
        List<String> chunks = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_STRING) throw JsonMappingException.from(p, whose + ": a chunk that is no string");
            chunks.add(p.getText());
        }
        try {
            return unpack.apply(chunks);
        } catch (IllegalArgumentException e) {
            throw JsonMappingException.from(p, e.getMessage(), e);
        }
    }
}
