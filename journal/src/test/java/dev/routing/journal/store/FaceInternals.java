package dev.routing.journal.store;

import dev.routing.journal.store.internal.Writer;

/**
 * The package-private parts of the store's faces, for the tests of its machinery in
 * {@code store.internal}: the writer behind a {@link JournalWriter}, and a group's bytes as the
 * writer takes them.
 */
public final class FaceInternals {
    private FaceInternals() {}

    public static Writer writer(JournalWriter journal) {
        return journal.writer;
    }

    /** The group's buffer: room for the header, the seq if any, then the entries. */
    public static byte[] buffer(Group group) {
        return group.buffer();
    }

    public static int payloadOffset(Group group) {
        return group.payloadOffset();
    }

    public static int payloadLength(Group group) {
        return group.payloadLength();
    }
}
