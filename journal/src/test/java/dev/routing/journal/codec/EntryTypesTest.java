package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.routing.journal.event.Entry;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A set of types answers, for every sample stored and as JSON (schema 1), what its type's name answers. */
class EntryTypesTest {
    private static final Set<String> PASSED = Set.of("notice.issued", "turn.locusMoved", "turn.opened");

    @Test
    void everySampleIsInTheSetExactlyWhenItsTypeIs() {
        EntryTypes types = EntryTypes.of(PASSED);
        for (Entry e : EntrySamples.full()) {
            byte[] stored = EntryCodec.store(e);
            byte[] json = EntryCodec.encode(e);
            boolean want = PASSED.contains(e.type());
            assertEquals(want, types.contains(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length), e.type() + ", stored");
            assertEquals(want, types.contains(EntryCodec.JSON_SCHEMA, json, 0, json.length), e.type() + ", as JSON");
        }
    }

    @Test
    void aNameCutShortOrEmptyIsInNoSet() {
        EntryTypes types = EntryTypes.of(PASSED);
        byte[] stored = EntryCodec.store(EntrySamples.full().stream().filter(e -> e.type().equals("turn.opened")).findFirst().orElseThrow());
        assertFalse(types.contains(EntryCodec.SCHEMA_VERSION, stored, 0, 5), "cut inside its name");
        assertFalse(types.contains(EntryCodec.SCHEMA_VERSION, stored, 0, 0), "no bytes");
        assertFalse(EntryTypes.of(Set.of()).contains(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length), "an empty set");
    }
}
