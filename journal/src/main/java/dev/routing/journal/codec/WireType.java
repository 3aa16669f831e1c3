package dev.routing.journal.codec;

import java.util.List;

/**
 * The kind of one component's value on the wire, as the codec reads and writes it ({@link ValueKind}),
 * told to code outside the codec that describes the wire (the JSON Schema) rather than reads it.
 */
public sealed interface WireType {
    /** A value with no parts: its JSON form is fixed by the codec. */
    enum Scalar implements WireType {
        /** A JSON string. */
        TEXT,
        /** An ISO-8601 instant, as a string ({@link IsoInstant}). */
        INSTANT,
        /** A JSON integer of 64 bits. */
        INT64,
        /** A JSON integer of 32 bits. */
        INT32,
        /** {@code true} or {@code false}. */
        FLAG,
        /** Any JSON value, kept as it came (a connector's data, a checkpoint's state). */
        ANY_JSON
    }

    /** A string that is one of these names (an enum, by each constant's wire name, in declaration order). */
    record OneOf(List<String> names) implements WireType {
        public OneOf {
            names = List.copyOf(names);
        }
    }

    /** A JSON array of values of one kind, none of them null. */
    record ListOf(WireType element) implements WireType {
    }

    /** A JSON object read and written by a record's own shape, with no {@code type} (a call, a route). */
    record Nested(Class<?> record) implements WireType {
    }
}
