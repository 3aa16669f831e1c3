package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import dev.routing.journal.bytes.LoneSurrogate;
import java.io.IOException;

/**
 * A string field holds Unicode text. JSON's escapes can spell a lone surrogate ({@code "\ud800"}),
 * which is no character: UTF-8 cannot carry it, so it would reach the journal and the channel as
 * {@code ?}, the words silently changed. It is refused like any bad value, naming the field.
 */
final class UnicodeText extends StdScalarDeserializer<String> {
    UnicodeText() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        String s = StringDeserializer.instance.deserialize(p, ctxt);
        int bad = s == null ? -1 : LoneSurrogate.at(s);
        if (bad >= 0) {
            return (String) ctxt.reportInputMismatch(String.class, "holds a lone surrogate (\\u%04x at character %d),"
                    + " which is not Unicode text: expected a string of whole characters, e.g. \"hello\"", (int) s.charAt(bad), bad);
        }
        return s;
    }
}
