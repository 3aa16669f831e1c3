package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TurnOpened;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class EntryCodecTest {

    private static final String AT = "\"at\":\"2026-11-02T09:14:03.120Z\"";

    // ---- round trips -------------------------------------------------------------------------

    static Stream<Arguments> everySample() {
        List<Arguments> all = new ArrayList<>();
        for (String json : EntrySamples.FULL) all.add(Arguments.of("full " + typeOf(json), json));
        for (String json : EntrySamples.MINIMAL) all.add(Arguments.of("minimal " + typeOf(json), json));
        return all.stream();
    }

    private static String typeOf(String json) {
        return EntrySamples.tree(json).get("type").asText();
    }

    private static Set<Class<?>> registeredTypes() {
        return Arrays.stream(Entry.class.getAnnotation(JsonSubTypes.class).value())
                .map(JsonSubTypes.Type::value)
                .collect(Collectors.toSet());
    }

    @Test
    void aCheckpointDecodedForARestoreKeepsItsStateAsTheJsonStoredInEitherSchema() throws Exception {
        StateCheckpoint cp = (StateCheckpoint) EntryCodec.readEntry("{\"type\":\"state.checkpoint\",\"at\":\"2026-11-02T09:00:00Z\","
                + "\"through\":7,\"entries\":8,\"state\":{\"n\":12345678901234567890,\"text\":\"caf\u00e9\",\"list\":[1,2.5]},\"lastSeq\":41}");
        byte[] stored = EntryCodec.store(cp);
        byte[] json = EntryCodec.encode(cp);
        for (CheckpointJson read : List.of(EntryCodec.decodeCheckpoint(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length),
                EntryCodec.decodeCheckpoint(EntryCodec.JSON_SCHEMA, json, 0, json.length))) {
            assertEquals(cp.state(), EntryCodec.mapper().readTree(read.state()));
            assertEquals(List.of(cp.at(), cp.through(), cp.entries(), cp.lastSeq()), List.of(read.at(), read.through(), read.entries(), read.lastSeq()));
        }
        byte[] message = EntryCodec.store(EntryCodec.readEntry("{\"type\":\"message.received\",\"at\":\"2026-11-02T09:00:00Z\","
                + "\"id\":\"m\",\"agent\":\"a\",\"kind\":\"external-message\",\"writer\":\"host\"}"));
        assertNull(EntryCodec.decodeCheckpoint(EntryCodec.SCHEMA_VERSION, message, 0, message.length), "another entry is no checkpoint");
        byte[] cut = Arrays.copyOf(stored, stored.length - 3);
        assertThrows(BadEntryException.class, () -> EntryCodec.decodeCheckpoint(EntryCodec.SCHEMA_VERSION, cut, 0, cut.length));
    }

    @Test
    void everyPermittedRecordIsRegisteredWithItsWireName() {
        Set<Class<?>> permitted = new HashSet<>();
        for (Class<?> sub : Entry.class.getPermittedSubclasses()) {
            if (sub.isInterface()) permitted.addAll(Arrays.asList(sub.getPermittedSubclasses()));
            else permitted.add(sub);
        }
        assertEquals(permitted, registeredTypes());
        Set<String> names = new HashSet<>();
        for (Entry e : EntrySamples.full()) names.add(e.type());
        assertEquals(registeredTypes().size(), names.size(), "one wire name per record: " + names);
    }

    @Test
    void samplesCoverEveryEntryTypeWithEveryOptionalFieldPresentAndAbsent() {
        Set<Class<?>> registered = registeredTypes();
        assertEquals(registered, EntrySamples.full().stream().map(Object::getClass).collect(Collectors.toSet()));
        assertEquals(registered, EntrySamples.minimal().stream().map(Object::getClass).collect(Collectors.toSet()));

        Map<Class<?>, Set<String>> nestedSeen = new HashMap<>();
        for (Class<?> type : registered) {
            Set<String> all = propertyNames(type, false);
            boolean covered = false;
            for (String json : EntrySamples.FULL) {
                if (EntryCodec.readEntry(json).getClass() != type) continue;
                JsonNode tree = EntrySamples.tree(json);
                covered |= fieldNames(tree).containsAll(all);
                collectNested(type, tree, nestedSeen);
            }
            assertTrue(covered, "EntrySamples.FULL has no " + type.getSimpleName() + " with all of " + all);
            for (String json : EntrySamples.MINIMAL) {
                if (EntryCodec.readEntry(json).getClass() != type) continue;
                Set<String> expected = new TreeSet<>(propertyNames(type, true));
                expected.add("type");
                assertEquals(expected, new TreeSet<>(fieldNames(EntrySamples.tree(json))),
                        "EntrySamples.MINIMAL " + type.getSimpleName() + " gives exactly its required fields");
            }
        }
        assertFalse(nestedSeen.isEmpty());
        nestedSeen.forEach((nested, seen) -> assertTrue(seen.containsAll(propertyNames(nested, false)),
                "EntrySamples.FULL never gives " + nested.getSimpleName() + " all of "
                        + propertyNames(nested, false) + ", only " + seen));
    }

    /** Jackson's view of a record's JSON properties (all, or only the required ones). */
    private static Set<String> propertyNames(Class<?> type, boolean requiredOnly) {
        var description = EntryCodec.mapper().getDeserializationConfig()
                .introspect(EntryCodec.mapper().constructType(type));
        Set<String> names = new TreeSet<>();
        for (BeanPropertyDefinition p : description.findProperties()) {
            if (!p.couldDeserialize()) continue;
            if (!requiredOnly || p.isRequired()) names.add(p.getName());
        }
        return names;
    }

    private static Set<String> fieldNames(JsonNode tree) {
        Set<String> names = new TreeSet<>();
        tree.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Collects the fields given for nested records (a round's calls, a route, a notice's names). */
    private static void collectNested(Class<?> type, JsonNode tree, Map<Class<?>, Set<String>> seen) {
        for (RecordComponent c : type.getRecordComponents()) {
            Class<?> nested = null;
            boolean list = false;
            if (c.getType().isRecord()) {
                nested = c.getType();
            } else if (c.getType() == List.class && c.getGenericType() instanceof ParameterizedType pt
                    && pt.getActualTypeArguments()[0] instanceof Class<?> element && element.isRecord()) {
                nested = element;
                list = true;
            }
            if (nested == null) continue;
            Set<String> names = seen.computeIfAbsent(nested, k -> new TreeSet<>());
            JsonNode value = tree.get(c.getName());
            if (value == null) continue;
            if (list) value.forEach(v -> names.addAll(fieldNames(v)));
            else names.addAll(fieldNames(value));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySample")
    void encodeThenDecodeGivesAnEqualEntryAndTheSameBytes(String name, String json) {
        Entry entry = EntryCodec.readEntry(json);
        byte[] bytes = EntryCodec.encode(entry);
        Entry back = EntryCodec.decode(bytes);
        assertEquals(entry, back);
        assertArrayEquals(bytes, EntryCodec.encode(back), "encoding is byte-stable");
        assertArrayEquals(bytes, EntryCodec.encode(entry), "encoding the same entry twice");
        assertEquals(new String(bytes, StandardCharsets.UTF_8), EntryCodec.toJson(entry));
        assertEquals(entry, EntryCodec.readEntry(EntryCodec.toJson(entry)));
        assertEquals(entry.hashCode(), back.hashCode());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySample")
    void encodingKeepsEveryFieldAsGivenUnderItsProtocolName(String name, String json) {
        JsonNode given = EntrySamples.tree(json);
        JsonNode written = EntrySamples.tree(EntryCodec.toJson(EntryCodec.readEntry(json)));
        given.fields().forEachRemaining(f -> assertEquals(f.getValue(), written.get(f.getKey()), f.getKey()));
        if (name.startsWith("full")) {
            assertEquals(fieldNames(given), fieldNames(written), "nothing added to a complete entry");
        }
        assertEquals("type", written.fieldNames().next(), "the type comes first, for a reader's eye");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySample")
    void aFactReadsBackThroughReadFactAndADecisionIsRefusedThere(String name, String json) {
        Entry entry = EntryCodec.readEntry(json);
        if (entry instanceof Fact) {
            assertEquals(entry, EntryCodec.readFact(json));
            assertEquals(entry, EntryCodec.readFact(EntryCodec.toJson(entry)));
        } else {
            BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json));
            assertEquals("type", e.field());
            assertTrue(e.getMessage().contains(entry.type()), e.getMessage());
        }
    }

    @Test
    void onlyPublishAttemptsHoldsOutcomesAndDismissalsAreDurable() {
        Set<String> durable = EntrySamples.full().stream().filter(Entry::durable).map(Entry::type)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(List.of("publish.requested", "publish.settled", "publish.outcome",
                "draft.held", "draft.dismissed")), durable);
    }

    @Test
    void decodeReadsASliceOfALargerBuffer() {
        Entry entry = EntrySamples.full().get(4);
        for (int schema : new int[] {EntryCodec.JSON_SCHEMA, EntryCodec.SCHEMA_VERSION}) {
            byte[] bytes = schema == EntryCodec.JSON_SCHEMA ? EntryCodec.encode(entry) : EntryCodec.store(entry);
            byte[] padded = new byte[bytes.length + 20];
            Arrays.fill(padded, (byte) '#');
            System.arraycopy(bytes, 0, padded, 7, bytes.length);
            assertEquals(entry, EntryCodec.decode(schema, padded, 7, bytes.length), "schema " + schema);
        }
    }

    @Test
    void turnOpenedWritesPrivateAndItsExplicitNulls() {
        JsonNode tree = EntrySamples.tree(EntryCodec.toJson(EntryCodec.readEntry(
                "{\"type\":\"turn.opened\"," + AT + ",\"turn\":1,\"agent\":\"qa\",\"private\":false}")));
        assertTrue(tree.get("private").isBoolean());
        assertFalse(tree.has("isPrivate"));
        for (String field : List.of("why", "locus", "fallback")) {
            assertTrue(tree.has(field) && tree.get(field).isNull(), field + " is written as null");
        }
    }

    @Test
    void absentFieldsAreLeftOutAndAStateTreeKeepsItsOrder() {
        JsonNode tree = EntrySamples.tree(EntryCodec.toJson(EntryCodec.readEntry("{\"type\":\"state.checkpoint\","
                + AT + ",\"through\":1,\"entries\":2,\"state\":{\"b\":1,\"a\":[]}}")));
        assertEquals(List.of("type", "at", "through", "entries", "state"), ordered(tree));
        assertEquals(List.of("b", "a"), ordered(tree.get("state")));
    }

    private static List<String> ordered(JsonNode tree) {
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        return names;
    }

    // ---- the protocol's own example reads ----------------------------------------------------

    @Test
    void theProtocolExampleFactsRead() {
        List<String> lines = List.of(
                "{\"type\":\"channel.registered\",\"at\":\"2026-11-02T09:00:00Z\",\"channel\":\"work\",\"server\":\"discord\",\"label\":\"#work\"}",
                "{\"type\":\"agent.configured\",\"at\":\"2026-11-02T09:00:00Z\",\"agent\":\"qa\",\"mode\":\"locus\",\"locusPolicy\":\"delivery\"}",
                "{\"type\":\"focus.opened\",\"at\":\"2026-11-02T09:01:00Z\",\"agent\":\"qa\",\"channel\":\"work\"}",
                "{\"type\":\"message.received\",\"at\":\"2026-11-02T09:02:00Z\",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"external-message\",\"text\":\"status?\",\"writer\":\"host\"}",
                "{\"type\":\"wake.queued\",\"at\":\"2026-11-02T09:02:00Z\",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"message\",\"messages\":[\"m1\"]}",
                "{\"type\":\"turn.started\",\"at\":\"2026-11-02T09:02:01Z\",\"agent\":\"qa\",\"wakes\":[\"w1\"],\"reads\":[\"m1\"]}",
                "{\"type\":\"round.spoken\",\"at\":\"2026-11-02T09:02:05Z\",\"turn\":1,\"round\":1,\"text\":\"All green.\",\"calls\":[]}",
                "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:02:06Z\",\"turn\":1}");
        for (String line : lines) {
            Fact fact = EntryCodec.readFact(line);
            assertEquals(fact, EntryCodec.readFact(EntryCodec.toJson(fact)), line);
        }
    }

    // ---- defaults ----------------------------------------------------------------------------

    @Test
    void absentPermittedReadsTrue() {
        RoundSpoken round = (RoundSpoken) EntryCodec.readFact("{\"type\":\"round.spoken\"," + AT
                + ",\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":\"send_message\"},"
                + "{\"tool\":\"send_message\",\"permitted\":false}]}");
        assertEquals(true, round.calls().get(0).permitted());
        assertEquals(false, round.calls().get(1).permitted());
        assertEquals(false, round.calls().get(0).confirmDuplicate());
        assertEquals(false, round.calls().get(0).fromScript());
        assertEquals(List.of(), round.calls().get(0).draftIds());
    }

    @Test
    void absentWakesReadsTrue() {
        MessageReceived m = (MessageReceived) EntryCodec.readFact(message(""));
        assertEquals(true, m.wakes());
        assertEquals(false, m.addressed());
        assertEquals("", m.text());
        assertEquals(List.of(), m.tags());
        assertNull(m.channel());
        assertFalse(m.namesChannel());
        MessageReceived quiet = (MessageReceived) EntryCodec.readFact(message(",\"wakes\":false"));
        assertEquals(false, quiet.wakes());
    }

    @Test
    void absentLocusPolicyReadsDelivery() {
        AgentConfigured a = (AgentConfigured) EntryCodec.readFact("{\"type\":\"agent.configured\"," + AT
                + ",\"agent\":\"qa\",\"mode\":\"locus\"}");
        assertEquals(LocusPolicy.DELIVERY, a.locusPolicy());
        assertEquals(false, a.run());
        assertTrue(a.mayCall("anything"), "tools absent means every tool");
        AgentConfigured latest = (AgentConfigured) EntryCodec.readFact("{\"type\":\"agent.configured\"," + AT
                + ",\"agent\":\"qa\",\"mode\":\"named\",\"locusPolicy\":\"latest-inbound\",\"tools\":[\"drafts\"]}");
        assertEquals(LocusPolicy.LATEST_INBOUND, latest.locusPolicy());
        assertFalse(latest.mayCall("send_message"));
    }

    // ---- strict reading ----------------------------------------------------------------------

    private static BadEntryException refusedFact(String json, String field) {
        BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json), json);
        assertEquals(field, e.field(), e.getMessage());
        if (field != null) assertTrue(e.getMessage().contains(field), e.getMessage());
        // readEntry is exactly as strict
        BadEntryException again = assertThrows(BadEntryException.class, () -> EntryCodec.readEntry(json), json);
        assertEquals(field, again.field(), again.getMessage());
        return e;
    }

    private static String message(String more) {
        return "{\"type\":\"message.received\"," + AT + ",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"external-message\",\"writer\":\"host\"" + more + "}";
    }

    private static String round(String more) {
        return "{\"type\":\"round.spoken\"," + AT + ",\"turn\":1,\"round\":1,\"text\":\"hi\"" + more + "}";
    }

    @Test
    void anUnknownFieldIsRefusedAndNamed() {
        BadEntryException e = refusedFact(message(",\"bogus\":1"), "bogus");
        assertTrue(e.getMessage().contains("unknown field"), e.getMessage());
        refusedFact("{\"bogus\":1," + message("").substring(1), "bogus");
        refusedFact(message(",\"Id\":\"m2\""), "Id");
    }

    @Test
    void anUnknownNestedFieldIsRefusedAndNamedByItsPath() {
        refusedFact(round(",\"calls\":[{\"tool\":\"send_message\",\"bogus\":true}]"), "calls[0].bogus");
        refusedFact(round(",\"calls\":[{\"tool\":\"a\"},{\"tool\":\"b\",\"bogus\":{\"x\":1}}]"), "calls[1].bogus");
        BadEntryException route = assertThrows(BadEntryException.class, () -> EntryCodec.readEntry(
                "{\"type\":\"speech.routed\"," + AT + ",\"turn\":1,\"round\":1,\"segment\":0,\"text\":\"x\","
                        + "\"route\":{\"kind\":\"publish\",\"channel\":\"work\",\"bogus\":1}}"));
        assertEquals("route.bogus", route.field());
        BadEntryException names = assertThrows(BadEntryException.class, () -> EntryCodec.readEntry(
                "{\"type\":\"notice.issued\"," + AT + ",\"agent\":\"qa\",\"kind\":\"bounce\",\"text\":\"x\","
                        + "\"names\":{\"channels\":[],\"bogus\":[]}}"));
        assertEquals("names.bogus", names.field());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"turn.ended\",@AT,\"turn\":\"abc\"}                        | turn",
        "{\"type\":\"turn.ended\",@AT,\"turn\":\"7\"}                          | turn",
        "{\"type\":\"turn.ended\",@AT,\"turn\":7.0}                            | turn",
        "{\"type\":\"turn.ended\",@AT,\"turn\":true}                           | turn",
        "{\"type\":\"turn.ended\",@AT,\"turn\":[7]}                            | turn",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":5}       | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":true}    | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":{}}      | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":[\"a\"]} | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1.5,\"text\":\"\"}  | round",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":\"1\",\"text\":\"\"} | round",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"privateThink\":1} | privateThink",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":{}} | calls",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":5}]} | calls[0].tool",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":\"a\",\"permitted\":\"no\"}]} | calls[0].permitted",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":\"a\",\"draftIds\":[1]}]} | calls[0].draftIds[0]",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"addressed\":\"yes\"} | addressed",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"addressed\":\"true\"} | addressed",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"addressed\":1} | addressed",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"wakes\":\"\"} | wakes",
        "{\"type\":\"message.received\",@AT,\"id\":5,\"agent\":\"qa\",\"kind\":\"x\"}      | id",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"tags\":\"ambient\"} | tags",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"tags\":[1]} | tags[0]",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\",\"fromTurn\":\"3\"} | fromTurn",
        "{\"type\":\"message.received\",\"at\":\"yesterday\",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"message.received\",\"at\":1762074843120,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"message.received\",\"at\":true,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":\"loud\"}  | mode",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":\"LOCUS\"} | mode",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":0}         | mode",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":\"0\"}     | mode",
        "{\"type\":\"message.received\",\"at\":\"\",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"message.received\",\"at\":\"2026-11-02\",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":\"locus\",\"locusPolicy\":\"nearest\"} | locusPolicy",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":\"locus\",\"run\":\"false\"} | run",
        "{\"type\":\"publish.settled\",@AT,\"attempt\":1,\"delivered\":\"true\"} | delivered",
    })
    void aValueOfTheWrongTypeIsRefusedAndNamed(String json, String field) {
        refusedFact(json.replace("@AT", AT), field);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"message.received\",@AT,\"agent\":\"qa\",\"kind\":\"x\"}              | id",
        "{\"type\":\"message.received\",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"}     | at",
        "{\"type\":\"message.received\",@AT,\"id\":\"m1\",\"agent\":\"qa\"}               | kind",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1}                           | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"text\":\"\"}                         | round",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"channel\":\"work\"}]} | calls[0].tool",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":\"a\"},{}]} | calls[1].tool",
        "{\"type\":\"turn.ended\",@AT}                                                    | turn",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\"}                             | mode",
        "{\"type\":\"publish.settled\",@AT}                                               | attempt",
    })
    void aMissingRequiredFieldIsRefusedAndNamed(String json, String field) {
        BadEntryException e = refusedFact(json.replace("@AT", AT), field);
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    /**
     * A required field written as {@code null} is as absent as a missing one. Accepting it would
     * journal an entry that the journal itself then refuses to decode (null fields are left out
     * when encoding, so the entry reads back with the required field missing).
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"message.received\",@AT,\"id\":null,\"agent\":\"qa\",\"kind\":\"x\"}  | id",
        "{\"type\":\"message.received\",\"at\":null,\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"x\"} | at",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":null}             | text",
        "{\"type\":\"round.spoken\",@AT,\"turn\":null,\"round\":1,\"text\":\"\"}          | turn",
        "{\"type\":\"round.spoken\",@AT,\"turn\":1,\"round\":1,\"text\":\"\",\"calls\":[{\"tool\":null}]} | calls[0].tool",
        "{\"type\":\"agent.configured\",@AT,\"agent\":\"qa\",\"mode\":null}               | mode",
    })
    void aRequiredFieldGivenAsNullIsRefusedAndNamed(String json, String field) {
        refusedFact(json.replace("@AT", AT), field);
    }

    /** P2: who wrote a message decides whether its work mark counts, so it is required and one of three words. */
    @ParameterizedTest(name = "writer ''{0}''")
    @ValueSource(strings = {"Host", "HOST", "framework", "", " host"})
    void P2_aWriterOtherThanHostModuleOrServerIsRefusedAndNamed(String writer) {
        String json = message("").replace("\"writer\":\"host\"", "\"writer\":\"" + writer + "\"");
        BadEntryException e = refusedFact(json, "writer");
        assertTrue(e.getMessage().contains("host, module or server"), e.getMessage());
    }

    @Test
    void P2_aMessageWithoutWriterIsRefusedAndNamed() {
        String none = message("").replace(",\"writer\":\"host\"", "");
        assertTrue(refusedFact(none, "writer").getMessage().contains("missing"));
        refusedFact(message("").replace("\"writer\":\"host\"", "\"writer\":null"), "writer");
        refusedFact(message("").replace("\"writer\":\"host\"", "\"writer\":1"), "writer");
        IllegalArgumentException java = assertThrows(IllegalArgumentException.class, () -> new MessageReceived(
                Instant.parse("2026-11-02T09:00:00Z"), "m1", "qa", "external-message", null, null, null, null, null, null, null, null));
        assertTrue(java.getMessage().contains("writer"), java.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"host", "module", "server"})
    void P2_eachOfTheThreeWritersReads(String writer) {
        String json = message("").replace("\"writer\":\"host\"", "\"writer\":\"" + writer + "\"");
        assertEquals(writer, ((MessageReceived) EntryCodec.readFact(json)).writer());
    }

    /**
     * An entry journaled before the writer was checked still reads, as the engine read it then: a
     * writer other than {@code host} was never the host, so it reads as {@code module} (its work
     * mark dropped, a tool-list notice from it private). Only what a host sends now is refused.
     */
    @Test
    void P2_aMessageJournaledWithAnotherWriterBeforeItWasCheckedReadsAsAModules() {
        String json = message(",\"fromTurn\":3").replace("\"writer\":\"host\"", "\"writer\":\"Host\"");
        MessageReceived m = (MessageReceived) EntryCodec.decode(json.getBytes(StandardCharsets.UTF_8));
        assertEquals("module", m.writer());
        assertEquals(3L, m.fromTurn());
        assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json), "but a host may not send it now");
    }

    @Test
    void optionalFieldsMayBeGivenAsNull() {
        MessageReceived m = (MessageReceived) EntryCodec.readFact(message(
                ",\"channel\":null,\"addressed\":null,\"tags\":null,\"wakes\":null,\"fromTurn\":null"));
        assertEquals(EntryCodec.readFact(message("")), m);
        TurnOpened opened = (TurnOpened) EntryCodec.readEntry("{\"type\":\"turn.opened\"," + AT
                + ",\"turn\":1,\"agent\":\"qa\",\"private\":false,\"why\":null,\"locus\":null,\"fallback\":null}");
        assertNull(opened.why());
    }

    @Test
    void anUnknownTypeIsRefusedAsType() {
        BadEntryException e = refusedFact("{\"type\":\"message.recieved\"," + AT + ",\"id\":\"m1\"}", "type");
        assertTrue(e.getMessage().contains("message.recieved"), e.getMessage());
        refusedFact("{\"type\":\"\"," + AT + "}", "type");
        refusedFact("{\"type\":\"Message.Received\"," + AT + ",\"id\":\"m1\"}", "type");
    }

    @Test
    void aMissingTypeIsRefusedAsType() {
        BadEntryException e = refusedFact("{" + AT + ",\"turn\":1}", "type");
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
        refusedFact("{}", "type");
    }

    @Test
    void aTypeThatIsNotAStringIsRefusedAsType() {
        refusedFact("{\"type\":5," + AT + ",\"turn\":1}", "type");
        refusedFact("{\"type\":null," + AT + ",\"turn\":1}", "type");
        refusedFact("{\"type\":{\"x\":1}," + AT + ",\"turn\":1}", "type");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"type\":\"turn.ended\",\"at\":",
        "not json",
        "{\"type\":\"turn.ended\" \"turn\":1}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03Z\",\"turn\":1,}",
        "{'type':'turn.ended'}",
    })
    void malformedJsonIsRefusedWithAClearMessage(String json) {
        BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json));
        assertNull(e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith("malformed JSON"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void emptyInputAndNonObjectsAreRefusedWithAClearMessage() {
        for (String json : List.of("", "   ", "[]", "5", "\"turn.ended\"", "null")) {
            BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json), json);
            assertNotNull(e.getMessage(), json);
            assertFalse(e.getMessage().isBlank(), json);
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }

    @Test
    void aSecondValueOnTheLineIsRefused() {
        String line = "{\"type\":\"turn.ended\"," + AT + ",\"turn\":1}";
        BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(line + " {}"));
        assertTrue(e.getMessage().toLowerCase().contains("trailing"), e.getMessage());
    }

    @Test
    void aDuplicatedFieldIsRefused() {
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.readFact("{\"type\":\"turn.ended\"," + AT + ",\"turn\":1,\"turn\":2}"));
        assertTrue(e.getMessage().contains("turn"), e.getMessage());
    }

    @Test
    void aDecisionGivenToReadFactIsRefused() {
        String opened = "{\"type\":\"turn.opened\"," + AT + ",\"turn\":1,\"agent\":\"qa\",\"private\":true,"
                + "\"why\":\"private-surface\",\"locus\":null,\"fallback\":null}";
        assertInstanceOf(Decision.class, EntryCodec.readEntry(opened));
        BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(opened));
        assertEquals("type", e.field());
        assertTrue(e.getMessage().contains("turn.opened"), e.getMessage());

        String checkpoint = "{\"type\":\"state.checkpoint\"," + AT + ",\"through\":1,\"entries\":2,\"state\":{}}";
        assertInstanceOf(StateCheckpoint.class, EntryCodec.readEntry(checkpoint));
        assertEquals("type", assertThrows(BadEntryException.class, () -> EntryCodec.readFact(checkpoint)).field());
    }

    @Test
    void aSchemaVersionNewerThanThisBuildIsRefusedAsV() {
        Entry entry = EntrySamples.full().get(0);
        byte[] bytes = EntryCodec.store(entry);
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.decode(EntryCodec.SCHEMA_VERSION + 1, bytes, 0, bytes.length));
        assertEquals("v", e.field());
        assertTrue(e.getMessage().contains(String.valueOf(EntryCodec.SCHEMA_VERSION + 1)), e.getMessage());
        assertEquals(entry, EntryCodec.decode(EntryCodec.SCHEMA_VERSION, bytes, 0, bytes.length));
    }

    @Test
    void decodeIsAsStrictAsReadEntry() {
        byte[] bytes = message(",\"bogus\":1").getBytes(StandardCharsets.UTF_8);
        assertEquals("bogus", assertThrows(BadEntryException.class, () -> EntryCodec.decode(bytes)).field());
    }

    @Test
    void treeIsTheCodecsOwnJson() {
        ObjectNode tree = (ObjectNode) EntryCodec.tree(Call.of("send_message"));
        assertEquals("send_message", tree.get("tool").asText());
        assertFalse(tree.has("server"), "null fields are left out");
        assertTrue(tree.get("permitted").asBoolean());
    }
}
