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
 * A name the state files records under (an agent, a registered channel and its server, a queued wake's
 * id) over {@link FactNames#LIMIT} characters is refused before its fact is decided, naming the field,
 * nothing journaled: a state checkpoint writes such names as JSON names, which a reader takes only up
 * to 50,000 bytes, and one longer name left every later checkpoint unwritten. The guard is the failure
 * itself: every text field of every host fact, found by reflection, is given 60,000 characters, and
 * the engine either refuses it, naming it, or takes it and can still write a checkpoint.
 */
class FactNamesTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Over the 50,000 bytes a JSON reader takes in a name. */
    private static final String LONG = "n".repeat(60_000);
    /** The fields refused: those the state files records under. */
    private static final Set<String> NAMES = Set.of("agent.configured agent", "channel.registered channel",
            "channel.registered server", "focus.opened agent", "focus.closed agent", "message.received agent",
            "wake.queued id", "wake.queued agent", "turn.started agent", "script.called agent", "history.changed agent");
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
    void aLongNameTheStateFilesRecordsUnderIsRefusedAndEveryOtherLongTextLeavesACheckpointWritable() throws IOException {
        List<String> refused = new ArrayList<>();
        List<String> taken = new ArrayList<>();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
            for (String line : LINES) {
                String type = EntryCodec.readFact(line).type();
                for (String path : textsOf(EntryCodec.readFact(line))) {
                    Fact fact;
                    try {
                        fact = EntryCodec.readFact(withText(line, path, LONG));
                    } catch (BadEntryException closedSet) {
                        continue; // the host protocol's reader refuses it first (a writer, a retake): never decided
                    }
                    long last = e.journal().lastIndex();
                    byte[] state = StateCodec.toBytes(e.state());
                    try {
                        e.accept(fact);
                    } catch (BadEntryException names) {
                        assertEquals(path, names.field(), type + ": refused for another field");
                        assertTrue(names.getMessage().contains("10,000 a name"), names.getMessage());
                        assertEquals(last, e.journal().lastIndex(), path + ": nothing journaled");
                        assertArrayEquals(state, StateCodec.toBytes(e.state()), path + ": nothing decided");
                        refused.add(type + " " + path);
                        continue;
                    }
                    e.checkpoint(); // throws when the state holds a name no reader takes back
                    taken.add(type + " " + path);
                }
            }
        }
        assertEquals(NAMES, Set.copyOf(refused), "refused; taken: " + taken);
        assertTrue(taken.containsAll(List.of("turn.started wakes[0]", "message.received text", "round.spoken calls[0].channel",
                "publish.settled messageId")), taken.toString());
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
            assertTrue(StateCodec.fromJson(checkpoint).privacy.messages.holds(agent), "the checkpoint holds the agent's message");
        }
    }

    /** The paths of the fact's text fields: every one, or list of them, a call's too. */
    private static List<String> textsOf(Fact fact) {
        List<String> paths = new ArrayList<>();
        textsOf(fact.getClass(), "", paths);
        return paths;
    }

    private static void textsOf(Class<?> record, String prefix, List<String> paths) {
        for (RecordComponent c : record.getRecordComponents()) {
            Type t = c.getGenericType();
            if (t == String.class) {
                paths.add(prefix + c.getName());
            } else if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
                Type item = p.getActualTypeArguments()[0];
                if (item == String.class) paths.add(prefix + c.getName() + "[0]");
                else if (item == Call.class) textsOf(Call.class, prefix + c.getName() + "[0].", paths);
            }
        }
    }

    /** The line with the value at {@code path} ("a", "a[0]", "a[0].b") made {@code value}. */
    private static String withText(String line, String path, String value) throws IOException {
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
