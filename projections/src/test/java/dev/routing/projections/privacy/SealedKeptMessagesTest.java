package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The kept messages sealed into a table read in place (docs/decisions/0014) answer as if every one
 * were on the heap: P2's lookups, P9's first private input on the branch, a turn made private after
 * the seal, and the canonical form, through any number of seals and checkpoint restores, from the
 * seal's table or from the table its parts make again. Checked
 * against a plain map of the messages written from RULES P2, P3 and P9 here, not against the
 * record's own view of itself.
 */
class SealedKeptMessagesTest {
    private static final List<String> AGENTS = List.of("qa", "ops");

    /** The record as RULES describe it: every message kept in a map, judged by a walk. */
    private static final class Plain {
        final Map<String, TreeMap<String, StoredMessage>> messages = new TreeMap<>();
        final Set<Long> privateTurns = new HashSet<>();

        TreeMap<String, StoredMessage> of(String agent) {
            return messages.computeIfAbsent(agent, a -> new TreeMap<>());
        }

        boolean privateInput(StoredMessage m) {
            // P3: a surface's message, or work of a turn that is private (0 and below name none: private); P2: unclassified
            return m.surface || m.unclassified != null || m.isWork() && (m.workTurn() <= 0 || privateTurns.contains(m.workTurn()));
        }

        String firstPrivateOnBranch(String agent) {
            for (var e : of(agent).entrySet()) {
                if (e.getValue().onBranch && privateInput(e.getValue())) return e.getKey();
            }
            return null;
        }

        void markRead(String agent, String id, Long turn) {
            StoredMessage m = of(agent).get(id);
            if (m == null) return;
            m.read = true;
            if (turn != null) m.readFirstIn(turn);
            // a public message is let go once read; one that may be private input is kept (P9)
            if (!(m.surface || m.isWork() || m.unclassified != null)) of(agent).remove(id);
        }
    }

    @Test
    void anyHistoryWithSealsAndRestoresAnswersAsThePlainRecord() {
        for (int seed = 0; seed < 400; seed++) {
            Random random = new Random(seed);
            EngineState state = new EngineState();
            EngineState unsealed = new EngineState();
            Plain plain = new Plain();
            int seals = 0;
            SealedKept table = null;
            List<KeptPart.Read> parts = new ArrayList<>();
            int steps = 20 + random.nextInt(120);
            for (int i = 0; i < steps; i++) {
                String agent = AGENTS.get(random.nextInt(AGENTS.size()));
                String id = "m" + random.nextInt(30);
                String what;
                switch (random.nextInt(9)) {
                    case 0 -> {
                        long turn = 1 + random.nextInt(8);
                        what = "turn " + turn + " made private";
                        state.privacy.notePrivateTurn(turn);
                        unsealed.privacy.notePrivateTurn(turn);
                        plain.privateTurns.add(turn);
                    }
                    case 1 -> {
                        boolean on = random.nextBoolean();
                        what = id + (on ? " on" : " off") + " the branch";
                        state.privacy.branch(agent, id, on);
                        unsealed.privacy.branch(agent, id, on);
                        StoredMessage m = plain.of(agent).get(id);
                        if (m != null) m.onBranch = on;
                    }
                    case 2 -> {
                        Long turn = random.nextBoolean() ? null : (long) (1 + random.nextInt(8));
                        what = id + " read in " + turn;
                        state.privacy.markRead(agent, id, turn, 20_000);
                        unsealed.privacy.markRead(agent, id, turn, 20_000);
                        plain.markRead(agent, id, turn);
                    }
                    case 3 -> {
                        what = "sealed";
                        // the part first, as the engine writes it: what changed since the seal before
                        KeptMessages.Seal before = state.privacy.messages.seal();
                        parts.add(KeptPart.read("part " + (seals + 1), KeptPart.write(before == null ? null : before.part(), state.privacy.messages)));
                        table = seal(state, ++seals);
                    }
                    case 4 -> {
                        // the seal's table, or the table made again from the parts, as a restore whose table was replaced does
                        boolean fromParts = random.nextBoolean();
                        what = fromParts ? "restored from the parts" : "restored";
                        EngineState back = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
                        if (back.privacy.messages.pending()) {
                            back.privacy.messages.attach(fromParts
                                    ? KeptPart.table(parts, back.privacy::isPrivateInput, back.privacy::isPrivateTurn) : table);
                        }
                        state = back;
                    }
                    default -> {
                        what = id + " stored";
                        StoredMessage m = RandomKeptMessages.message(random);
                        state.privacy.store(agent, id, m);
                        unsealed.privacy.store(agent, id, RandomKeptMessages.copy(m));
                        plain.of(agent).put(id, RandomKeptMessages.copy(m));
                    }
                }
                String where = "seed " + seed + ", step " + i + " (" + what + ")";
                for (String a : AGENTS) {
                    assertEquals(plain.firstPrivateOnBranch(a), state.privacy.firstPrivateOnBranch(a), where + ": P9 of " + a);
                    for (int k = 0; k < 30; k++) {
                        StoredMessage expected = plain.of(a).get("m" + k);
                        StoredMessage found = state.privacy.message(a, "m" + k);
                        assertEquals(expected == null ? null : form(expected), found == null ? null : form(found), where + ": " + a + "'s m" + k);
                    }
                }
            }
            assertEquals(StateCodec.toJson(unsealed), StateCodec.toJson(state), "seed " + seed + ": the canonical form, " + seals + " seals");
            assertEquals(StateCodec.toJson(unsealed), StateCodec.toJson(restored(state, table)), "seed " + seed + ": restored");
        }
    }

