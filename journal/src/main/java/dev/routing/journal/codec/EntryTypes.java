package dev.routing.journal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * A few entry types, tested against an entry's stored bytes without a String made of its type: a
 * reader that passes over some types asks this of every decision it walks (a String and its hash per
 * entry were a twentieth of an audit's allocation).
 */
public final class EntryTypes {
    /**
     * The facts that stand until another of their kind replaces them: a channel's registration, an
     * agent's configuration, a focus, a history. A decision's grounds may name one from any day
     * before it, so explain looks for them anywhere, and a sealed day's marks say where they lie.
     */
    public static final EntryTypes STANDING = of(Set.of("channel.registered", "agent.configured", "focus.opened",
            "history.changed"));

    private final Set<String> names;
    private final byte[][] stored;

    private EntryTypes(Set<String> names) {
        this.names = Set.copyOf(names);
        this.stored = names.stream().map(n -> n.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
    }

    public static EntryTypes of(Set<String> names) {
        return new EntryTypes(names);
    }

    public boolean isEmpty() {
        return stored.length == 0;
    }

    /** Whether the entry in {@code bytes[offset, offset + length)}, stored under {@code version}, is of one of these types. */
    public boolean contains(int version, byte[] bytes, int offset, int length) {
        if (version != EntryCodec.SCHEMA_VERSION) return names.contains(EntryCodec.typeOf(version, bytes, offset, length));
        int n = length > 0 ? bytes[offset] & 0xFF : 0;
        if (n == 0 || n >= length) return false;
        for (byte[] name : stored) {
            if (name.length == n && Arrays.equals(name, 0, n, bytes, offset + 1, offset + 1 + n)) return true;
        }
        return false;
    }
}
