package dev.routing.engine.envelopes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** M2, M3: an envelope opens on any line that starts with the prefix, the first line being empty or not. */
class EnvelopeOnALaterLineTest {

    @Test
    void M3_anEnvelopeOnTheLineAfterAnEmptyFirstLineIsAnEnvelope() {
        List<Envelope> parsed = EnvelopeParser.EXPLICIT.parse("\n>>#work Hello.");
        assertEquals(2, parsed.size(), parsed.toString());
        assertEquals("\n", parsed.get(0).raw());
        assertEquals("#work", parsed.get(1).target());
        assertEquals("Hello.", parsed.get(1).body());
    }
}
