package dev.routing.projections.privacy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.routing.journal.event.TextCut;
import dev.routing.projections.keyed.HashedSortedMap;
import dev.routing.projections.packed.CheckpointForm;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * One agent's kept messages ({@link PrivacyRecord#messages}) in a state checkpoint: packed, not one
 * JSON object a message. At 10 M messages the 149,435 kept messages were 20.9 MB of the checkpoint's
 * 22.5 MB and most of a restore's parse; packed they are about a sixth of that.
 *
 * <p>The form, in {@link PackedOut}'s chunks: the words (every kind, channel, server, tag and
 * unclassified reason the messages name, each once: a count, then each word's UTF-8 length and
 * bytes), then the messages in id order: the count, then each message's id (UTF-8 length and
 * bytes), its flags ({@link #ADDRESSED} ...), its kind, channel and server (a word's number plus
 * one, 0 for none), and as its flags say: its tags (a count and words), its work's turn, the turn
 * that first read it, and why it is unclassified. Read back strictly: ids in increasing order,
 * no flag this build does not know, every word's number in range, the words each once and in the
 * order the messages first name them, every string valid UTF-8.
 *
 * <p>The canonical form ({@code state}, {@code verify}) and any checkpoint an earlier build wrote
 * stay a JSON object of messages by id, which is read as before.
 */
final class KeptMessagesForm {
    static final int ADDRESSED = 1;
    static final int SURFACE = 1 << 1;
    static final int ON_BRANCH = 1 << 2;
    static final int READ = 1 << 3;
    static final int WORK = 1 << 4;
    static final int READ_IN = 1 << 5;
    static final int TAGS = 1 << 6;
    static final int UNCLASSIFIED = 1 << 7;
    /** A sealed message let go since the seal ({@link KeptMessages#GONE}): no other flag, no field. */
    static final int GONE = 1 << 8;
    private static final int KNOWN = (1 << 8) - 1;
    private static final String SEALED = "kept ";

    private KeptMessagesForm() {}

    /**
     * Writes the kept messages as an object of agents, each an object of its messages by id (the
     * canonical form: the heap's and a seal's as one), or, when a checkpoint's form is asked for, each
     * agent's heap part packed: as an object of agents while nothing is sealed, else as an array of
     * the seal's name ({@code "kept <day> <index> <crc> <count> <part crc> <label>"}) and that object.
     */
    static final class Write extends StdSerializer<KeptMessages> {
        Write() {
            super(KeptMessages.class);
        }

        @Override
        public void serialize(KeptMessages messages, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (CheckpointForm.asked(provider)) {
                KeptMessages.Seal seal = messages.seal();
                if (seal != null) {
                    out.writeStartArray();
                    out.writeString(String.format(Locale.ROOT, "%s%d %d %d %d %d %s", SEALED, seal.day(), seal.index(), seal.crc(), seal.count(),
                            seal.partCrc(), seal.label()));
                }
                out.writeStartObject();
                for (String agent : new TreeSet<>(messages.heap.keySet())) {
                    out.writeArrayFieldStart(agent);
                    for (String chunk : pack(messages.heap.get(agent))) out.writeString(chunk);
                    out.writeEndArray();
                }
                out.writeEndObject();
                if (seal != null) out.writeEndArray();
                return;
            }
            out.writeStartObject();
            try {
                for (String agent : messages.agents()) {
                    out.writeFieldName(agent);
                    out.writeStartObject();
                    messages.forEach(agent, (id, m) -> {
                        try {
                            out.writeFieldName(id);
                            provider.defaultSerializeValue(m, out);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                    out.writeEndObject();
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            out.writeEndObject();
        }
    }

    /** Reads any form {@link Write} writes, and the object of objects any earlier build's checkpoint holds. */
    static final class Read extends StdDeserializer<KeptMessages> {
        Read() {
            super(KeptMessages.class);
        }

        @Override
        public KeptMessages deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            KeptMessages messages = new KeptMessages();
            KeptMessages.Seal seal = null;
            boolean sealed = p.currentToken() == JsonToken.START_ARRAY;
            if (sealed) {
                if (p.nextToken() != JsonToken.VALUE_STRING) throw JsonMappingException.from(p, "the kept messages: a seal's name is no string");
                seal = seal(p, p.getText());
                p.nextToken();
            }
            if (p.currentToken() != JsonToken.START_OBJECT) throw JsonMappingException.from(p, "the kept messages: no object of agents");
            for (String agent = p.nextFieldName(); agent != null; agent = p.nextFieldName()) {
                p.nextToken();
                messages.heap.put(agent, agent(p, ctxt, agent, sealed));
            }
            if (sealed) {
                if (p.nextToken() != JsonToken.END_ARRAY) throw JsonMappingException.from(p, "the kept messages: more than a seal's name and its agents");
                messages.named(seal);
            }
            return messages;
        }

        private static HashedSortedMap<String, StoredMessage> agent(JsonParser p, DeserializationContext ctxt, String agent, boolean sealed)
                throws IOException {
            String whose = "the kept messages of " + agent;
            if (p.currentToken() == JsonToken.START_ARRAY) return CheckpointForm.unpacked(p, whose, chunks -> unpack(whose, chunks, sealed));
            if (p.currentToken() != JsonToken.START_OBJECT) throw JsonMappingException.from(p, whose + ": neither an object nor chunks");
            HashedSortedMap<String, StoredMessage> messages = new HashedSortedMap<>();
            for (String id = p.nextFieldName(); id != null; id = p.nextFieldName()) {
                if (p.nextToken() == JsonToken.VALUE_NULL) throw JsonMappingException.from(p, "the kept message " + id + " of " + agent + " is null");
                messages.put(id, ctxt.readValue(p, StoredMessage.class));
            }
            return messages;
        }

        private static KeptMessages.Seal seal(JsonParser p, String name) throws JsonMappingException {
            String[] parts = name.startsWith(SEALED) ? name.substring(SEALED.length()).split(" ", 6) : new String[0];
            try {
                if (parts.length == 6 && !parts[5].isEmpty()) {
                    return new KeptMessages.Seal(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Integer.parseInt(parts[2]),
                            Long.parseLong(parts[3]), Integer.parseInt(parts[4]), parts[5]);
                }
            } catch (NumberFormatException e) {
                // said below, as any name not of the form
            }
            throw JsonMappingException.from(p, "the kept messages: '" + TextCut.atMost(name, 120) + "' is no seal's name (kept <day> <index> <crc> <count> <part crc> <label>)");
        }
    }

    static List<String> pack(HashedSortedMap<String, StoredMessage> messages) {
        PackedOut out = new PackedOut(16 + messages.size() * 32);
        packInto(out, messages);
        return out.chunks();
    }

    /** Writes the messages' form (the words, then the messages) into {@code out}. */
    static void packInto(PackedOut out, HashedSortedMap<String, StoredMessage> messages) {
        // sorted once, walked twice: a checkpoint at 10 M messages sorts 149,435 of them, and since
        // today's ids are logged rather than held (docs/decisions/0012) checkpoints come five times as often
        @SuppressWarnings("unchecked")
        Map.Entry<String, StoredMessage>[] sorted = messages.entrySet().toArray(new Map.Entry[0]);
        Words words = new Words();
        for (Map.Entry<String, StoredMessage> e : sorted) {
            StoredMessage m = e.getValue();
            if (m == KeptMessages.GONE) continue;
            words.add(m.kind);
            words.add(m.channel);
            words.add(m.server);
            if (m.tags != null) m.tags.forEach(words::add);
            words.add(m.unclassified);
        }
        out.varLong(words.list.size());
        for (byte[] w : words.list) out.varLong(w.length).bytes(w, 0, w.length);
        out.varLong(sorted.length);
        for (Map.Entry<String, StoredMessage> e : sorted) {
            StoredMessage m = e.getValue();
            out.string(e.getKey(), "a kept message");
            if (m == KeptMessages.GONE) {
                out.varLong(GONE);
                continue;
            }
            out.varLong(flags(m));
            out.varLong(words.number(m.kind)).varLong(words.number(m.channel)).varLong(words.number(m.server));
            if (m.tags != null) {
                out.varLong(m.tags.size());
                for (String tag : m.tags) out.varLong(words.number(tag));
            }
            if (m.isWork()) out.varLong(m.workTurn());
            if (m.hasReadIn()) out.varLong(m.readIn());
            if (m.unclassified != null) out.varLong(words.number(m.unclassified));
        }
    }

    /** The message's flags, as a checkpoint and a sealed table ({@link SealedKept}) write them. */
    static int flags(StoredMessage m) {
        return (m.addressed ? ADDRESSED : 0) | (m.surface ? SURFACE : 0) | (m.onBranch ? ON_BRANCH : 0) | (m.read ? READ : 0)
                | (m.isWork() ? WORK : 0) | (m.hasReadIn() ? READ_IN : 0) | (m.tags != null ? TAGS : 0)
                | (m.unclassified != null ? UNCLASSIFIED : 0);
    }

    /** {@code sealed}: the checkpoint names a seal, so a message let go since it ({@link #GONE}) may be named. */
    static HashedSortedMap<String, StoredMessage> unpack(String what, List<String> chunks, boolean sealed) {
        PackedIn in = new PackedIn(what, chunks);
        HashedSortedMap<String, StoredMessage> messages = unpackFrom(in, sealed);
        in.end();
        return messages;
    }

    /** Reads one form {@link #packInto} wrote from {@code in}, which goes on after it. */
    static HashedSortedMap<String, StoredMessage> unpackFrom(PackedIn in, boolean sealed) {
        WordsRead words = new WordsRead(in);
        int count = in.count("messages", 3); // the least a message takes: a tombstone of an empty id, its length and two-byte flag
        HashedSortedMap<String, StoredMessage> messages = new HashedSortedMap<>();
        String previous = null;
        for (int k = 0; k < count; k++) {
            String id = in.string("the id of message", k);
            if (previous != null && previous.compareTo(id) >= 0) throw in.refused("message " + k + "'s id " + id + " is not after " + previous);
            previous = id;
            long flags = in.varLong();
            if (flags == GONE && sealed) {
                messages.put(id, KeptMessages.GONE);
                continue;
            }
            if ((flags & ~KNOWN) != 0) throw in.refused("message " + id + " has flags this build does not know: " + flags);
            StoredMessage m = new StoredMessage();
            m.addressed = (flags & ADDRESSED) != 0;
            m.surface = (flags & SURFACE) != 0;
            m.onBranch = (flags & ON_BRANCH) != 0;
            m.read = (flags & READ) != 0;
            m.kind = words.word(id, true);
            m.channel = words.word(id, true);
            m.server = words.word(id, true);
            if ((flags & TAGS) != 0) {
                int tags = in.count("tags", 1);
                List<String> list = new ArrayList<>(tags);
                for (int t = 0; t < tags; t++) list.add(words.word(id, true));
                m.tags = tags == 0 ? List.of() : list;
            }
            if ((flags & WORK) != 0) m.workTurn(in.varLong());
            if ((flags & READ_IN) != 0) m.readFirstIn(in.varLong());
            if ((flags & UNCLASSIFIED) != 0) m.unclassified = words.word(id, false);
            messages.put(id, m);
        }
        words.allNamed();
        return messages;
    }

    /**
     * The words as read, and how many of them the messages have named so far: a writer writes each
     * word once, in the order the messages first name it ({@link Words}), so a word twice, a word
     * named before the ones ahead of it, or a word no message names is refused.
     */
    private static final class WordsRead {
        private final PackedIn in;
        private final String[] words;
        private int named;

        WordsRead(PackedIn in) {
            this.in = in;
            words = new String[in.count("words", 1)];
            Map<String, Integer> seen = new HashMap<>();
            for (int w = 0; w < words.length; w++) {
                words[w] = StoredMessage.shared(in.string("word", w));
                Integer before = seen.putIfAbsent(words[w], w);
                if (before != null) throw in.refused("word " + w + " is word " + before + " again");
            }
        }

        /** A word by its number plus one; 0 stands for none where {@code noneAllowed}. */
        String word(String id, boolean noneAllowed) {
            long n = in.varLong();
            if (n == 0 && noneAllowed) return null;
            if (n < 1 || n > words.length) throw in.refused("message " + id + " names word " + (n - 1) + " of " + words.length);
            int w = (int) (n - 1);
            if (w > named) throw in.refused("message " + id + " names word " + w + " before word " + named);
            if (w == named) named++;
            return words[w];
        }

        void allNamed() {
            if (named < words.length) throw in.refused("word " + named + " is named by no message");
        }
    }

    /** The words the messages name, each numbered once, in the order first met. */
    private static final class Words {
        final List<byte[]> list = new ArrayList<>();
        final Map<String, Integer> numbers = new HashMap<>();

        void add(String word) {
            if (word == null || numbers.containsKey(word)) return;
            byte[] b = PackedOut.utf8(word, "a kept message");
            numbers.put(word, list.size());
            list.add(b);
        }

        /** The word's number plus one, 0 for none. */
        long number(String word) {
            return word == null ? 0 : numbers.get(word) + 1;
        }
    }
}
