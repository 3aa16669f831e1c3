package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.routing.journal.event.BadValue;
import dev.routing.journal.event.Entry;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The stored form of an entry (schema 2), derived from each record's {@link RecordShape} as the JSON
 * form is: no field names and no text to parse, so a replay reads an entry in about the time a scan
 * copies it.
 *
 * <pre>
 *  entry    u8 n, the type's n ASCII bytes ("message.received"), then its record
 *  record   varint mask: bit i set when component i is present (not null), then each present value in order
 *  value    text      varint byte length, UTF-8 bytes
 *           instant   zigzag varint epoch second, varint nano of second
 *           long, int zigzag varint
 *           flag      u8 0 or 1
 *           enum      as text, the constant's wire name
 *           list      varint count, then each element (none is null)
 *           record    a record, as above (no type)
 *           tree      varint byte length, the JSON text (a connector's raw data, a checkpoint's state)
 * </pre>
 *
 * Components are identified by position, so a record may gain components only at its end (an older
 * entry then reads with them absent); a mask bit past the record's components is an entry of a newer
 * build, refused. journal/src/test/resources/codec/shapes.txt pins every record's components in order,
 * so a component inserted, moved or removed fails a test before it can misread a journal.
 */
final class RecordBinary {
    private static final TypeNames TYPES = new TypeNames(Arrays.stream(Entry.class.getAnnotation(JsonSubTypes.class).value())
            .map(t -> RecordShape.of(t.value())).toList());

    private RecordBinary() {}

    static Entry read(byte[] bytes, int offset, int length) {
        BinaryIn in = new BinaryIn(bytes, offset, length);
        RecordShape shape = type(in);
        Object entry = readFields(in, shape);
        if (!in.atEnd()) throw new BadEntryException(null, "the stored " + shape.typeName + " has bytes after its last value", null);
        return (Entry) entry;
    }

    private static RecordShape type(BinaryIn in) {
        int n = in.u8();
        if (in.limit - in.pos < n) throw new BadEntryException("type", "the stored entry has no readable type", null);
        RecordShape shape = TYPES.find(in.buf, in.pos, n);
        if (shape == null) {
            String name = new String(in.buf, in.pos, n, StandardCharsets.ISO_8859_1);
            throw new BadEntryException("type", "unknown or unexpected type '" + name + "'", null);
        }
        in.pos += n;
        return shape;
    }

    /**
     * A stored state checkpoint with its state left as the JSON it is stored as: a restore parses it
     * once, straight into the state, with no tree of the whole state built between. Null for an entry
     * of another type.
     */
    static CheckpointJson readCheckpoint(byte[] bytes, int offset, int length) {
        BinaryIn in = new BinaryIn(bytes, offset, length);
        RecordShape shape = type(in);
        if (shape != CHECKPOINT) return null;
        Object[] values = readValues(in, shape, true);
        if (!in.atEnd()) throw new BadEntryException(null, "the stored " + shape.typeName + " has bytes after its last value", null);
        return new CheckpointJson((java.time.Instant) values[shape.indexOf("at")], (Long) values[shape.indexOf("through")],
                (Long) values[shape.indexOf("entries")], ((JsonText) values[shape.indexOf("state")]).utf8(),
                (Long) values[shape.indexOf("lastSeq")]);
    }

    private static final RecordShape CHECKPOINT = RecordShape.of(dev.routing.journal.event.StateCheckpoint.class);

    static Object readFields(BinaryIn in, RecordShape shape) {
        Object[] values = readValues(in, shape, false);
        try {
            return shape.construct(values);
        } catch (BadValue b) {
            throw new BadEntryException(b.field(), b.getMessage(), b);
        } catch (Error e) {
            throw e;
        } catch (Throwable refused) {
            throw new BadEntryException(null, "the stored " + what(shape) + " is refused by its record: " + refused, refused);
        }
    }

    /** The record's values by component, absent ones null; a tree's JSON kept as its bytes ({@link JsonText}) when {@code treesAsJson}. */
    private static Object[] readValues(BinaryIn in, RecordShape shape, boolean treesAsJson) {
        long mask = in.varLong();
        int count = shape.names.length;
        if (count < 64 && mask >>> count != 0) {
            throw new BadEntryException(null, "the stored " + what(shape) + " has component " + (63 - Long.numberOfLeadingZeros(mask))
                    + ", which this build's record lacks (written by a newer build?)", null);
        }
        long missing = shape.required & ~mask;
        if (missing != 0) throw new BadEntryException(shape.names[Long.numberOfTrailingZeros(missing)], "missing required field", null);
        Object[] values = new Object[count];
        for (long m = mask; m != 0; m &= m - 1) {
            int i = Long.numberOfTrailingZeros(m);
            try {
                values[i] = treesAsJson && shape.kinds[i] instanceof TreeKind ? TreeKind.storedJson(in) : value(shape.kinds[i], in);
            } catch (BadEntryException e) {
                throw e.under(shape.names[i]);
            }
        }
        return values;
    }

    /**
     * One value, by its kind named here, so that each call below has one receiver and can inline:
     * through {@code kind.readStored} alone, nine kinds share one call site, which inlines none.
     */
    private static Object value(ValueKind kind, BinaryIn in) {
        if (kind == ValueKind.TEXT) return in.text();
        if (kind == ValueKind.INSTANT) return in.instant();
        if (kind == ValueKind.LONG) return in.zigzag();
        if (kind == ValueKind.FLAG) return in.flag();
        if (kind == ValueKind.INT) return in.int32();
        if (kind instanceof ListedKind listed) return listed.readStored(in);
        if (kind instanceof NestedKind nested) return nested.readStored(in);
        if (kind instanceof NamedKind named) return named.readStored(in);
        return kind.readStored(in); // a tree: rare, and parsed by the mapper at a cost no dispatch adds to
    }

    static void write(BinaryOut out, Entry entry) {
        RecordShape shape = RecordShape.of(entry.getClass());
        writeType(out, shape);
        writeFields(out, shape, entry);
    }

    private static void writeType(BinaryOut out, RecordShape shape) {
        byte[] name = shape.typeNameBytes;
        out.u8(name.length);
        for (byte b : name) out.u8(b);
    }

    static void writeFields(BinaryOut out, RecordShape shape, Object record) {
        int count = shape.names.length;
        long mask = 0;
        for (int i = 0; i < count; i++) {
            if (shape.component(record, i) != null) mask |= 1L << i;
        }
        out.varLong(mask);
        // the accessors are a record's plain getters: reading each twice costs less than an array per record
        for (int i = 0; i < count; i++) {
            Object value = shape.component(record, i);
            if (value == null) continue;
            try {
                shape.kinds[i].writeStored(out, value);
            } catch (BadEntryException e) {
                throw e.under(shape.names[i]);
            }
        }
    }

    /**
     * Writes the record of {@code shape} whose components are {@code values}, as {@link #write} writes
     * the record itself: for an entry whose record is never built ({@link EntryCodec#storeCheckpoint}).
     */
    static void write(BinaryOut out, RecordShape shape, Object[] values) {
        writeType(out, shape);
        long mask = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) mask |= 1L << i;
        }
        out.varLong(mask);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) continue;
            try {
                shape.kinds[i].writeStored(out, values[i]);
            } catch (BadEntryException e) {
                throw e.under(shape.names[i]);
            }
        }
    }

    private static String what(RecordShape shape) {
        return shape.typeName != null ? shape.typeName : shape.type.getSimpleName();
    }
}
