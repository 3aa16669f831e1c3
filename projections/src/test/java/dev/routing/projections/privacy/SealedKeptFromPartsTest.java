package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Any history, restored at random from the seal's table or from the table its parts make again, and every older checkpoint from its parts at the end, answers as the record that never sealed. */
class SealedKeptFromPartsTest {
    private static final List<String> AGENTS = List.of("qa", "ops", "zz");

    /** day -> the part's bytes, as the engine's part files. */
    private final Map<Long, byte[]> parts = new HashMap<>();

    private SealedKept seal(EngineState state, long day) {
        PrivacyRecord record = state.privacy;
        KeptMessages.Seal before = record.messages.seal();
        byte[] part = KeptPart.write(before == null ? null : before.part(), record.messages);
        parts.put(day, part);
        ByteBuffer body = record.messages.sealBody(record::isPrivateInput, record::isPrivateTurn);
        SealedKept table = SealedKept.over(SealedIds.Body.of(body));
        record.sealKept(new KeptMessages.Seal(day, day, 0, table.size(), Arrays.hashCode(part), "test"), table);
        return table;
    }

    private EngineState fromParts(byte[] checkpoint) {
        EngineState back = StateCodec.fromJson(checkpoint);
        if (!back.privacy.messages.pending()) return back;
        List<KeptPart.Read> chain = new ArrayList<>();
        for (KeptPart.Link link = back.privacy.messages.seal().part(); link != null; ) {
            byte[] bytes = parts.get(link.day());
            assertEquals(link.crc(), Arrays.hashCode(bytes), "the part of day " + link.day());
            KeptPart.Read read = KeptPart.read("part " + link.day(), bytes);
            chain.add(read);
            link = read.before();
        }
        Collections.reverse(chain);
        back.privacy.messages.attach(KeptPart.table(chain, back.privacy::isPrivateInput, back.privacy::isPrivateTurn));
        return back;
    }

    @Test
    void anyHistoryRestoredFromItsPartsAnswersAsTheUnsealedRecord() {
        for (int seed = 0; seed < Integer.getInteger("kept.parts.seeds", 600); seed++) {
            parts.clear();
            Random random = new Random(seed);
            EngineState state = new EngineState();
            EngineState unsealed = new EngineState();
            long day = 0;
            SealedKept table = null;
            List<byte[]> checkpoints = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            int steps = 20 + random.nextInt(150);
            StringBuilder log = new StringBuilder();
            for (int i = 0; i < steps; i++) {
                String agent = AGENTS.get(random.nextInt(AGENTS.size()));
                String id = "m" + random.nextInt(20);
                switch (random.nextInt(11)) {
                    case 0 -> {
                        long turn = random.nextInt(8) - 1;
                        log.append(" private:").append(turn);
                        state.privacy.notePrivateTurn(turn);
                        unsealed.privacy.notePrivateTurn(turn);
                    }
                    case 1 -> {
                        boolean on = random.nextBoolean();
                        log.append(" branch:").append(agent).append('/').append(id).append(on);
                        state.privacy.branch(agent, id, on);
                        unsealed.privacy.branch(agent, id, on);
                    }
                    case 2, 3 -> {
                        Long turn = random.nextBoolean() ? null : (long) (1 + random.nextInt(8));
                        log.append(" read:").append(agent).append('/').append(id);
                        state.privacy.markRead(agent, id, turn, 20_000);
                        unsealed.privacy.markRead(agent, id, turn, 20_000);
                    }
                    case 4 -> {
                        log.append(" seal");
                        table = seal(state, ++day);
                    }
                    case 5 -> {
                        log.append(" restore");
                        byte[] cp = StateCodec.toCheckpointBytes(state);
                        state = random.nextBoolean() || table == null ? fromParts(cp) : withTable(cp, table);
                    }
                    case 6 -> {
                        log.append(" checkpoint");
                        checkpoints.add(StateCodec.toCheckpointBytes(state));
                        expected.add(StateCodec.toJson(unsealed));
                    }
                    case 7 -> {
                        log.append(" hold:").append(agent);
                        state.privacy.holdMessagesOf(agent);
                        unsealed.privacy.holdMessagesOf(agent);
                    }
                    default -> {
                        StoredMessage m = RandomKeptMessages.message(random);
                        log.append(" store:").append(agent).append('/').append(id);
                        state.privacy.store(agent, id, m);
                        unsealed.privacy.store(agent, id, RandomKeptMessages.copy(m));
                    }
                }
                String where = "seed " + seed + ":" + log;
                for (String a : AGENTS) {
                    assertEquals(unsealed.privacy.firstPrivateOnBranch(a), state.privacy.firstPrivateOnBranch(a), where + ": P9 of " + a);
                    for (int k = 0; k < 20; k++) {
                        StoredMessage e = unsealed.privacy.message(a, "m" + k);
                        StoredMessage f = state.privacy.message(a, "m" + k);
                        assertEquals(e == null ? null : StateCodec.toJson(wrap(e)), f == null ? null : StateCodec.toJson(wrap(f)), where + ": " + a + "/m" + k);
                        if (e != null) assertEquals(unsealed.privacy.isPrivateInput(e), state.privacy.isPrivateInput(f), where);
                    }
                }
                assertEquals(StateCodec.toJson(unsealed), StateCodec.toJson(state), where + ": canonical");
            }
            for (int c = 0; c < checkpoints.size(); c++) {
                assertEquals(expected.get(c), StateCodec.toJson(fromParts(checkpoints.get(c))), "seed " + seed + ": checkpoint " + c + " from its parts:" + log);
            }
        }
    }

    private static EngineState withTable(byte[] checkpoint, SealedKept table) {
        EngineState back = StateCodec.fromJson(checkpoint);
        if (back.privacy.messages.pending()) back.privacy.messages.attach(table);
        return back;
    }

    private static EngineState wrap(StoredMessage m) {
        EngineState s = new EngineState();
        s.privacy.store("x", "x", m);
        return s;
    }
}
