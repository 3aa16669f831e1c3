package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A name a fact gives over {@link FactNames#LIMIT} characters is refused before it is decided, naming
 * the field, nothing journaled: a state checkpoint writes names as JSON names, which a reader takes
 * only up to 50,000 bytes, so one such name left every later checkpoint unwritten. Every text field of
 * every host fact is found by reflection: a field added later is either a name (and checked) or words.
 */
class FactNamesTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a fact carries that no state keys anything by: free text, an error, a reason. */
    private static final Set<String> WORDS = Set.of("text", "error", "connectorText", "cause", "rules", "cut");
    private static final String AT = "\"at\":\"2026-11-02T09:00:01Z\"";
    /** One line of each fact a host sends, every list holding an item. */
    private static final List<String> LINES = List.of(
            "{\"type\":\"agent.configured\"," + AT + ",\"agent\":\"qa\",\"mode\":\"hybrid\",\"tools\":[\"send_message\"],\"home\":\"work\"}",
            "{\"type\":\"channel.registered\"," + AT + ",\"channel\":\"work\",\"server\":\"discord\",\"label\":\"#work\"}",
            "{\"type\":\"focus.opened\"," + AT + ",\"agent\":\"qa\",\"channel\":\"work\"}",
            "{\"type\":\"focus.closed\"," + AT + ",\"agent\":\"qa\",\"channel\":\"work\"}",
            "{\"type\":\"message.received\"," + AT + ",\"id\":\"m1\",\"agent\":\"qa\",\"kind\":\"channel-message\",\"channel\":\"work\","
                    + "\"server\":\"discord\",\"tags\":[\"ambient\"],\"text\":\"hi\",\"writer\":\"host\"}",
            "{\"type\":\"wake.queued\"," + AT + ",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"message\",\"messages\":[\"m1\"],"
                    + "\"channel\":\"work\",\"retake\":\"nudge\"}",
            "{\"type\":\"turn.started\"," + AT + ",\"agent\":\"qa\",\"wakes\":[\"w1\"],\"reads\":[\"m1\"]}",
            "{\"type\":\"tool.boundary\"," + AT + ",\"turn\":1,\"injected\":[\"m2\"]}",
            "{\"type\":\"round.spoken\"," + AT + ",\"turn\":1,\"round\":1,\"text\":\"hi\",\"calls\":[{\"tool\":\"send_message\","
                    + "\"channel\":\"work\",\"server\":\"discord\",\"text\":\"hi\",\"action\":\"send\",\"draftIds\":[\"d-0000001\"]}]}",
            "{\"type\":\"turn.ended\"," + AT + ",\"turn\":1}",
            "{\"type\":\"script.called\"," + AT + ",\"agent\":\"qa\",\"turn\":1,\"tool\":\"channel_publish\",\"channel\":\"work\","
                    + "\"server\":\"discord\",\"text\":\"report\"}",
            "{\"type\":\"publish.settled\"," + AT + ",\"attempt\":1,\"delivered\":false,\"messageId\":\"x1\",\"error\":\"error-response\","
                    + "\"connectorText\":\"no\"}",
            "{\"type\":\"history.changed\"," + AT + ",\"agent\":\"qa\",\"branch\":\"main\",\"removed\":[\"m1\"],\"restored\":[\"m2\"]}",
            "{\"type\":\"process.restarted\"," + AT + "}");

    @TempDir
    Path dir;

    @Test
    void everyNameOverTheLimitIsRefusedNamingItsFieldAndNothingIsJournaled() throws IOException {
        List<String> checked = new ArrayList<>();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
            for (String line : LINES) {
                for (String path : namesOf(EntryCodec.readFact(line))) {
                    long last = e.journal().lastIndex();
                    byte[] state = StateCodec.toBytes(e.state());
                    String refusedAs = refusal(e, withName(line, path, "n".repeat(FactNames.LIMIT + 1)));
                    assertEquals(path, refusedAs, line + ": the name at " + path + " over the limit");
                    assertEquals(last, e.journal().lastIndex(), path + ": nothing journaled");
                    assertArrayEquals(state, StateCodec.toBytes(e.state()), path + ": nothing decided");
                    checked.add(EntryCodec.readFact(line).type() + " " + path);
                }
            }
        }
        // a guard on the guard: the reflection found the fields the rule is about
        assertTrue(checked.containsAll(List.of("message.received agent", "message.received id", "channel.registered channel",
                "wake.queued messages[0]", "round.spoken calls[0].channel")), checked.toString());
    }

    @Test
    void aNameAtTheLimitIsTakenAndACheckpointOfItReadsBack() throws IOException {
        // three UTF-8 bytes a character: 30,000 bytes, within the 50,000 a JSON name may be
        String agent = "\u20ac".repeat(FactNames.LIMIT);
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
            e.accept(new MessageReceived(T0.plusSeconds(1), "m1", agent, "channel-message", "work", "discord", true, null, "hi",
                    "host", null, null));
            e.checkpoint();
        }
        try (Journal j = Journal.openReader(dir)) {
            byte[] checkpoint = j.newestCheckpointJson(j.lastIndex() + 1).checkpoint().state();
            assertTrue(StateCodec.fromJson(checkpoint).privacy.messages.containsKey(agent), "the checkpoint holds the agent's message");
        }
    }

    @Test
    void wordsAreNotNames() {
        String line = LINES.get(4).replace("\"text\":\"hi\"", "\"text\":\"" + "w".repeat(FactNames.LIMIT + 1) + "\"");
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            assertEquals(null, refusal(e, line), "a message's text is words, however long");
        }
    }

    /** The field the engine refused the line's fact for, or null when it took it. */
    private static String refusal(Engine e, String line) {
        try {
            e.accept(EntryCodec.readFact(line));
            return null;
        } catch (BadEntryException refused) {
            return refused.field();
        }
    }

    /** The paths of the fact's names: every text field, or list of them, but words; a call's too. */
    private static List<String> namesOf(Fact fact) {
        List<String> paths = new ArrayList<>();
        namesOf(fact.getClass(), "", paths);
        return paths;
    }

    private static void namesOf(Class<?> record, String prefix, List<String> paths) {
        for (RecordComponent c : record.getRecordComponents()) {
            if (WORDS.contains(c.getName())) continue;
            Type t = c.getGenericType();
            if (t == String.class) {
                paths.add(prefix + c.getName());
            } else if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
                Type item = p.getActualTypeArguments()[0];
                if (item == String.class) paths.add(prefix + c.getName() + "[0]");
                else if (item == Call.class) namesOf(Call.class, prefix + c.getName() + "[0].", paths);
            }
        }
    }

    /** The line with the value at {@code path} ("a", "a[0]", "a[0].b") made {@code value}. */
    private static String withName(String line, String path, String value) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(line);
        JsonNode at = root;
        String[] steps = path.split("\\.");
        for (int i = 0; i < steps.length; i++) {
            String step = steps[i];
            boolean last = i == steps.length - 1;
            int bracket = step.indexOf('[');
            if (bracket < 0) {
                if (last) ((ObjectNode) at).put(step, value);
                else at = at.get(step);
                continue;
            }
            ArrayNode items = (ArrayNode) at.get(step.substring(0, bracket));
            if (last) items.set(0, value);
            else at = items.get(0);
        }
        return JSON.writeValueAsString(root);
    }
}
