package dev.routing.projections.privacy;

import dev.routing.journal.bytes.LoneSurrogate;
import dev.routing.journal.bytes.Varint;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * Writes {@link SealedKept}'s body (its layout is there): the sections built on the heap, then put
 * in one buffer. The writer sorts, so the same messages make the same bytes whatever order their
 * maps iterate in.
 */
final class SealedKeptWrite {
    /** A row of the work list: a turn and an entry's offset. */
    private record Work(long turn, long entry) {}

    private SealedKeptWrite() {}

    static ByteBuffer write(Map<String, ? extends Map<String, StoredMessage>> messages, Predicate<StoredMessage> privateInput,
                            LongPredicate privateTurn) {
        List<String> agents = new ArrayList<>();
        long count = 0;
        for (Map.Entry<String, ? extends Map<String, StoredMessage>> e : messages.entrySet()) {
            if (e.getKey() == null) throw new IllegalArgumentException("kept messages under a null agent");
            if (e.getValue() == null) throw new IllegalArgumentException("agent " + e.getKey() + "'s kept messages are null");
            // an agent with none is in no section: the table holds agents with at least one
            if (!e.getValue().isEmpty()) agents.add(e.getKey());
            count += e.getValue().size();
        }
        if (count > Integer.MAX_VALUE / 2) throw new IllegalArgumentException(count + " kept messages: more than a buffer holds");
        agents.sort(Comparator.naturalOrder());
        Bytes entries = new Bytes((int) Math.min(1 << 30, 16 + count * 16));
        Bytes agentsOut = new Bytes(16 + agents.size() * 16);
        Words words = new Words();
        long[] mixes = new long[(int) count];
        int[] offsets = new int[(int) count];
        Bytes privateRows = new Bytes(64);
        List<Work> work = new ArrayList<>();
        int k = 0;
        for (String agent : agents) {
            Map<String, StoredMessage> byId = messages.get(agent);
            String[] ids = byId.keySet().toArray(new String[0]);
            for (String id : ids) {
                if (id == null) throw new IllegalArgumentException("agent " + agent + " keeps a message under a null id");
            }
            Arrays.sort(ids);
            int from = entries.size;
            int rows = 0;
            for (String id : ids) {
                StoredMessage m = byId.get(id);
                if (m == null) throw new IllegalArgumentException("agent " + agent + "'s kept message " + id + " is null");
                int at = entries.size;
                entries.string(id, "agent " + agent + "'s message id " + id);
                entries.varint(KeptMessagesForm.flags(m));
                entries.varint(words.number(m.kind)).varint(words.number(m.channel)).varint(words.number(m.server));
                if (m.tags != null) {
                    entries.varint(m.tags.size());
                    for (String tag : m.tags) entries.varint(words.number(tag));
                }
                if (m.isWork()) entries.varint(m.workTurn());
                if (m.hasReadIn()) entries.varint(m.readIn());
                if (m.unclassified != null) entries.varint(words.number(m.unclassified));
                mixes[k] = SealedKept.mix(agent.hashCode(), id.hashCode());
                offsets[k++] = at;
                if (m.onBranch && privateInput.test(m)) {
                    privateRows.long8(at);
                    rows++;
                }
                if (m.isWork() && !privateTurn.test(m.workTurn())) work.add(new Work(m.workTurn(), at));
            }
            agentsOut.string(agent, "agent " + agent).varint(ids.length).varint(entries.size - from).varint(rows);
        }
        // by turn, then offset: the rows were added in (agent, id) order, which the sort keeps
        work.sort(Comparator.comparingLong(Work::turn));

        long slots = Math.max(SealedKept.MIN_SLOTS, (count * 4 + 2) / 3);
        long wordsAt = SealedKept.HEADER + 8 * slots + privateRows.size + 16L * work.size();
        long agentsAt = wordsAt + words.out.size;
        long entriesAt = agentsAt + agentsOut.size;
        long length = entriesAt + entries.size;
        if (length > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("kept messages of " + length + " bytes: more than a buffer holds");
        ByteBuffer out = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(0, count).putLong(8, agents.size()).putLong(16, words.numbers.size()).putLong(24, slots)
                .putLong(32, privateRows.size / 8).putLong(40, work.size()).putLong(48, wordsAt).putLong(56, agentsAt).putLong(64, entriesAt);
        long offsetMask = SealedKept.offsetMask(entries.size);
        for (int i = 0; i < count; i++) {
            long slot = SealedKept.home(mixes[i], slots);
            while (out.getLong((int) (SealedKept.HEADER + 8 * slot)) != 0) slot = slot + 1 == slots ? 0 : slot + 1;
            out.putLong((int) (SealedKept.HEADER + 8 * slot), SealedKept.tag(mixes[i], offsetMask) | (offsets[i] + 1L));
        }
        int at = (int) (SealedKept.HEADER + 8 * slots);
        out.put(at, privateRows.buf, 0, privateRows.size);
        at += privateRows.size;
        for (Work w : work) {
            out.putLong(at, w.turn()).putLong(at + 8, w.entry());
            at += 16;
        }
        out.put((int) wordsAt, words.out.buf, 0, words.out.size);
        out.put((int) agentsAt, agentsOut.buf, 0, agentsOut.size);
        out.put((int) entriesAt, entries.buf, 0, entries.size);
        return out;
    }

    /** The words the messages name, each numbered once, in the order first met, written as met. */
    private static final class Words {
        final Bytes out = new Bytes(256);
        final Map<String, Integer> numbers = new HashMap<>();

        /** The word's number + 1, 0 for none; a word met for the first time is written. */
        long number(String word) {
            if (word == null) return 0;
            Integer n = numbers.get(word);
            if (n == null) {
                out.string(word, "the word " + word);
                n = numbers.size();
                numbers.put(word, n);
            }
            return n + 1L;
        }
    }

    /** A section as it grows, little-endian. */
    private static final class Bytes {
        byte[] buf;
        int size;

        Bytes(int capacity) {
            buf = new byte[capacity];
        }

        Bytes varint(long v) {
            room(Varint.MAX_BYTES);
            size = Varint.put(buf, size, v);
            return this;
        }

        Bytes long8(long v) {
            room(8);
            for (int b = 0; b < 8; b++) buf[size++] = (byte) (v >>> 8 * b);
            return this;
        }

        /** A string's UTF-8 length and bytes; one holding a lone surrogate, which has none, is refused ({@code whose} names it). */
        Bytes string(String s, String whose) {
            if (LoneSurrogate.at(s) >= 0) throw new IllegalArgumentException(whose + " holds a lone surrogate: it has no UTF-8 form");
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            varint(utf8.length);
            room(utf8.length);
            System.arraycopy(utf8, 0, buf, size, utf8.length);
            size += utf8.length;
            return this;
        }

        private void room(int n) {
            if ((long) size + n > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("kept messages: more than a buffer holds");
            if (size + n > buf.length) buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(size + n, 2L * buf.length)));
        }
    }
}
