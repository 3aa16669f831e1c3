package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** P9's search: the first private input on the branch, in id order, as a walk of a tree of the messages finds it. */
class PrivacyRecordTest {
    @Test
    void theFirstPrivateInputOnTheBranchIsTheLowestIdInStringOrder() {
        PrivacyRecord record = new PrivacyRecord();
        record.messagesOf("qa").put("m9", message(true, true));
        record.messagesOf("qa").put("m10", message(true, true));
        record.messagesOf("qa").put("m1", message(true, false));
        assertEquals("m10", record.firstPrivateOnBranch("qa"));
        assertNull(record.firstPrivateOnBranch("ops"));
    }

    @Test
    void anyHistoryFindsWhatAWalkInIdOrderFinds() {
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            PrivacyRecord record = new PrivacyRecord();
            for (int i = 0; i < random.nextInt(3); i++) record.notePrivateTurn(1 + random.nextInt(6));
            int count = random.nextInt(30);
            for (int i = 0; i < count; i++) {
                StoredMessage m = message(random.nextInt(4) == 0, random.nextInt(3) > 0);
                if (random.nextBoolean()) m.workTurn = (long) random.nextInt(6);
                record.messagesOf("qa").put("m" + random.nextInt(200), m);
            }
            assertEquals(walkInIdOrder(record), record.firstPrivateOnBranch("qa"), "seed " + seed);
        }
    }

    private static String walkInIdOrder(PrivacyRecord record) {
        Map<String, StoredMessage> byId = record.messages.get("qa");
        if (byId == null) return null;
        for (var e : new TreeMap<>(byId).entrySet()) {
            if (e.getValue().onBranch && record.isPrivateInput(e.getValue())) return e.getKey();
        }
        return null;
    }

    private static StoredMessage message(boolean surface, boolean onBranch) {
        StoredMessage m = new StoredMessage();
        m.surface = surface;
        m.onBranch = onBranch;
        return m;
    }
}
