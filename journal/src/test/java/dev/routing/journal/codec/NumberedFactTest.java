package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import org.junit.jupiter.api.Test;

/**
 * A host's line read in one pass gives what the long way gives (the fact read strictly, the seq
 * beside it), or nothing: every line it is not sure of is left to the long way, which names the fault.
 */
class NumberedFactTest {
    private static final String ENDED = "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:14Z\",\"turn\":7";

    @Test
    void everySampleFactReadsAsTheStrictReaderReadsIt() {
        for (Entry e : EntrySamples.full()) {
            if (!(e instanceof Fact f)) continue;
            String json = EntryCodec.toJson(f);
            String numbered = json.substring(0, json.length() - 1) + ",\"seq\":42}";
            if (isHostChecked(json)) {
                assertEquals(new EntryCodec.NumberedFact(EntryCodec.readFact(json), 0), EntryCodec.readNumberedFact(json), json);
                assertEquals(new EntryCodec.NumberedFact(EntryCodec.readFact(json), 42), EntryCodec.readNumberedFact(numbered), numbered);
            } else {
                assertNull(EntryCodec.readNumberedFact(json), json);
            }
        }
    }

    @Test
    void aSeqAnywhereAmongTheFieldsButFirst() {
        assertEquals(5, EntryCodec.readNumberedFact(ENDED + ",\"seq\":5}").seq());
        assertEquals(5, EntryCodec.readNumberedFact("{\"type\":\"turn.ended\",\"seq\":5,\"at\":\"2026-11-02T09:00:14Z\",\"turn\":7}").seq());
        assertEquals(Long.MAX_VALUE, EntryCodec.readNumberedFact(ENDED + ",\"seq\":" + Long.MAX_VALUE + "}").seq());
    }

    @Test
    void anythingElseIsLeftToTheLongWay() {
        for (String line : new String[] {
            "{\"seq\":5," + ENDED.substring(1) + "}", // type not first
            ENDED + ",\"seq\":null}", ENDED + ",\"seq\":0}", ENDED + ",\"seq\":-1}", ENDED + ",\"seq\":1.5}",
            ENDED + ",\"seq\":\"5\"}", ENDED + ",\"seq\":99999999999999999999}", ENDED + ",\"seq\":1,\"seq\":2}",
            ENDED + ",\"other\":1}", ENDED + "} trailing", "not json", "[1]",
            "{\"type\":\"wake.queued\",\"at\":\"2026-11-02T09:00:14Z\",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"nope\",\"messages\":[]}",
            "{\"type\":\"turn.opened\",\"at\":\"2026-11-02T09:00:14Z\",\"turn\":1,\"agent\":\"qa\",\"private\":false}",
        }) {
            assertNull(EntryCodec.readNumberedFact(line), line);
        }
    }

    /** Whether the strict reader takes the line (the samples include values a host may not send). */
    private static boolean isHostChecked(String json) {
        try {
            EntryCodec.readFact(json);
            return true;
        } catch (BadEntryException e) {
            return false;
        }
    }
}
