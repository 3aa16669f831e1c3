package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.TurnEnded;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every entry type is found by its stored name's bytes, and no name a byte or a length away from one is. */
class TypeNamesTest {
    private static final List<RecordShape> TYPES = Arrays.stream(Entry.class.getAnnotation(JsonSubTypes.class).value())
            .map(t -> RecordShape.of(t.value())).toList();
    private static final TypeNames NAMES = new TypeNames(TYPES);

    @Test
    void everyTypeIsFoundByItsNameAndNoNameNearIt() {
        for (RecordShape shape : TYPES) {
            byte[] name = shape.typeNameBytes;
            byte[] inside = new byte[name.length + 4];
            System.arraycopy(name, 0, inside, 2, name.length);
            assertSame(shape, NAMES.find(inside, 2, name.length), shape.typeName);
            for (int i = 0; i < name.length; i++) {
                byte[] changed = name.clone();
                changed[i] ^= 0x20;
                assertNull(NAMES.find(changed, 0, changed.length), () -> new String(changed));
            }
            assertNull(NAMES.find(name, 0, name.length - 1), shape.typeName + " less its last byte");
            assertNull(NAMES.find(inside, 2, name.length + 1), shape.typeName + " and one byte more");
        }
    }

    @Test
    void twoTypesOfOneNameAreRefused() {
        RecordShape ended = RecordShape.of(TurnEnded.class);
        assertThrows(IllegalStateException.class, () -> new TypeNames(List.of(ended, ended)));
    }
}
