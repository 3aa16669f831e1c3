package dev.routing.sidecar.answers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.Engine;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.PublishOutcome;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sidecar's lines, byte for byte as docs/sidecar.md shows them and hosts parse them: every field
 * written, in its order, {@code null} where there is none, one compact object a line.
 */
class AnswerWriterTest {
    private static final Decision OUTCOME = new PublishOutcome(Instant.parse("2026-11-02T09:00:06Z"), 1L, "unknown",
            "the engine restarted while the attempt was out: it may have been posted", "qa", null, null);

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final AnswerWriter writer = new AnswerWriter(out);

    @Test
    void theReadyLineOfANewJournalNamesNoIndexNoSeqAndNoOpening() {
        writer.ready(new Ready("/data/journal", -1, Engine.NO_SEQ, "current", "0.1.0", List.of()));
        assertEquals("{\"type\":\"sidecar.ready\",\"journal\":\"/data/journal\",\"lastIndex\":null,\"lastSeq\":null,\"rules\":\"current\","
                + "\"version\":\"0.1.0\",\"opening\":[]}\n", written());
    }

    @Test
    void theReadyLineOfAJournalReopenedCarriesItsOpeningDecisionsAsTheirOwnLinesRead() {
        writer.ready(new Ready("/data/journal", 89159226097691L, 27, "0.30.0", "0.1.0", List.of(OUTCOME, OUTCOME)));
        assertEquals("{\"type\":\"sidecar.ready\",\"journal\":\"/data/journal\",\"lastIndex\":89159226097691,\"lastSeq\":27,\"rules\":\"0.30.0\","
                + "\"version\":\"0.1.0\",\"opening\":[" + EntryCodec.toJson(OUTCOME) + "," + EntryCodec.toJson(OUTCOME) + "]}\n", written());
    }

    @Test
    void anAcceptedFactIsItsDecisionsLinesThenFactAccepted() {
        writer.answer(new Answer.Accepted(89159226097664L, 7, List.of(OUTCOME)));
        writer.answer(new Answer.Accepted(-1, Engine.NO_SEQ, List.of()));
        assertEquals(EntryCodec.toJson(OUTCOME) + "\n"
                + "{\"type\":\"fact.accepted\",\"index\":89159226097664,\"seq\":7,\"decisions\":1}\n"
                + "{\"type\":\"fact.accepted\",\"index\":null,\"seq\":null,\"decisions\":0}\n", written());
    }

    @Test
    void aRejectedLineNamesItsLineAndFieldOrNullForTheWholeLine() {
        writer.answer(new Answer.Rejected(31, "type", "engine.started is written by the engine itself"));
        writer.answer(new Answer.Rejected(28, null, "not valid UTF-8 (byte 0xC3 at byte 57 of the line): nothing from it was journaled"));
        assertEquals("{\"type\":\"fact.rejected\",\"line\":31,\"field\":\"type\",\"error\":\"engine.started is written by the engine itself\"}\n"
                + "{\"type\":\"fact.rejected\",\"line\":28,\"field\":null,\"error\":\"not valid UTF-8 (byte 0xC3 at byte 57 of the line): nothing"
                + " from it was journaled\"}\n", written());
    }

    @Test
    void aScriptsDecisionsAreTheirLinesAlone() {
        writer.decisions(List.of(OUTCOME));
        assertEquals(EntryCodec.toJson(OUTCOME) + "\n", written());
    }

    private String written() {
        return out.toString(StandardCharsets.UTF_8);
    }
}
