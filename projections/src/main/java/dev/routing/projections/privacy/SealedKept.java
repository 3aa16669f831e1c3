package dev.routing.projections.privacy;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * Every agent's kept messages ({@link PrivacyRecord#messages}) as a day's seal left them, as a table
 * that is never changed again (docs/decisions/0014, step 1), read in place from whatever holds its
 * bytes ({@link SealedIds.Body}: the engine maps a file; nothing here reads one). A restore then maps
 * them instead of parsing them from the checkpoint (149,435 at 10 M messages); the heap holds only
 * the messages changed since the seal, which shadow the table's, so a lookup asks the heap first.
 * A lookup is a hash probe that compares the id itself wherever a slot's tag matches (never a hash
 * alone: a collision would answer with another message's privacy).
 *
 * <p>The body, little-endian:
 *
 * <pre>
 *  0  i64  messages    entries held
 *  8  i64  agents      agents holding at least one
 * 16  i64  words       distinct words the entries name
 * 24  i64  slots       at least 16, and messages at most three quarters of it (as {@link SealedIds}')
 * 32  i64  private     rows of the P9 lists, every agent's
 * 40  i64  work        rows of the work list
 * 48  i64  wordsAt     where the words start: where the rows end, 72 + 8 slots + 8 private + 16 work
 * 56  i64  agentsAt    where the agents start
 * 64  i64  entriesAt   where the entries start; they run to the body's end
 * 72  slots x u64      the index over (agent, id), linear probing from {@link #home}: a slot's low
 *                      {@code offsetBits} bits hold an entry's offset among the entries + 1 (0: an empty
 *                      slot), the others the pair's {@link #tag}, so a miss reads slots, rarely an entry
 *     private x i64    each agent's P9 list in turn: the offsets of its entries written as on the branch
 *                      and private input, in id order
 *     work x 2 i64     the work list: a turn and an entry's offset, for each message written as the work
 *                      of a turn then public, by turn (signed), then offset, which is (agent, id) order
 *     words            each: its UTF-8 length (varint) and bytes
 *     agents           by name: the name (UTF-8 length and bytes), then as varints its entries' count
 *                      and bytes and its P9 list's rows; each agent's entries and rows follow the one's before
 *     entries          by (agent, id) (String.compareTo), each: the id (UTF-8 length and bytes), its flags
 *                      ({@link KeptMessagesForm}'s bits), kind, channel and server (a word's number + 1,
 *                      0 for none), then as its flags say: tags (a count, each a word + 1, 0 for a null
 *                      tag), its work's turn, the turn that first read it, why it is unclassified (a word + 1)
 * </pre>
 *
 * Varints are {@link dev.routing.journal.bytes.Varint}'s (a turn's 64 bits as they are, so a negative
 * turn takes ten bytes), in their shortest form. {@code offsetBits} is the fewest bits that hold the
 * entries' length. A pair hashes by Java's {@link String#hashCode} of agent and id (the language
 * specifies it, so any JVM reads a table another wrote), mixed ({@link #mix}).
 */
public final class SealedKept {
    static final int HEADER = 72;
    static final long MIN_SLOTS = 16;
    /** The fewest bytes an entry takes: its id's length, flags, kind, channel and server, a byte each. */
    static final int MIN_ENTRY = 5;
    /** The fewest bytes an agent takes: its name's length, its count, its entries' bytes, its rows. */
    private static final int MIN_AGENT = 4;
    private static final long KNOWN = KeptMessagesForm.ADDRESSED | KeptMessagesForm.SURFACE | KeptMessagesForm.ON_BRANCH
            | KeptMessagesForm.READ | KeptMessagesForm.WORK | KeptMessagesForm.READ_IN | KeptMessagesForm.TAGS
            | KeptMessagesForm.UNCLASSIFIED;

    /** An agent as the agents section holds it: its entries in [from, to) of the body, its P9 rows from privateFrom. */
    private record Agent(String name, int hash, long count, long from, long to, long privateFrom, long privateRows) {}

    /** An entry read: its id and its message. */
    private record Entry(String id, StoredMessage message) {}

    private final SealedIds.Body body;
    private final long messages;
    private final long slots;
    private final long privateAt;
    private final long work;
    private final long workAt;
    private final long entriesAt;
    private final long entriesLength;
    /** The slot bits that hold an entry's offset + 1; the others hold its tag. */
    private final long offsetMask;
    private final String[] words;
    /** By name, which is also by where their entries start. */
    private final Agent[] byName;
    private final Map<String, Agent> agents;
    private final List<String> names;

    private SealedKept(SealedIds.Body body, long[] header, String[] words, Agent[] byName) {
        this.body = body;
        this.messages = header[0];
        this.slots = header[3];
        this.privateAt = HEADER + 8 * slots;
        this.work = header[5];
        this.workAt = privateAt + 8 * header[4];
        this.entriesAt = header[8];
        this.entriesLength = body.length() - entriesAt;
        this.offsetMask = offsetMask(entriesLength);
        this.words = words;
        this.byName = byName;
        this.agents = new HashMap<>(byName.length * 2);
        String[] names = new String[byName.length];
        for (int a = 0; a < byName.length; a++) {
            agents.put(byName[a].name(), byName[a]);
            names[a] = byName[a].name();
        }
        this.names = List.of(names);
    }

    /**
     * The body for {@code messages} (agent -> id -> message; any iteration order, the writer sorts
     * agents and ids by String.compareTo). privateInput: whether a message is private input now
     * (the record's judgement, P2/P3); privateTurn: whether a turn id is private now.
     *
     * @throws IllegalArgumentException for a null name or message, a name with no UTF-8 form (a lone
     *     surrogate), or messages that take more than a buffer holds
     */
    public static ByteBuffer write(Map<String, ? extends Map<String, StoredMessage>> messages, Predicate<StoredMessage> privateInput,
                                   LongPredicate privateTurn) {
        return SealedKeptWrite.write(messages, privateInput, privateTurn);
    }

    /**
     * The table in {@code body} (the engine's mapped file, or {@link SealedIds.Body#of}), after checking
     * its counts and sections against its length and reading its words and agents: no entry is read,
     * so a restore maps the kept messages without reading them. Its bytes are the caller's to have
     * checked by checksum (a file's CRC32C); an entry, slot or row that is still not of the form (only
     * a writer's bug could make one) is refused where a lookup or a walk meets it ({@link
     * IllegalStateException}), never read as an answer.
     *
     * @throws IllegalArgumentException naming what is wrong with the counts, the sections, the words or the agents
     */
    public static SealedKept over(SealedIds.Body body) {
        long length = body.length();
        if (length < HEADER) throw malformed("a body of " + length + " bytes, shorter than its header's " + HEADER);
        long[] h = new long[HEADER / 8];
        for (int i = 0; i < h.length; i++) h[i] = body.longAt(8L * i);
        long messages = h[0], agents = h[1], words = h[2], slots = h[3], privateRows = h[4], work = h[5];
        long wordsAt = h[6], agentsAt = h[7], entriesAt = h[8];
        if (slots < MIN_SLOTS || slots > Integer.MAX_VALUE || slots > (length - HEADER) / 8) {
            throw malformed("slots " + slots + " in a body of " + length + " bytes (at least " + MIN_SLOTS + ")");
        }
        if (messages < 0 || messages > slots * 3 / 4) throw malformed("messages " + messages + " in slots " + slots + ": over three quarters full");
        if (privateRows < 0 || privateRows > messages) throw malformed("private " + privateRows + " rows for messages " + messages);
        if (work < 0 || work > messages) throw malformed("work " + work + " rows for messages " + messages);
        long rowsEnd = HEADER + 8 * slots + 8 * privateRows + 16 * work;
        if (wordsAt != rowsEnd) throw malformed("wordsAt " + wordsAt + ", not " + rowsEnd + " where the rows end");
        if (agentsAt < wordsAt || agentsAt > length) throw malformed("agentsAt " + agentsAt + " outside [wordsAt " + wordsAt + ", " + length + "]");
        if (entriesAt < agentsAt || entriesAt > length) throw malformed("entriesAt " + entriesAt + " outside [agentsAt " + agentsAt + ", " + length + "]");
        if (words < 0 || words > agentsAt - wordsAt || words > Integer.MAX_VALUE - 8) throw malformed("words " + words + " in " + (agentsAt - wordsAt) + " bytes");
        if (agents < 0 || agents > (entriesAt - agentsAt) / MIN_AGENT || agents > Integer.MAX_VALUE - 8) throw malformed("agents " + agents + " in " + (entriesAt - agentsAt) + " bytes");
        if (messages > (length - entriesAt) / MIN_ENTRY) throw malformed("messages " + messages + " in entries of " + (length - entriesAt) + " bytes");
        Cursor in = new Cursor(body, wordsAt, agentsAt, SealedKept::malformed);
        String[] wordList = new String[(int) words];
        for (int w = 0; w < wordList.length; w++) wordList[w] = StoredMessage.shared(in.utf8("word " + w));
        if (in.at != agentsAt) throw malformed("words " + words + " end at byte " + in.at + ", not at agentsAt " + agentsAt);
        return new SealedKept(body, h, wordList, agents(body, h));
    }

    /** The agents section read and checked: each agent's entries and rows follow the one's before and fill theirs. */
    private static Agent[] agents(SealedIds.Body body, long[] h) {
        long length = body.length();
        long messages = h[0], privateRows = h[4], agentsAt = h[7], entriesAt = h[8];
        Cursor in = new Cursor(body, agentsAt, entriesAt, SealedKept::malformed);
        Agent[] agents = new Agent[(int) h[1]];
        long from = entriesAt, rowsFrom = 0, held = 0;
        for (int a = 0; a < agents.length; a++) {
            String name = in.utf8("the name of agent " + a);
            if (a > 0 && agents[a - 1].name().compareTo(name) >= 0) throw malformed("agent " + a + "'s name " + name + " is not after " + agents[a - 1].name());
            long count = in.varint("agent " + name + "'s count");
            long bytes = in.varint("agent " + name + "'s entries' bytes");
            long rows = in.varint("agent " + name + "'s private rows");
            if (bytes > length - from) throw malformed("agent " + name + "'s entries of " + bytes + " bytes past the body's " + length);
            if (count < 1 || count > Integer.MAX_VALUE || count > bytes / MIN_ENTRY) throw malformed("agent " + name + "'s count " + count + " in " + bytes + " bytes");
            if (rows > count || rows > privateRows - rowsFrom) throw malformed("agent " + name + "'s private rows " + rows + " of its count " + count);
            agents[a] = new Agent(name, name.hashCode(), count, from, from + bytes, rowsFrom, rows);
            from += bytes;
            rowsFrom += rows;
            held += count;
        }
        if (in.at != entriesAt) throw malformed("agents " + agents.length + " end at byte " + in.at + ", not at entriesAt " + entriesAt);
        if (from != length) throw malformed("the agents' entries end at byte " + from + ", not at the body's end " + length);
        if (held != messages) throw malformed("the agents' counts add to " + held + ", not messages " + messages);
        if (rowsFrom != privateRows) throw malformed("the agents' private rows add to " + rowsFrom + ", not private " + privateRows);
        return agents;
    }

    private static IllegalArgumentException malformed(String what) {
        return new IllegalArgumentException("sealed kept messages: " + what);
    }

    private IllegalStateException damaged(String what) {
        return new IllegalStateException("the sealed kept messages are damaged: " + what);
    }

    /** Messages held, every agent's. */
    public long size() {
        return messages;
    }

    /** The agents holding at least one message, sorted. */
    public List<String> agents() {
        return names;
    }

    /** The agent's messages held (0 for an agent the table does not know). */
    public int size(String agent) {
        Agent a = agents.get(agent);
        return a == null ? 0 : (int) a.count();
    }

    /**
     * A new message each call (callers may change it), equal field by field to the one written; null
     * when the table holds none under (agent, id).
     */
    public StoredMessage find(String agent, String id) {
        Agent a = agents.get(agent);
        if (a == null) return null;
        long at = locate(a, id);
        if (at < 0) return null;
        // the id was compared whole by the probe: skipped here, not made a string again
        Cursor in = new Cursor(body, at, a.to(), this::damaged);
        long idLength = in.varint("the id's length at byte " + at);
        in.at += idLength;
        return message(in, at);
    }

    /** The agent's messages in id order (String.compareTo), each a new message. */
    public void forEach(String agent, BiConsumer<String, StoredMessage> action) {
        Agent a = agents.get(agent);
        if (a == null) return;
        Cursor in = new Cursor(body, a.from(), a.to(), this::damaged);
        String previous = null;
        for (long n = 0; in.at < a.to(); n++) {
            long at = in.at;
            if (n == a.count()) throw damaged("agent " + agent + " holds more entries than its count " + a.count() + ", at byte " + at);
            String id = in.utf8("the id at byte " + at);
            if (previous != null && previous.compareTo(id) >= 0) throw damaged("the id " + id + " at byte " + at + " is not after " + previous);
            StoredMessage m = message(in, at);
            previous = id;
            action.accept(id, m);
            if (in.at == a.to() && n + 1 != a.count()) throw damaged("agent " + agent + " holds " + (n + 1) + " entries, not its count " + a.count());
        }
    }

    /**
     * P9: of the ids written as on the branch and private input ({@code m.onBranch &&
     * privateInput.test(m)} at write time), in id order, the first for which {@code skip} is false,
     * or null. The heap's newer versions are the caller's to skip.
     */
    public String firstPrivateOnBranch(String agent, Predicate<String> skip) {
        Agent a = agents.get(agent);
        if (a == null) return null;
        long previous = -1;
        for (long r = a.privateFrom(); r < a.privateFrom() + a.privateRows(); r++) {
            long offset = body.longAt(privateAt + 8 * r);
            if (offset < a.from() - entriesAt || offset >= a.to() - entriesAt || offset <= previous) {
                throw damaged("private row " + r + " names offset " + offset + ": no entry of " + agent + " after the row before");
            }
            previous = offset;
            Entry e = entryStarting(a, entriesAt + offset, "private row " + r);
            if (!e.message().onBranch) throw damaged("private row " + r + " names " + e.id() + ", written off the branch");
            if (!skip.test(e.id())) return e.id();
        }
        return null;
    }

    /**
     * The (agent, id) of each message written as the work of {@code turn} while that turn was public
     * ({@code m.isWork() && !privateTurn.test(m.workTurn())} at write time), in (agent, id) order: a
     * binary search of the work list, then its rows of the turn.
     */
    public void workOfPublicTurn(long turn, BiConsumer<String, String> action) {
        long lo = 0, hi = work;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (body.longAt(workAt + 16 * mid) < turn) lo = mid + 1;
            else hi = mid;
        }
        long previous = -1;
        for (long r = lo; r < work && body.longAt(workAt + 16 * r) == turn; r++) {
            long offset = body.longAt(workAt + 16 * r + 8);
            if (offset < 0 || offset >= entriesLength || offset <= previous) throw damaged("work row " + r + " names offset " + offset + ": no entry after the row before");
            previous = offset;
            Agent a = agentHolding(entriesAt + offset);
            Entry e = entryStarting(a, entriesAt + offset, "work row " + r);
            if (!e.message().isWork() || e.message().workTurn() != turn) throw damaged("work row " + r + " of turn " + turn + " names " + e.id() + ", not that turn's work");
            action.accept(a.name(), e.id());
        }
    }

    /** The agent whose entries hold byte {@code at} of the entries (there is one: their ranges fill the section). */
    private Agent agentHolding(long at) {
        int lo = 0, hi = byName.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (byName[mid].from() <= at) lo = mid;
            else hi = mid - 1;
        }
        return byName[lo];
    }

    /** The entry a row names at {@code at}, after checking the index finds it there: a row naming the middle of an entry is refused. */
    private Entry entryStarting(Agent a, long at, String row) {
        Entry e = entry(a, at);
        if (locate(a, e.id()) != at) throw damaged(row + " names byte " + at + ", which the index holds as no entry's start");
        return e;
    }

    /**
     * Where (agent, id)'s entry starts in the body, or -1: a probe from the pair's home slot, which
     * reads an entry only where a slot's tag matches, and then compares its agent and id bytes.
     */
    private long locate(Agent a, String id) {
        long mix = mix(a.hash(), id.hashCode());
        long tag = tag(mix, offsetMask);
        long i = home(mix, slots);
        // at most every slot once: a table is never full, but a probe must end on any bytes
        for (long probes = 0; probes < slots; probes++, i = i + 1 == slots ? 0 : i + 1) {
            long s = body.longAt(HEADER + 8 * i);
            if (s == 0) return -1;
            if ((s & ~offsetMask) != tag) continue;
            long offset = s & offsetMask;
            if (offset == 0) throw damaged("slot " + i + " holds a tag and no entry");
            if (offset > entriesLength) throw damaged("slot " + i + " points past the entries");
            long at = entriesAt + offset - 1;
            // another agent's entry under the same tag: the same id there is another message
            if (at < a.from() || at >= a.to()) continue;
            if (sameId(a, at, id)) return at;
        }
        return -1;
    }

    /** Whether the entry at {@code at} holds {@code id}: its UTF-8 bytes compared as they are, no string made. */
    private boolean sameId(Agent a, long at, String id) {
        Cursor in = new Cursor(body, at, a.to(), this::damaged);
        long length = in.varint("the id's length at byte " + at);
        if (length > a.to() - in.at) throw damaged("the id at byte " + at + " of " + length + " bytes runs past agent " + a.name() + "'s entries");
        long p = in.at, end = in.at + length;
        int n = id.length();
        for (int i = 0; i < n; i++) {
            int c = id.charAt(i);
            if (Character.isSurrogate((char) c)) {
                // a lone surrogate has no UTF-8 form, so no writer kept an id holding one
                if (!Character.isHighSurrogate((char) c) || i + 1 == n || !Character.isLowSurrogate(id.charAt(i + 1))) return false;
                c = Character.toCodePoint((char) c, id.charAt(++i));
            }
            int bytes = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            if (end - p < bytes) return false;
            for (int k = 0; k < bytes; k++) {
                if (body.byteAt(p + k) != utf8Byte(c, bytes, k)) return false;
            }
            p += bytes;
        }
        return p == end;
    }

    /** Byte {@code k} of code point {@code c}'s UTF-8 form of {@code bytes} bytes. */
    private static byte utf8Byte(int c, int bytes, int k) {
        if (bytes == 1) return (byte) c;
        if (k == 0) return (byte) ((0xFF00 >> bytes) & 0xFF | c >> 6 * (bytes - 1));
        return (byte) (0x80 | (c >> 6 * (bytes - 1 - k)) & 0x3F);
    }

    /** The entry at {@code at}, one of agent {@code a}'s, read whole and checked. */
    private Entry entry(Agent a, long at) {
        Cursor in = new Cursor(body, at, a.to(), this::damaged);
        String id = in.utf8("the id at byte " + at);
        return new Entry(id, message(in, at));
    }

    /** The message of the entry at {@code entry}, read from {@code in} (past its id), each field checked. */
    private StoredMessage message(Cursor in, long entry) {
        long flags = in.varint("the flags of the entry at byte " + entry);
        if ((flags & ~KNOWN) != 0) throw damaged("the entry at byte " + entry + " has flags " + flags + " no writer sets");
        StoredMessage m = new StoredMessage();
        m.addressed = (flags & KeptMessagesForm.ADDRESSED) != 0;
        m.surface = (flags & KeptMessagesForm.SURFACE) != 0;
        m.onBranch = (flags & KeptMessagesForm.ON_BRANCH) != 0;
        m.read = (flags & KeptMessagesForm.READ) != 0;
        m.kind = word(in, entry, true);
        m.channel = word(in, entry, true);
        m.server = word(in, entry, true);
        if ((flags & KeptMessagesForm.TAGS) != 0) {
            long tags = in.varint("the tags' count of the entry at byte " + entry);
            if (tags > in.limit - in.at) throw damaged("the entry at byte " + entry + " has " + tags + " tags, past its agent's entries");
            List<String> list = new ArrayList<>((int) tags);
            for (long t = 0; t < tags; t++) list.add(word(in, entry, true));
            m.tags = tags == 0 ? List.of() : list;
        }
        if ((flags & KeptMessagesForm.WORK) != 0) m.workTurn(in.varint("the work's turn of the entry at byte " + entry));
        if ((flags & KeptMessagesForm.READ_IN) != 0) m.readFirstIn(in.varint("the reading turn of the entry at byte " + entry));
        if ((flags & KeptMessagesForm.UNCLASSIFIED) != 0) m.unclassified = word(in, entry, false);
        return m;
    }

    /** A word by its number + 1; 0 stands for none where {@code noneAllowed}. */
    private String word(Cursor in, long entry, boolean noneAllowed) {
        long n = in.varint("a word of the entry at byte " + entry);
        if (n == 0 && noneAllowed) return null;
        if (n < 1 || n > words.length) throw damaged("the entry at byte " + entry + " names word " + (n - 1) + " of " + words.length);
        return words[(int) (n - 1)];
    }

    /** The pair's hash: agent's and id's {@link String#hashCode} side by side, mixed (murmur3's finalizer, which loses no bit). */
    static long mix(int agentHash, int idHash) {
        long z = (long) agentHash << 32 | idHash & 0xFFFFFFFFL;
        z = (z ^ z >>> 33) * 0xFF51AFD7ED558CCDL;
        z = (z ^ z >>> 33) * 0xC4CEB9FE1A85EC53L;
        return z ^ z >>> 33;
    }

    /** The slot a pair's probe starts at: its mix's high half scaled to the slots. */
    static long home(long mix, long slots) {
        return ((mix >>> 32) * slots) >>> 32;
    }

    /**
     * The pair's tag as a slot holds it: its mix's low half (which {@link #home} does not take) in the
     * slot's high half, and below it the high half, as far as the offset's bits leave room.
     */
    static long tag(long mix, long offsetMask) {
        return Long.rotateLeft(mix, 32) & ~offsetMask;
    }

    /** The fewest low bits that hold offsets + 1 up to {@code entries}. */
    static long offsetMask(long entries) {
        return entries == 0 ? 0 : -1L >>> Long.numberOfLeadingZeros(entries);
    }

    /**
     * Reads varints and strings from {@code at} up to {@code limit}, in their strict form; what is not
     * of it is refused with {@code refusal}'s exception (an opening's {@link IllegalArgumentException},
     * a lookup's {@link IllegalStateException}).
     */
    private static final class Cursor {
        private final SealedIds.Body body;
        long at;
        final long limit;
        private final Function<String, RuntimeException> refusal;

        Cursor(SealedIds.Body body, long at, long limit, Function<String, RuntimeException> refusal) {
            this.body = body;
            this.at = at;
            this.limit = limit;
            this.refusal = refusal;
        }

        /** {@link dev.routing.journal.bytes.Varint#read}'s checks, on a body. */
        long varint(String what) {
            long start = at;
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= limit) throw refusal.apply(what + ": cut at byte " + start);
                byte b = body.byteAt(at++);
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    if (shift == 63 && (b & 0x7E) != 0) break;
                    if (b == 0 && shift > 0) throw refusal.apply(what + ": not in its shortest form at byte " + start);
                    return v;
                }
            }
            throw refusal.apply(what + ": over 64 bits at byte " + start);
        }

        /** A UTF-8 length and bytes, which must be UTF-8 (a lone surrogate's or a cut character's bytes are refused). */
        String utf8(String what) {
            long length = varint(what + "'s length");
            if (length > limit - at || length > Integer.MAX_VALUE - 8) {
                throw refusal.apply(what + " of " + length + " bytes runs past its section's end at byte " + limit);
            }
            byte[] bytes = new byte[(int) length];
            boolean ascii = true;
            for (int b = 0; b < bytes.length; b++) {
                bytes[b] = body.byteAt(at + b);
                ascii &= bytes[b] >= 0;
            }
            at += length;
            if (ascii) return new String(bytes, StandardCharsets.US_ASCII);
            try {
                return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw refusal.apply(what + " is not UTF-8: " + Arrays.toString(bytes));
            }
        }
    }
}
