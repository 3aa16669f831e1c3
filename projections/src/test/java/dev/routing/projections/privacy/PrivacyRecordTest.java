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
        record.store("qa", "m9", message(true, true));
        record.store("qa", "m10", message(true, true));
        record.store("qa", "m1", message(true, false));
        assertEquals("m10", record.firstPrivateOnBranch("qa"));
        assertNull(record.firstPrivateOnBranch("ops"));
    }

    /**
     * The answer is kept as the record changes, not searched for: after every message stored or
     * stored over, moved on or off the branch or let go, and every turn made private, it is what a
     * walk in id order finds, and what an index rebuilt from scratch (a restore) finds.
     */
    @Test
    void anyHistoryFindsWhatAWalkInIdOrderFinds() {
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            PrivacyRecord record = new PrivacyRecord();
            int steps = random.nextInt(60);
            for (int i = 0; i < steps; i++) {
                String id = "m" + random.nextInt(40);
                switch (random.nextInt(5)) {
                    case 0 -> record.notePrivateTurn(1 + random.nextInt(6));
                    case 1 -> record.branch("qa", id, random.nextBoolean());
                    case 2 -> record.markRead("qa", id, null, 20_000);
                    default -> {
                        StoredMessage m = message(random.nextInt(4) == 0, random.nextInt(3) > 0);
                        if (random.nextBoolean()) m.workTurn(random.nextInt(6));
                        if (random.nextInt(8) == 0) m.unclassified = StoredMessage.REUSED;
                        record.store("qa", id, m);
                    }
                }
                assertEquals(walkInIdOrder(record), record.firstPrivateOnBranch("qa"), "seed " + seed + ", step " + i);
            }
            String kept = record.firstPrivateOnBranch("qa");
            record.reindex();
            assertEquals(kept, record.firstPrivateOnBranch("qa"), "seed " + seed + ", rebuilt");
        }
    }

    private static String walkInIdOrder(PrivacyRecord record) {
        Map<String, StoredMessage> byId = new TreeMap<>();
        record.messages.forEach("qa", byId::put);
        for (var e : byId.entrySet()) {
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
