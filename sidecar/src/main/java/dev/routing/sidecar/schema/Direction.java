package dev.routing.sidecar.schema;

/**
 * Which way a line travels, which decides how strictly absent values are described: the engine's
 * reader and writer differ there, and a schema must be exactly as strict as the side that reads it.
 */
enum Direction {
    /**
     * A fact as a host sends it: an optional field may also be given as {@code null} (the reader takes
     * it as absent), a line may carry {@code seq}, and the closed sets of a host's values apply.
     */
    TO_ENGINE,
    /**
     * An entry as the engine writes it (a decision on the sidecar, any entry in {@code dump}): an
     * absent field is left out, never written as null, except the few a record writes as null on purpose.
     */
    FROM_ENGINE
}
