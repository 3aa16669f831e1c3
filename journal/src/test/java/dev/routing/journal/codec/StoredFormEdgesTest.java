package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.BadValue;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnEnded;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stored form (schema 2) at its edges: every component of every entry at its extremes reads
 * back equal and re-stores to the same bytes; a length or count of any varint (negative, past 2^63,
 * over-long) is refused as a bad entry naming its field; what the reader would refuse is refused on
 * the way in (a lone surrogate, an instant outside the journal's years, a tree that would not read
 * back), so no acknowledged entry is unreadable; a schema no build wrote is refused.
 */
class StoredFormEdgesTest {
    private static final Instant AT = Instant.parse(EntrySamples.AT);

    private static Entry read(byte[] stored) {
        return EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length);
    }

    private static byte[] varint(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    /** {@code stored} with {@code len} bytes at {@code at} replaced by {@code with}. */
    private static byte[] splice(byte[] stored, int at, int len, byte[] with) {
        byte[] out = new byte[stored.length - len + with.length];
        System.arraycopy(stored, 0, out, 0, at);
        System.arraycopy(with, 0, out, at, with.length);
        System.arraycopy(stored, at + len, out, at + with.length, stored.length - at - len);
        return out;
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) return i;
        }
        throw new AssertionError("not found");
    }

    private static void assertBad(byte[] stored, String field) {
        try {
            Entry e = read(stored);
            fail("read as " + e + " (expected a BadEntryException naming " + field + ")");
        } catch (BadEntryException expected) {
            assertEquals(field, expected.field(), expected.getMessage());
        } catch (RuntimeException other) {
            fail("threw " + other + ", not a BadEntryException", other);
        }
    }

    // ---- 2. fail closed: a length/count whose varint is a negative long (10 bytes, top bit set)

    @Test
    void aTextLengthThatIsANegativeVarintIsABadEntry() {
        byte[] stored = EntryCodec.store(new RoundSpoken(AT, 1L, 1, "ab", List.of(), false));
        int at = indexOf(stored, new byte[] {2, 'a', 'b'});
        assertBad(splice(stored, at, 3, varint(-1L)), "text");
    }

    @Test
    void aListCountThatIsANegativeVarintIsABadEntry() {
        byte[] stored = EntryCodec.store(new RoundSpoken(AT, 1L, 1, "ab", List.of(), false));
        // the empty list of calls is the byte 0 right before the flag (last byte): replace it
        int at = stored.length - 2;
        assertEquals(0, stored[at]);
        assertBad(splice(stored, at, 1, varint(-1L)), "calls");
    }

    @Test
    void aTreeLengthThatIsANegativeVarintIsABadEntry() {
        JsonNode data = JsonNodeFactory.instance.objectNode().put("a", 1);
        byte[] stored = EntryCodec.store(new PublishSettled(AT, 1L, null, null, null, null, data));
        byte[] json = "{\"a\":1}".getBytes();
        int at = indexOf(stored, json) - 1;
        assertBad(splice(stored, at, 1 + json.length, varint(-1L)), "connectorData");
    }

    @Test
    void anEnumLengthThatIsANegativeVarintIsABadEntry() {
        Entry configured = EntrySamples.full().get(0);
        byte[] stored = EntryCodec.store(configured);
        int at = indexOf(stored, new byte[] {6, 'h', 'y', 'b', 'r', 'i', 'd'});
        assertBad(splice(stored, at, 7, varint(-1L)), "mode");
    }

    /** A length of 2^63 + 2 is cast to the int 2 and read as a length of 2: a different stored form read as the same entry. */
    @Test
    void aTextLengthAbove2To63IsNotReadAsItsLow32Bits() {
        RoundSpoken spoken = new RoundSpoken(AT, 1L, 1, "ab", List.of(), false);
        byte[] stored = EntryCodec.store(spoken);
        int at = indexOf(stored, new byte[] {2, 'a', 'b'});
        assertBad(splice(stored, at, 1, varint(Long.MIN_VALUE + 2)), "text");
    }

    /** An over-long varint (0x82 0x00 for 2) is no form the writer makes: read, the entry would not re-store to its bytes. */
    @Test
    void anOverlongVarintIsRefusedSoEveryStoredFormIsTheOneTheWriterMakes() {
        RoundSpoken spoken = new RoundSpoken(AT, 1L, 1, "ab", List.of(), false);
        byte[] stored = EntryCodec.store(spoken);
        int at = indexOf(stored, new byte[] {2, 'a', 'b'});
        byte[] overlong = splice(stored, at, 1, new byte[] {(byte) 0x82, 0x00});
        assertBad(overlong, "text");
    }

    // ---- 1. round trip of extreme values, component by component, for every entry type

    static List<Entry> samples() {
        List<Entry> all = new ArrayList<>(EntrySamples.full());
        all.addAll(EntrySamples.minimal());
        return all;
    }

    private static final String[] TEXTS = {"", "\u0000", "a\u0000b", "\ufffd", "\ud83d\ude00", "\uffff", "\ud800\udc00",
        "\udbff\udfff", "caf\u00e9 \u4e2d \ud83d\ude00\ud83d\udc4d\ud83c\udffd", "?", "x".repeat(200), "\u00e9".repeat(70)};

    private static List<Object> extremes(Class<?> type, java.lang.reflect.Type generic) {
        List<Object> out = new ArrayList<>();
        if (type == Long.class) out.addAll(List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L, -64L, 64L));
        else if (type == Integer.class) out.addAll(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0));
        else if (type == Boolean.class) out.addAll(List.of(Boolean.FALSE, Boolean.TRUE));
        else if (type == String.class) out.addAll(Arrays.asList(TEXTS));
        else if (type == Instant.class) {
            out.addAll(List.of(Instant.EPOCH, Instant.parse("9999-12-31T23:59:59.999999999Z"), AT.plusNanos(1), AT.plusNanos(999_999_999)));
        } else if (type == List.class && generic instanceof ParameterizedType p && p.getActualTypeArguments()[0] == String.class) {
            out.add(List.of());
            out.add(List.of(TEXTS));
        } else if (type == List.class) {
            out.add(List.of());
        } else if (type == JsonNode.class) {
            for (String json : new String[] {"null", "0", "-0", "1.5", "-1.0E-300", "123456789012345678901234567890",
                "-9223372036854775809", "9223372036854775807", "\"\\u0000\"", "[]", "{}", "[null,[],{}]",
                "{\"\\ud83d\\ude00\":\"\\ufffd\"}", "true", "false", "3.141592653589793"}) {
                try {
                    out.add(EntryCodec.mapper().readTree(json));
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyComponentAtItsExtremesReadsBackEqualAndReStoresToTheSameBytes(Entry sample) throws Exception {
        Class<?> type = sample.getClass();
        RecordComponent[] components = type.getRecordComponents();
        Constructor<?> canonical = type.getConstructor(Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        Object[] base = new Object[components.length];
        for (int i = 0; i < components.length; i++) base[i] = components[i].getAccessor().invoke(sample);
        List<String> failures = new ArrayList<>();
        int tried = 0;
        for (int i = 0; i < components.length; i++) {
            for (Object v : extremes(components[i].getType(), components[i].getGenericType())) {
                Object[] values = base.clone();
                values[i] = v;
                Entry entry;
                try {
                    entry = (Entry) canonical.newInstance(values);
                } catch (java.lang.reflect.InvocationTargetException refused) {
                    continue; // the record refuses the value itself
                }
                tried++;
                try {
                    byte[] stored = EntryCodec.store(entry);
                    Entry back = read(stored);
                    if (!entry.equals(back)) failures.add(components[i].getName() + "=" + v + ": read back as " + back);
                    else if (!Arrays.equals(stored, EntryCodec.store(back))) failures.add(components[i].getName() + "=" + v + ": bytes differ");
                } catch (RuntimeException e) {
                    failures.add(components[i].getName() + "=" + v + ": " + e);
                }
            }
        }
        assertTrue(tried > 0);
        assertTrue(failures.isEmpty(), sample.type() + ": " + failures);
    }

    // ---- trees: numbers the mapper reads from a host's JSON

    /** The tree a host's {@code connectorData} becomes, and what it reads back as from the journal. */
    private static void treeRoundTrips(String connectorData) {
        Entry settled = EntryCodec.readFact("{\"type\":\"publish.settled\",\"at\":\"" + EntrySamples.AT
                + "\",\"attempt\":1,\"connectorData\":" + connectorData + "}");
        byte[] stored = EntryCodec.store(settled);
        Entry back = read(stored);
        assertEquals(settled, back, () -> connectorData + " read as " + ((PublishSettled) settled).connectorData()
                + " and stored, read back as " + ((PublishSettled) back).connectorData());
        assertArrayEquals(stored, EntryCodec.store(back));
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "{\"a\":null}", "[1e308]", "-0.0", "0.1", "12345678901234567890123", "1.0E-320",
        "{\"z\":1,\"a\":2}", "\"\\ud800\""})
    void aConnectorsTreeReadsBackEqual(String json) {
        treeRoundTrips(json);
    }

    /**
     * A host's connectorData is copied (docs/protocol.md): each number is kept as it was written, on
     * the streaming path, databind's (the type after the data) and in the stored form; before, 1e400
     * read as Infinity and was refused, -1e-400 read as -0.0 and a 36-digit decimal as 0.1.
     */
    @ParameterizedTest
    @ValueSource(strings = {"1e400", "-1e-400", "1.7976931348623157e309", "0.100000000000000000000000000000000001", "-0.0",
        "-0", "0", "1E+2", "1e-2", "1.50", "123456789012345678901234567890", "-9223372036854775809", "1e99999999999",
        "4.9e-324", "[1e400,{\"x\":-0}]"})
    void aNumberInConnectorDataIsKeptAsWrittenOnEveryPath(String number) {
        String data = "{\"n\":" + number + "}";
        String typeFirst = "{\"type\":\"publish.settled\",\"at\":\"" + EntrySamples.AT + "\",\"attempt\":1,\"connectorData\":" + data + "}";
        String typeLast = "{\"connectorData\":" + data + ",\"at\":\"" + EntrySamples.AT + "\",\"attempt\":1,\"type\":\"publish.settled\"}";
        Entry streamed = EntryCodec.readFact(typeFirst);
        assertEquals(typeFirst, EntryCodec.toJson(streamed));
        assertEquals(typeFirst, EntryCodec.toJson(EntryCodec.decode(EntryCodec.encode(streamed))));
        assertEquals(streamed, read(EntryCodec.store(streamed)));
        assertEquals(typeFirst, EntryCodec.toJson(read(EntryCodec.store(streamed))));
        assertTrue(new String(EntryCodec.store(streamed), java.nio.charset.StandardCharsets.UTF_8).contains(data), "stored as written");

    }

    /** A tree built in Java holds what a double holds; Infinity has no JSON, so it is refused naming where it is. */
    @Test
    void aNumberWithNoJsonInConnectorDataIsRefusedNamingWhereItIs() {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.putArray("list").add(1).add(Double.POSITIVE_INFINITY);
        BadValue e = assertThrows(BadValue.class, () -> new PublishSettled(AT, 1L, null, null, null, null, data));
        assertEquals("connectorData.list[1]", e.field());
        ObjectNode finite = JsonNodeFactory.instance.objectNode().put("d", 0.5).put("l", 7L);
        assertEquals(new PublishSettled(AT, 1L, null, null, null, null, finite), read(EntryCodec.store(new PublishSettled(AT, 1L, null, null, null, null, finite))),
                "a tree built in Java equals the one the journal gives back");
    }

    @Test
    void aNullTreeAndAnAbsentTreeStayApart() {
        PublishSettled absent = new PublishSettled(AT, 1L, null, null, null, null, null);
        PublishSettled nullNode = new PublishSettled(AT, 1L, false, null, null, null, JsonNodeFactory.instance.nullNode());
        assertEquals(absent, read(EntryCodec.store(absent)));
        assertEquals(nullNode, read(EntryCodec.store(nullNode)));
        assertEquals(Boolean.FALSE, ((PublishSettled) read(EntryCodec.store(nullNode))).delivered());
    }

    // ---- 3. a lone surrogate is refused on store, and how

    @ParameterizedTest
    @ValueSource(strings = {"\ud800", "\udc00", "a\ud800", "\ud800a", "\udc00\ud800", "\u00e9\ud800", "\ud83d\ude00\ud800",
        "????\ud83d", "x\ud83d"})
    void textWithALoneSurrogateIsRefusedOnStoreNamingItsField(String text) {
        assertEquals("text", assertThrows(BadEntryException.class,
                () -> EntryCodec.store(new RoundSpoken(AT, 1L, 1, text, List.of(), false))).field());
        assertEquals("result", assertThrows(BadEntryException.class,
                () -> EntryCodec.store(new ToolDecided(AT, 1L, 1, 0, "t", true, null, null, "qa", text, null, null))).field());
    }

    /** The refusal names the field and never quotes the text: it may be a private operator's words, up to a megabyte. */
    @Test
    void theLoneSurrogateRefusalNamesTheFieldAndDoesNotQuoteTheWholeText() {
        String privateWords = "secret operator words ".repeat(1000) + "\ud83d";
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> EntryCodec.store(new ToolDecided(AT, 1L, 1, 0, "drafts", true, null, null, "qa", privateWords, null, null)));
        assertTrue(e.getMessage().length() < 500, "message of " + e.getMessage().length() + " chars quotes the text");
        assertTrue(e.getMessage().contains("result"), "names no field: " + e.getMessage().substring(0, 80));
        assertTrue(!e.getMessage().contains("secret"), e.getMessage());
    }

    /** A lone surrogate inside connectorData is not refused; it is escaped and read back as it was. */
    @Test
    void aLoneSurrogateInATreeRoundTrips() {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("s", "a\ud800b");
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, data);
        assertEquals(settled, read(EntryCodec.store(settled)));
    }

    // ---- write/read asymmetry: what store writes, read must take back (else an acknowledged entry is unreadable)

    @Test
    void anInstantStoreWritesIsOneReadTakesBack() {
        Entry before1970 = new TurnEnded(Instant.ofEpochSecond(-1), 7L);
        assertStoredOnlyIfItReadsBack(before1970);
    }

    /** A key holding a lone low surrogate (Java API, or a checkpoint's state) is written, then refused by the parser. */
    @Test
    void aTreeKeyStoreWritesIsOneReadTakesBack() {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("\udc00", 1);
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, data);
        assertStoredOnlyIfItReadsBack(settled);
    }

    @Test
    void aTreeStoreWritesIsOneReadTakesBack() {
        JsonNode deep = JsonNodeFactory.instance.arrayNode();
        JsonNode root = deep;
        for (int i = 0; i < 1500; i++) {
            JsonNode next = JsonNodeFactory.instance.arrayNode();
            ((com.fasterxml.jackson.databind.node.ArrayNode) deep).add(next);
            deep = next;
        }
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, root);
        assertStoredOnlyIfItReadsBack(settled);
    }

    @Test
    void aBigIntegerTreeStoreWritesIsOneReadTakesBack() {
        JsonNode big = JsonNodeFactory.instance.numberNode(BigInteger.TEN.pow(1500));
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, big);
        assertStoredOnlyIfItReadsBack(settled);
    }

    /** The parser checks a text's length only once the text is read: the check on the way in reads each one. */
    @Test
    void aTreeTextOverTheReadersLimitIsRefusedOnTheWayIn() {
        int limit = EntryCodec.mapper().getFactory().streamReadConstraints().getMaxStringLength();
        JsonNode long_ = JsonNodeFactory.instance.objectNode().put("s", "x".repeat(limit + 1));
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, long_);
        assertStoredOnlyIfItReadsBack(settled);
    }

    @Test
    void aTreeKeyOverTheReadersLimitIsRefusedOnTheWayIn() {
        int limit = EntryCodec.mapper().getFactory().streamReadConstraints().getMaxNameLength();
        JsonNode long_ = JsonNodeFactory.instance.objectNode().put("k".repeat(limit + 1), 1);
        PublishSettled settled = new PublishSettled(AT, 1L, null, null, null, null, long_);
        assertStoredOnlyIfItReadsBack(settled);
    }

    /** Either store refuses the entry (before it is journaled), or what it stores reads back. */
    private static void assertStoredOnlyIfItReadsBack(Entry entry) {
        byte[] stored;
        try {
            stored = EntryCodec.store(entry);
        } catch (BadEntryException refusedOnTheWayIn) {
            return;
        }
        try {
            assertNotNull(read(stored));
        } catch (BadEntryException e) {
            fail("store wrote it, read refuses it: " + e.getMessage());
        }
    }

    // ---- nested paths

    @Test
    void aFaultInTheSecondCallIsNamedByItsIndex() {
        Entry round = EntrySamples.full().stream().filter(x -> x.type().equals("round.spoken")).findFirst().orElseThrow();
        byte[] stored = EntryCodec.store(round);
        int at = indexOf(stored, new byte[] {4, 'h', 'o', 'm', 'e'});
        stored[at + 1] = (byte) 0xFF;
        assertBad(stored, "calls[1].channel");
    }

    @Test
    void aRequiredFieldMissingInANestedRecordIsNamedByItsPath() {
        Entry routed = EntrySamples.full().stream().filter(x -> x.type().equals("speech.routed")).findFirst().orElseThrow();
        byte[] stored = EntryCodec.store(routed);
        // route = {kind: publish, channel, server}: its mask then "publish"
        int at = indexOf(stored, new byte[] {7, 'p', 'u', 'b', 'l', 'i', 's', 'h'}) - 1;
        int mask = stored[at];
        assertTrue((mask & 1) == 1, "kind is component 0 of the route");
        byte[] without = splice(stored, at, 9, new byte[] {(byte) (mask & ~1)});
        assertBad(without, "route.kind");
    }

    // ---- the version guard

    @Test
    void aSchemaThatNeverExistedIsRefusedNotReadAsJson() {
        byte[] json = EntryCodec.encode(new TurnEnded(AT, 7L));
        for (int version : new int[] {0, -1}) {
            int v = version;
            assertEquals("v", assertThrows(BadEntryException.class, () -> EntryCodec.decode(v, json, 0, json.length),
                    "schema " + v + " read as JSON").field());
        }
    }

    /** The mask of a record of 64 components cannot be checked for bits past its end; none has that many (a guard). */
    @Test
    void noStoredRecordHasSixtyFourComponents() {
        for (Entry e : samples()) assertTrue(e.getClass().getRecordComponents().length < 64);
    }
}
