package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-read common form and every other ISO form give the instant Instant.parse gives. */
class IsoInstantTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-02T09:14:03Z", "2026-11-02T09:14:03.1Z", "2026-11-02T09:14:03.120Z",
        "2026-11-02T23:59:59.999999999Z", "2024-02-29T00:00:00.000001Z", "2026-11-02T09:14:03+00:00"})
    void instantsInTheJournalsFormAndOthers(String s) {
        assertEquals(Instant.parse(s.replace("+00:00", "Z")), IsoInstant.parse(s), s);
    }
}
