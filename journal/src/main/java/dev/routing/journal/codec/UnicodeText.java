package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
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
        int bad = s == null ? -1 : loneSurrogate(s);
        if (bad >= 0) {
            return (String) ctxt.reportInputMismatch(String.class, "holds a lone surrogate (\\u%04x at character %d),"
                    + " which is not Unicode text: expected a string of whole characters, e.g. \"hello\"", (int) s.charAt(bad), bad);
        }
        return s;
    }

    /** The index of the first surrogate not in a high-low pair, or -1. */
    static int loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
