package dev.routing.projections.privacy;

import dev.routing.projections.keyed.HashedSortedMap;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * A seal's part (docs/decisions/0014): the kept messages stored or changed since the seal before it,
 * those let go since as {@link KeptMessages#GONE}, and which part came before, so that every seal's
 * table can be made again from the parts up to it. The table a seal writes holds every message and is
 * replaced by the next; the parts are small and kept, so an older checkpoint, whose table was
 * replaced, still restores from them (an audit of a past window, {@code explain}, {@code state --at})
 * without folding the journal.
 *
 * <p>The body, {@link PackedOut}'s varints: 0 for a first part, or 1, the day of the part before and
 * its file's checksum (unsigned); the number of agents; each agent's name (UTF-8 length and bytes)
 * and its messages in the checkpoint's packed form ({@link KeptMessagesForm}), tombstones included.
 */
public final class KeptPart {
    /** The part before: its day and its file's checksum. */
    public record Link(long day, int crc) {}

    /** A part as read: the one before it (null for a first part), and each agent's messages by id. */
    public record Read(Link before, Map<String, HashedSortedMap<String, StoredMessage>> messages) {}

    private KeptPart() {}

    /** The part of {@code kept}'s heap, after {@code before} (null: none). */
    public static byte[] write(Link before, KeptMessages kept) {
        PackedOut out = new PackedOut(64);
        if (before == null) out.varLong(0);
        else out.varLong(1).varLong(before.day()).varLong(Integer.toUnsignedLong(before.crc()));
        TreeSet<String> agents = new TreeSet<>(kept.heap.keySet());
        out.varLong(agents.size());
        for (String agent : agents) {
            out.string(agent, "an agent's kept messages");
            KeptMessagesForm.packInto(out, kept.heap.get(agent));
        }
        return out.toBytes();
    }

    /**
     * Reads a part whose file's checksum held.
     *
     * @throws IllegalArgumentException naming what is not of the form
     */
    public static Read read(String what, byte[] body) {
        PackedIn in = new PackedIn(what, body);
        long first = in.varLong();
        Link before;
        if (first == 0) before = null;
        else if (first == 1) {
            long day = in.varLong();
            long crc = in.varLong();
            if (crc < 0 || crc > 0xFFFF_FFFFL) throw in.refused("a checksum of " + crc);
            before = new Link(day, (int) crc);
        } else throw in.refused("neither a first part nor one after another: " + first);
        int agents = in.count("agents", 2);
        Map<String, HashedSortedMap<String, StoredMessage>> messages = new TreeMap<>();
        String previous = null;
        for (int a = 0; a < agents; a++) {
            String agent = in.string("agent", a);
            if (previous != null && previous.compareTo(agent) >= 0) throw in.refused("agent " + agent + " is not after " + previous);
            previous = agent;
            messages.put(agent, KeptMessagesForm.unpackFrom(in, true));
        }
        in.end();
        return new Read(before, messages);
    }

    /**
     * The table of every message the parts keep, oldest part first, each one's messages over the
     * older ones' and its tombstones taking them away ({@link SealedKept#write}).
     */
    public static SealedKept table(List<Read> oldestFirst, Predicate<StoredMessage> privateInput, LongPredicate privateTurn) {
        Map<String, Map<String, StoredMessage>> all = new TreeMap<>();
        for (Read part : oldestFirst) {
            part.messages().forEach((agent, byId) -> {
                Map<String, StoredMessage> mine = all.computeIfAbsent(agent, x -> new TreeMap<>());
                byId.forEach((id, m) -> {
                    if (m == KeptMessages.GONE) mine.remove(id);
                    else mine.put(id, m);
                });
            });
        }
        all.values().removeIf(Map::isEmpty);
        return SealedKept.over(SealedIds.Body.of(SealedKept.write(all, privateInput, privateTurn)));
    }

}
