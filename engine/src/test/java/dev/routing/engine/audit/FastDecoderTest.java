package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishSettled;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The audit's streaming decoder reads every entry exactly as the codec does (a connector's raw data aside). */
class FastDecoderTest {

    @Test
    void everyEntryOfRandomStreamsDecodesAsTheCodecDecodesIt() {
        Set<String> types = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            for (RuleSet rules : RuleSet.values()) {
                CoreSink sink = new CoreSink(rules);
                StreamHost.play(sink, StreamGenerator.stream(7_000_000L + i, 80));
                for (Entry e : sink.entries()) {
                    byte[] json = EntryCodec.encode(e);
                    Entry fast = FastDecoder.decode(EntryCodec.SCHEMA_VERSION, json, 0, json.length);
                    Entry codec = withoutConnectorData(EntryCodec.decode(json));
                    assertEquals(EntryCodec.toJson(codec), EntryCodec.toJson(fast), "seed " + (7_000_000L + i));
                    assertEquals(codec, fast);
                    types.add(e.type());
                }
            }
        }
        assertTrue(types.size() > 20, "streams hold most types: " + types);
    }

    @Test
    void instantsInTheJournalsFormAndOthers() {
        for (String s : new String[] {"2026-11-02T09:14:03Z", "2026-11-02T09:14:03.1Z", "2026-11-02T09:14:03.120Z",
            "2026-11-02T23:59:59.999999999Z", "2024-02-29T00:00:00.000001Z", "2026-11-02T09:14:03+00:00"}) {
            assertEquals(Instant.parse(s.replace("+00:00", "Z")), FastDecoder.instant(s), s);
        }
    }

    private static Entry withoutConnectorData(Entry e) {
        if (e instanceof PublishOutcome o) {
            return new PublishOutcome(o.at(), o.attempt(), o.outcome(), o.why(), o.agent(), o.connectorText(), null);
        }
        if (e instanceof PublishSettled s) {
            return new PublishSettled(s.at(), s.attempt(), s.delivered(), s.messageId(), s.error(), s.connectorText(), null);
        }
        return e;
    }
}