    @Test
    void aTurnMadePrivateAfterTheSealMakesItsSealedWorkPrivateInputThroughARestore() {
        EngineState state = new EngineState();
        StoredMessage work = new StoredMessage();
        work.workTurn(4);
        state.privacy.store("qa", "m1", work);
        SealedKept table = seal(state, 1);
        assertNull(state.privacy.firstPrivateOnBranch("qa"), "turn 4 is public: its work is no private input");
        state.privacy.notePrivateTurn(4);
        assertEquals("m1", state.privacy.firstPrivateOnBranch("qa"), "P3: the work of a turn made private is private input");
        assertEquals("m1", restored(state, table).privacy.firstPrivateOnBranch("qa"), "and stays so after a restore");
    }

    @Test
    void aSealedMessageLetGoStaysGoneThroughARestore() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m1", new StoredMessage());
        SealedKept table = seal(state, 1);
        state.privacy.markRead("qa", "m1", 3L, 20_000);
        assertNull(state.privacy.message("qa", "m1"), "a public message is let go once read");
        EngineState back = restored(state, table);
        assertNull(back.privacy.message("qa", "m1"));
        assertTrue(back.privacy.forgottenHolds("qa", "m1", 20_000), "its id is kept as let go");
        assertEquals("{\"qa\":{}}", kept(back), "the agent keeps its place, as it did");
    }

    @Test
    void aCheckpointNamingASealAnswersNothingUntilItsTableIsAttached() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m1", surface());
        SealedKept table = seal(state, 1);
        EngineState back = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        assertTrue(back.privacy.messages.pending());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> back.privacy.message("qa", "m1"));
        assertTrue(e.getMessage().contains("named but not attached"), e.getMessage());
        back.privacy.messages.attach(table);
        assertEquals("m1", back.privacy.firstPrivateOnBranch("qa"));
    }

    @Test
    void aTableOfAnotherCountThanTheCheckpointNamesIsRefused() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m1", surface());
        seal(state, 1);
        EngineState other = new EngineState();
        other.privacy.store("qa", "m1", surface());
        other.privacy.store("qa", "m2", surface());
        SealedKept two = seal(other, 1);
        EngineState back = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> back.privacy.messages.attach(two));
        assertTrue(e.getMessage().contains("the checkpoint names 1"), e.getMessage());
    }

    @Test
    void aCheckpointWithNoSealWritesTheFormEarlierBuildsRead() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m1", surface());
        String checkpoint = new String(StateCodec.toCheckpointBytes(state), StandardCharsets.UTF_8);
        assertTrue(checkpoint.contains("\"messages\":{\"qa\":["), checkpoint);
        seal(state, 1);
        state.privacy.store("qa", "m2", surface());
        checkpoint = new String(StateCodec.toCheckpointBytes(state), StandardCharsets.UTF_8);
        assertTrue(checkpoint.contains("\"messages\":[\"kept 1 1 0 1 0 test\",{\"qa\":["), checkpoint);
    }

    @Test
    void aSealsNameNotOfItsFormIsRefusedByTheRestore() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m1", surface());
        seal(state, 1);
        String checkpoint = new String(StateCodec.toCheckpointBytes(state), StandardCharsets.UTF_8);
        for (String bad : List.of("kept 1 1 0 1 test", "kept x 1 0 1 0 test", "kept 1 1 0 1 0 ", "sealed 1 1 0 1 0 test")) {
            byte[] changed = checkpoint.replace("kept 1 1 0 1 0 test", bad).getBytes(StandardCharsets.UTF_8);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> StateCodec.fromJson(changed), bad);
            assertTrue(e.getMessage().contains("no seal's name"), e.getMessage());
        }
    }

    /** Seals the state's kept messages into a table held in memory, as the engine does into a mapped file. */
    private static SealedKept seal(EngineState state, long day) {
        PrivacyRecord record = state.privacy;
        ByteBuffer body = record.messages.sealBody(record::isPrivateInput, record::isPrivateTurn);
        SealedKept table = SealedKept.over(SealedIds.Body.of(body));
        record.sealKept(new KeptMessages.Seal(day, day, 0, table.size(), 0, "test"), table);
        return table;
    }

    /** The state through its checkpoint's form, the seal's table attached as the engine attaches its file's. */
    private static EngineState restored(EngineState state, SealedKept table) {
        EngineState back = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        if (back.privacy.messages.pending()) back.privacy.messages.attach(table);
        return back;
    }

    private static String kept(EngineState state) {
        String json = StateCodec.toJson(state);
        int at = json.indexOf("\"messages\":") + "\"messages\":".length();
        return json.substring(at, json.indexOf(",\"forgotten\"", at));
    }

    private static StoredMessage surface() {
        StoredMessage m = new StoredMessage();
        m.surface = true;
        return m;
    }

    /** Every field, as one string to compare. */
    private static String form(StoredMessage m) {
        return String.join("|", String.valueOf(m.kind), String.valueOf(m.channel), String.valueOf(m.server), String.valueOf(m.addressed),
                String.valueOf(m.tags), String.valueOf(m.surface), m.isWork() ? "work " + m.workTurn() : "-", String.valueOf(m.onBranch),
                String.valueOf(m.read), m.hasReadIn() ? "in " + m.readIn() : "-", String.valueOf(m.unclassified));
    }
}
