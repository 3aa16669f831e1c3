package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * At a day's seal every agent's kept messages become one immutable table ({@link SealedKept},
 * docs/decisions/0014 step 1), read in place. Whatever messages are written, every question the
 * engine asks of them answers as the messages themselves would (a model computed from the inputs
 * alone, never from the table); a body no writer wrote is refused at opening, naming what is wrong,
 * and damage the opening cannot see is refused where a lookup or a walk meets it, never read as an
 * answer.
 */
class SealedKeptTest {
    /** Names with non-ASCII, the empty name, a prefix of another, and two whose String.hashCode collide. */
    private static final String[] AGENTS = {"agent-1", "qa", "Aa", "BB", "agént-é", "代理人", "🤖bot", "", "a", "ab"};
    /** Ids with the empty id, prefixes, non-BMP characters, numbers, and pairs whose String.hashCode collide. */
    private static final String[] IDS = {"", "a", "ab", "abc", "Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "𝄞", "𝄞x", "x𝄞",
        "é", "e", "0", "42", "042", "op-1", "op-10", "\u0000", "\uFFFF", "m-ø-🙂"};
    private static final String[] KINDS = {"channel-message", "external-message", "work-message", "kind-ü"};
    private static final String[] CHANNELS = {"general", "#dev", "канал", ""};
    private static final String[] SERVERS = {"discord", "slack"};
    private static final String[] TAGS = {"ambient", "system", "x", "🏷"};
    private static final long[] TURNS = {-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, Long.MIN_VALUE, Long.MAX_VALUE};

    // ---- inputs ----

