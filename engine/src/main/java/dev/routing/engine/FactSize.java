package dev.routing.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/** The refusals of a fact too large to journal: they name what made it so. */
final class FactSize {
    private FactSize() {}

    /** A fact over {@link Journal#FACT_LIMIT}: refused before it is decided, naming its largest field. */
    static BadEntryException refusal(Fact fact, int bytes) {
        String[] largest = {null};
        long[] size = {-1};
        largest(EntryCodec.tree(fact), "", largest, size);
        return new BadEntryException(largest[0], String.format(Locale.ROOT, "the %s is %,d bytes, over the %,d bytes a fact may be"
                + " (this field holds %,d of them): refused, nothing journaled", fact.type(), bytes, Journal.FACT_LIMIT,
                size[0]), null);
    }

    /** A fact whose decisions would make its group over {@link Journal#GROUP_LIMIT}. */
    static BadEntryException groupRefusal(Group group) {
        return new BadEntryException(null, String.format(Locale.ROOT, "its decisions would make a journal group of %,d bytes (the"
                + " largest entry, a %s, %,d), over the %,d bytes one group may be: refused, nothing journaled",
                group.bytes(), group.largestType(), group.largestBytes(), Journal.GROUP_LIMIT), null);
    }

    /**
     * The field that weighs most: the longest string, or an array of many items when it outweighs
     * that string by far (a field's own name is short; its value is what weighs).
     */
    private static void largest(JsonNode node, String path, String[] at, long[] size) {
        String[] string = {null};
        long[] stringSize = {-1};
        String[] array = {null};
        long[] arraySize = {-1};
        walk(node, path, string, stringSize, array, arraySize);
        boolean manyItems = arraySize[0] > 2 * stringSize[0];
        at[0] = manyItems ? array[0] : string[0];
        size[0] = manyItems ? arraySize[0] : stringSize[0];
    }

    private static void walk(JsonNode node, String path, String[] string, long[] stringSize, String[] array, long[] arraySize) {
        if (node.isTextual()) {
            if (node.textValue().length() > stringSize[0]) {
                stringSize[0] = node.textValue().length();
                string[0] = path;
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                walk(f.getValue(), path.isEmpty() ? f.getKey() : path + "." + f.getKey(), string, stringSize, array, arraySize);
            }
        } else if (node.isArray()) {
            long total = node.toString().length();
            if (total > arraySize[0]) {
                arraySize[0] = total;
                array[0] = path;
            }
            for (int i = 0; i < node.size(); i++) walk(node.get(i), path + "[" + i + "]", string, stringSize, array, arraySize);
        }
    }
}