    private static String randomId(SplittableRandom r) {
        if (r.nextInt(3) == 0) return IDS[r.nextInt(IDS.length)];
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(7);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(5)) {
                case 0 -> b.append((char) ('a' + r.nextInt(3)));
                case 1 -> b.append((char) (0x80 + r.nextInt(0x700)));
                case 2 -> b.append((char) (0x4E00 + r.nextInt(0x100)));
                case 3 -> b.appendCodePoint(0x10000 + r.nextInt(0x100000));
                default -> b.append(r.nextInt(10));
            }
        }
        return b.toString();
    }

    private static <T> T maybe(SplittableRandom r, T[] of) {
        return r.nextInt(4) == 0 ? null : of[r.nextInt(of.length)];
    }

    private static StoredMessage randomMessage(SplittableRandom r) {
        StoredMessage m = new StoredMessage();
        m.kind = maybe(r, KINDS);
        m.channel = maybe(r, CHANNELS);
        m.server = maybe(r, SERVERS);
        m.addressed = r.nextBoolean();
        switch (r.nextInt(4)) {
            case 0 -> m.tags = null;
            case 1 -> m.tags = List.of();
            default -> {
                List<String> tags = new ArrayList<>();
                for (int t = 1 + r.nextInt(3); t > 0; t--) tags.add(r.nextInt(12) == 0 ? null : TAGS[r.nextInt(TAGS.length)]);
                m.tags = tags;
            }
        }
        m.surface = r.nextInt(4) == 0;
        if (r.nextInt(3) > 0) m.workTurn(TURNS[r.nextInt(TURNS.length)]);
        m.onBranch = r.nextInt(4) > 0;
        m.read = r.nextBoolean();
        if (r.nextBoolean()) m.readFirstIn(r.nextBoolean() ? TURNS[r.nextInt(TURNS.length)] : r.nextLong());
        int u = r.nextInt(8);
        m.unclassified = u == 0 ? StoredMessage.UNKNOWN : u == 1 ? StoredMessage.REUSED : u == 2 ? "reason-ß" : null;
        return m;
    }

    /** Every field the table keeps, spelled so that none can stand for another (null is not "null"). */
    private static String fields(StoredMessage m) {
        List<String> tags = null;
        if (m.tags != null) {
            tags = new ArrayList<>();
            for (String t : m.tags) tags.add(q(t));
        }
        return String.join(" ", q(m.kind), q(m.channel), q(m.server), "addressed=" + m.addressed, "tags=" + (tags == null ? "∅" : tags),
                "surface=" + m.surface, "work=" + (m.isWork() ? Long.toString(m.workTurn()) : "∅"), "onBranch=" + m.onBranch,
                "read=" + m.read, "readIn=" + (m.hasReadIn() ? Long.toString(m.readIn()) : "∅"), "unclassified=" + q(m.unclassified));
    }

    private static String q(String s) {
        return s == null ? "∅" : "'" + s + "'";
    }

    /** The record's judgement (P2, P3) as the engine passes it. */
    private static Predicate<StoredMessage> privateInput(LongPredicate privateTurn) {
        return m -> m.surface || m.unclassified != null || (m.isWork() && privateTurn.test(m.workTurn()));
    }

    private static SealedKept table(Map<String, ? extends Map<String, StoredMessage>> messages, LongPredicate privateTurn) {
        return SealedKept.over(SealedIds.Body.of(SealedKept.write(messages, privateInput(privateTurn), privateTurn)));
    }

    // ---- the model: answers computed from the inputs alone ----

    private record Model(TreeMap<String, TreeMap<String, StoredMessage>> messages, TreeMap<String, List<String>> privateOnBranch,
                         TreeMap<Long, List<String>> workOfPublicTurn) {
        static Model of(Map<String, ? extends Map<String, StoredMessage>> input, LongPredicate privateTurn) {
            TreeMap<String, TreeMap<String, StoredMessage>> messages = new TreeMap<>();
            input.forEach((agent, byId) -> {
                if (!byId.isEmpty()) messages.put(agent, new TreeMap<>(byId));
            });
            TreeMap<String, List<String>> p9 = new TreeMap<>();
            TreeMap<Long, List<String>> work = new TreeMap<>();
            Predicate<StoredMessage> privateInput = privateInput(privateTurn);
            messages.forEach((agent, byId) -> byId.forEach((id, m) -> {
                if (m.onBranch && privateInput.test(m)) p9.computeIfAbsent(agent, a -> new ArrayList<>()).add(id);
                if (m.isWork() && !privateTurn.test(m.workTurn())) work.computeIfAbsent(m.workTurn(), t -> new ArrayList<>()).add(pair(agent, id));
            }));
            return new Model(messages, p9, work);
        }

        long size() {
            return messages.values().stream().mapToLong(Map::size).sum();
        }
    }

    private static String pair(String agent, String id) {
        return "(" + agent + ", " + id + ")";
    }

    private static List<String> work(SealedKept table, long turn) {
        List<String> pairs = new ArrayList<>();
        table.workOfPublicTurn(turn, (agent, id) -> pairs.add(pair(agent, id)));
        return pairs;
    }

    private static List<String> walk(SealedKept table, String agent) {
        List<String> walked = new ArrayList<>();
        table.forEach(agent, (id, m) -> walked.add(id + " " + fields(m)));
        return walked;
    }

    /** Every answer of the table checked against the model; {@code extraIds} are asked of every agent as well. */
    private static void check(SealedKept table, Model model, Set<String> extraIds, SplittableRandom r) {
        assertEquals(model.size(), table.size(), "size");
        assertEquals(new ArrayList<>(model.messages().keySet()), table.agents(), "agents");
        Set<String> everyId = new LinkedHashSet<>(extraIds);
        model.messages().values().forEach(byId -> everyId.addAll(byId.keySet()));
        List<String> askedAgents = new ArrayList<>(List.of(AGENTS));
        askedAgents.add("nobody");
        for (String agent : askedAgents) {
            TreeMap<String, StoredMessage> byId = model.messages().getOrDefault(agent, new TreeMap<>());
            assertEquals(byId.size(), table.size(agent), () -> "size of " + agent);
            for (String id : everyId) {
                StoredMessage expected = byId.get(id);
                StoredMessage found = table.find(agent, id);
                if (expected == null) {
                    assertNull(found, () -> "find " + pair(agent, id) + ", which is not held");
                    continue;
                }
                assertTrue(found != null, () -> "find " + pair(agent, id));
                assertEquals(fields(expected), fields(found), () -> "find " + pair(agent, id));
                if (found.kind != null) assertSame(expected.kind.intern(), found.kind, "kind is interned");
                if (expected.tags != null && expected.tags.isEmpty()) assertSame(List.of(), found.tags, "no tags is List.of()");
            }
            List<String> expectedWalk = new ArrayList<>();
            byId.forEach((id, m) -> expectedWalk.add(id + " " + fields(m)));
            assertEquals(expectedWalk, walk(table, agent), () -> "forEach " + agent);
            List<String> p9 = model.privateOnBranch().getOrDefault(agent, List.of());
            for (int round = 0; round < 4; round++) {
                Set<String> skip = new HashSet<>();
                for (String id : p9) if (r.nextInt(round + 1) > 0) skip.add(id);
                if (r.nextBoolean()) skip.add(randomId(r));
                String expected = p9.stream().filter(id -> !skip.contains(id)).findFirst().orElse(null);
                assertEquals(expected, table.firstPrivateOnBranch(agent, skip::contains), () -> "P9 of " + agent + " skipping " + skip);
            }
        }
        Set<Long> turns = new HashSet<>(model.workOfPublicTurn().keySet());
        for (long t : TURNS) turns.add(t);
        turns.add(r.nextLong());
        turns.add(100L);
        for (long turn : turns) {
            assertEquals(model.workOfPublicTurn().getOrDefault(turn, List.of()), work(table, turn), "work of turn " + turn);
        }
    }

    // ---- the property ----

    @Test
    void everyAnswerIsTheWrittenMessagesOwnForAnyMessagesAndTurns() {
        for (long seed = 1; seed <= 200; seed++) {
            try {
                oneCase(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private static void oneCase(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Map<String, Map<String, StoredMessage>> input = new HashMap<>();
        int agents = 1 + r.nextInt(5);
        for (int a = 0; a < agents; a++) {
            Map<String, StoredMessage> byId = input.computeIfAbsent(AGENTS[r.nextInt(AGENTS.length)], x -> new HashMap<>());
            // now and then an agent keeps none: it is in no section
            int count = r.nextInt(8) == 0 ? 0 : r.nextInt(r.nextBoolean() ? 8 : 60);
            for (int i = 0; i < count; i++) byId.put(randomId(r), randomMessage(r));
        }
        Set<Long> privateTurns = new HashSet<>();
        for (long t : TURNS) if (r.nextBoolean()) privateTurns.add(t);
        LongPredicate privateTurn = privateTurns::contains;
        Set<String> extraIds = new HashSet<>(List.of(IDS));
        for (int i = 0; i < 10; i++) extraIds.add(randomId(r));
        check(table(input, privateTurn), Model.of(input, privateTurn), extraIds, r);
    }

    // ---- examples ----

    @Test
    void anEmptyTableHoldsNothingAndAnswersEveryQuestion() {
        for (Map<String, Map<String, StoredMessage>> none : List.of(Map.<String, Map<String, StoredMessage>>of(), Map.of("qa", Map.<String, StoredMessage>of()))) {
            SealedKept table = table(none, t -> true);
            assertEquals(0, table.size());
            assertEquals(List.of(), table.agents());
            assertEquals(0, table.size("qa"));
            assertNull(table.find("qa", ""));
            assertEquals(List.of(), walk(table, "qa"));
            assertNull(table.firstPrivateOnBranch("qa", id -> false));
            assertEquals(List.of(), work(table, 1));
        }
    }

    @Test
    void oneAgentsOneMessageIsFoundWalkedListedAndNewEachTime() {
        StoredMessage m = new StoredMessage();
        m.kind = "work-message";
        m.tags = new ArrayList<>(List.of("x"));
        m.workTurn(7);
        m.readFirstIn(-9);
        SealedKept table = table(Map.of("qa", Map.of("m-1", m)), t -> t == 3);
        assertEquals(1, table.size());
        assertEquals(List.of("qa"), table.agents());
        StoredMessage found = table.find("qa", "m-1");
        assertEquals(fields(m), fields(found));
        found.read = true;
        found.tags.add("changed");
        StoredMessage again = table.find("qa", "m-1");
        assertNotSame(found, again);
        assertEquals(fields(m), fields(again), "a caller's change is its own copy's");
        assertNull(table.find("qa", "m-"));
        assertNull(table.find("qa", "m-10"));
        assertNull(table.find("other", "m-1"));
        assertEquals(List.of("m-1 " + fields(m)), walk(table, "qa"));
        assertEquals(List.of(pair("qa", "m-1")), work(table, 7));
        assertEquals(List.of(), work(table, 6));
        assertEquals(List.of(), work(table, 8));
        assertNull(table.firstPrivateOnBranch("qa", id -> false), "turn 7 was public: not private input");
    }

    @Test
    void pairsWhoseHashesCollideAreToldApartByTheirBytes() {
        // "Aa" and "BB" share a String.hashCode: (Aa, x) and (BB, x) share a hash, a home and a tag; so do (q, Aa) and (q, BB)
        StoredMessage surface = new StoredMessage();
        surface.surface = true;
        StoredMessage work = new StoredMessage();
        work.workTurn(4);
        Map<String, Map<String, StoredMessage>> input = Map.of("Aa", Map.of("x", surface), "BB", Map.of("x", work), "q", Map.of("Aa", work, "AaAa", surface));
        SealedKept table = table(input, t -> false);
        assertEquals(fields(surface), fields(table.find("Aa", "x")));
        assertEquals(fields(work), fields(table.find("BB", "x")));
        assertEquals(fields(work), fields(table.find("q", "Aa")));
        assertNull(table.find("q", "BB"));
        assertNull(table.find("q", "BBBB"));
        assertNull(table.find("q", "x"), "held by other agents only");
        assertEquals(List.of(pair("BB", "x"), pair("q", "Aa")), work(table, 4));
        assertEquals("x", table.firstPrivateOnBranch("Aa", id -> false));
        assertNull(table.firstPrivateOnBranch("BB", id -> false));
        assertEquals("AaAa", table.firstPrivateOnBranch("q", id -> false));
        assertNull(table.firstPrivateOnBranch("q", "AaAa"::equals), "the heap shadows it");
    }

    @Test
    void aLargeTableReadsBackAndOpensWithoutReadingItsEntries() {
        SplittableRandom r = new SplittableRandom(14);
        Map<String, Map<String, StoredMessage>> input = new HashMap<>();
        String[] agents = {"agent-0", "agent-1", "агент-2", "🤖-3"};
        for (int i = 0; i < 200_000; i++) {
            input.computeIfAbsent(agents[i % agents.length], a -> new HashMap<>())
                    .put(String.format(Locale.ROOT, "op-%08x", i * 0x9E3779B1L & 0xFFFFFFFFL), randomMessage(r));
        }
        LongPredicate privateTurn = t -> t <= 0 || t % 3 == 0;
        ByteBuffer bytes = SealedKept.write(input, privateInput(privateTurn), privateTurn);
        long[] reads = new long[1];
        SealedIds.Body inner = SealedIds.Body.of(bytes);
        SealedIds.Body counted = new SealedIds.Body() {
            @Override
            public long length() {
                return inner.length();
            }

            @Override
            public long longAt(long at) {
                reads[0] += 8;
                return inner.longAt(at);
            }

            @Override
            public byte byteAt(long at) {
                reads[0]++;
                return inner.byteAt(at);
            }
        };
        SealedKept table = SealedKept.over(counted);
        long beforeEntries = bytes.order(ByteOrder.LITTLE_ENDIAN).getLong(64) - bytes.getLong(48);
        assertTrue(reads[0] <= SealedKept.HEADER + beforeEntries, () -> "the opening read " + reads[0] + " bytes; its words and agents are " + beforeEntries);
        Model model = Model.of(input, privateTurn);
        assertEquals(200_000, table.size());
        assertEquals(model.messages().keySet().stream().toList(), table.agents());
        for (int k = 0; k < 2_000; k++) {
            String agent = agents[r.nextInt(agents.length)];
            String id = String.format(Locale.ROOT, "op-%08x", r.nextInt() & 0xFFFFFFFFL);
            StoredMessage expected = model.messages().get(agent).get(id);
            StoredMessage found = table.find(agent, id);
            assertEquals(expected == null ? null : fields(expected), found == null ? null : fields(found), id);
            String held = model.messages().get(agent).ceilingKey(id);
            if (held != null) assertEquals(fields(model.messages().get(agent).get(held)), fields(table.find(agent, held)), held);
        }
        assertEquals(50_000, walk(table, "🤖-3").size());
        List<String> p9 = model.privateOnBranch().get("agent-1");
        assertEquals(p9.get(0), table.firstPrivateOnBranch("agent-1", id -> false));
        assertEquals(p9.get(100), table.firstPrivateOnBranch("agent-1", id -> id.compareTo(p9.get(100)) < 0));
        for (long turn : new long[] {1, 2, 4, 5, 6, Long.MAX_VALUE, 3}) assertEquals(model.workOfPublicTurn().getOrDefault(turn, List.of()), work(table, turn));
    }

    @Test
    void anIdWithNoUtf8FormOrANullMessageIsRefusedNamingIt() {
        StoredMessage m = new StoredMessage();
        IllegalArgumentException lone = assertThrows(IllegalArgumentException.class, () -> SealedKept.write(Map.of("qa", Map.of("m-\uD800", m)), x -> false, t -> false));
        assertTrue(lone.getMessage().contains("lone surrogate"), lone.getMessage());
        Map<String, StoredMessage> withNull = new HashMap<>();
        withNull.put("m-1", null);
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> SealedKept.write(Map.of("qa", withNull), x -> false, t -> false));
        assertTrue(none.getMessage().contains("m-1"), none.getMessage());
    }

    // ---- bodies no writer wrote ----

    /** Three agents' messages, each agent with private input on its branch and work of a public turn. */
    private static ByteBuffer small() {
        Map<String, Map<String, StoredMessage>> input = new HashMap<>();
        for (String agent : List.of("qa", "агент", "🤖")) {
            for (int i = 0; i < 6; i++) {
                StoredMessage m = new StoredMessage();
                m.kind = KINDS[i % KINDS.length];
                m.surface = i % 2 == 0;
                m.workTurn(i % 3 + 1);
                input.computeIfAbsent(agent, a -> new HashMap<>()).put("m-" + i, m);
            }
        }
        return SealedKept.write(input, privateInput(t -> t == 1), t -> t == 1).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** One agent's one message "m", of no tags, work, reader or reason: its entry is [1, 'm', flags, kind, channel, server]. */
    private static ByteBuffer one() {
        StoredMessage m = new StoredMessage();
        m.kind = "channel-message";
        return SealedKept.write(Map.of("qa", Map.of("m", m)), x -> false, t -> false).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer copy(ByteBuffer b) {
        ByteBuffer c = ByteBuffer.allocate(b.capacity()).order(ByteOrder.LITTLE_ENDIAN);
        c.put(0, b, 0, b.capacity());
        return c;
    }

    private static void refused(ByteBuffer body, String naming) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SealedKept.over(SealedIds.Body.of(body)));
        assertTrue(e.getMessage().contains(naming), () -> "names " + naming + ": " + e.getMessage());
    }

    private static void damaged(Runnable lookup, String naming) {
        IllegalStateException e = assertThrows(IllegalStateException.class, lookup::run);
        assertTrue(e.getMessage().contains(naming), () -> "names " + naming + ": " + e.getMessage());
    }

    @Test
    void aBodyWhoseCountsOrSectionsDoNotFitItsLengthIsRefusedNamingTheField() {
        ByteBuffer intact = small();
        SealedKept.over(SealedIds.Body.of(intact));
        refused(ByteBuffer.allocate(SealedKept.HEADER - 1), "shorter than its header");
        ByteBuffer b = copy(intact);
        refused(b.putLong(24, 15), "slots 15");
        refused(copy(intact).putLong(24, 1L << 40), "slots " + (1L << 40));
        long slots = intact.getLong(24);
        refused(copy(intact).putLong(0, slots * 3 / 4 + 1), "over three quarters full");
        refused(copy(intact).putLong(0, -1), "messages -1");
        refused(copy(intact).putLong(32, intact.getLong(32) + 1), "wordsAt");
        refused(copy(intact).putLong(40, intact.getLong(0) + 1), "work");
        refused(copy(intact).putLong(56, intact.capacity() + 1L), "agentsAt");
        refused(copy(intact).putLong(56, intact.getLong(48) - 1), "agentsAt");
        refused(copy(intact).putLong(64, intact.getLong(56) - 1), "entriesAt");
        refused(copy(intact).putLong(16, intact.getLong(16) - 1), "words");
        refused(copy(intact).putLong(8, intact.getLong(8) - 1), "agents");
        refused(copy(intact).putLong(8, intact.getLong(8) + 1), "agent 3");
        refused(copy(intact).putLong(0, intact.getLong(0) - 1), "not messages");
        ByteBuffer longer = ByteBuffer.allocate(intact.capacity() + 1).order(ByteOrder.LITTLE_ENDIAN).put(0, intact, 0, intact.capacity());
        refused(longer, "not at the body's end");
    }

    @Test
    void aSlotPointingPastTheEntriesOrAtNoneIsRefusedByTheLookupThatMeetsIt() {
        ByteBuffer intact = small();
        long slots = intact.getLong(24);
        long entries = intact.capacity() - intact.getLong(64);
        long mask = SealedKept.offsetMask(entries);
        assertTrue(mask > entries, "an offset of all ones is past the entries");
        ByteBuffer past = copy(intact);
        ByteBuffer none = copy(intact);
        for (int i = 0; i < slots; i++) {
            long s = intact.getLong(SealedKept.HEADER + 8 * i);
            if (s == 0) continue;
            past.putLong(SealedKept.HEADER + 8 * i, s | mask); // its tag kept, so the probe compares it
            none.putLong(SealedKept.HEADER + 8 * i, s & ~mask);
        }
        damaged(() -> SealedKept.over(SealedIds.Body.of(past)).find("qa", "m-1"), "points past the entries");
        damaged(() -> SealedKept.over(SealedIds.Body.of(none)).find("qa", "m-1"), "holds a tag and no entry");
    }

    @Test
    void anEntryNotOfTheFormIsRefusedByTheLookupAndTheWalkThatMeetIt() {
        int entry = (int) one().getLong(64);
        ByteBuffer longId = one().put(entry, (byte) 0x7F); // an id of 127 bytes, past the agent's 6
        damaged(() -> SealedKept.over(SealedIds.Body.of(longId)).find("qa", "m"), "runs past");
        damaged(() -> SealedKept.over(SealedIds.Body.of(longId)).forEach("qa", (id, m) -> {}), "runs past");
        ByteBuffer badWord = one().put(entry + 3, (byte) 0x7F); // its kind names word 126 of 1
        damaged(() -> SealedKept.over(SealedIds.Body.of(badWord)).find("qa", "m"), "names word");
        damaged(() -> SealedKept.over(SealedIds.Body.of(badWord)).forEach("qa", (id, m) -> {}), "names word");
        ByteBuffer badFlags = one();
        badFlags.put(entry + 2, (byte) (badFlags.get(entry + 2) | 0x80)).put(entry + 3, (byte) 4); // flags of bit 9
        damaged(() -> SealedKept.over(SealedIds.Body.of(badFlags)).find("qa", "m"), "no writer sets");
        ByteBuffer cut = one().put(entry + 5, (byte) 0x81); // its server's varint runs past the entries
        damaged(() -> SealedKept.over(SealedIds.Body.of(cut)).find("qa", "m"), "cut at byte");
        damaged(() -> SealedKept.over(SealedIds.Body.of(cut)).forEach("qa", (id, m) -> {}), "cut at byte");
    }

    @Test
    void aRowNamingNoEntryOfItsOwnIsRefusedByTheWalkThatMeetsIt() {
        ByteBuffer intact = small();
        SealedKept good = SealedKept.over(SealedIds.Body.of(intact));
        assertEquals("m-0", good.firstPrivateOnBranch("qa", id -> false));
        int privateAt = (int) (SealedKept.HEADER + 8 * intact.getLong(24));
        ByteBuffer midEntry = copy(intact);
        midEntry.putLong(privateAt, midEntry.getLong(privateAt) + 1);
        assertThrows(IllegalStateException.class, () -> SealedKept.over(SealedIds.Body.of(midEntry)).firstPrivateOnBranch("qa", id -> false));
        ByteBuffer othersEntry = copy(intact);
        othersEntry.putLong(privateAt, intact.capacity() - intact.getLong(64) - 1);
        damaged(() -> SealedKept.over(SealedIds.Body.of(othersEntry)).firstPrivateOnBranch("qa", id -> false), "private row 0");
        int workAt = (int) (privateAt + 8 * intact.getLong(32));
        long rows = intact.getLong(40);
        ByteBuffer wrongTurn = copy(intact);
        long last = wrongTurn.getLong(workAt + 16 * (int) (rows - 1));
        wrongTurn.putLong(workAt + 16 * (int) (rows - 1), last + 1); // still sorted: the last row, made a later turn's
        assertEquals(List.of(), work(good, last + 1));
        damaged(() -> work(SealedKept.over(SealedIds.Body.of(wrongTurn)), last + 1), "not that turn's work");
    }
}
