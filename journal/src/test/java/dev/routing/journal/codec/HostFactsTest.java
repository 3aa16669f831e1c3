package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.WakeQueued;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PROTOCOL's closed sets for a wake: {@code cause} and {@code retake}. A host's line outside them is
 * refused naming the field (an unknown cause read as a plain wake published what a heartbeat would
 * have held; a retake that did not say which was read as no retake, P9). A journal holding such a
 * wake, written before this check, still reads.
 */
class HostFactsTest {

    private static String wake(String cause, String retake) {
        return "{\"type\":\"wake.queued\",\"at\":\"" + EntrySamples.AT + "\",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"" + cause + "\""
                + (retake == null ? "" : ",\"retake\":\"" + retake + "\"") + "}";
    }

    private static BadEntryException refused(String json) {
        return assertThrows(BadEntryException.class, () -> EntryCodec.readFact(json), json);
    }

    @Test
    void P9_everyCauseAndRetakeProtocolNamesIsAccepted() {
        for (String cause : List.of("message", "gate-window", "heartbeat", "self-wake", "sleep", "script", "focus-end",
                "tune-out-cancel", "bounce", "continuation", "auto-continuation", "rewind-retry", "failure-retry",
                "resend-after-retries")) {
            assertEquals(cause, ((WakeQueued) EntryCodec.readFact(wake(cause, null))).cause());
        }
        for (String retake : List.of("nudge", "unstick", "inference-request")) {
            assertEquals(retake, ((WakeQueued) EntryCodec.readFact(wake("retake", retake))).retake());
        }
    }

    @Test
    void P2_aCauseOutsidePROTOCOLsListIsRefusedNamingCause() {
        for (String cause : List.of("heart-beat", "nudge", "whatever", "", "Message")) {
            BadEntryException e = refused(wake(cause, null));
            assertEquals("cause", e.field());
            assertTrue(e.getMessage().contains("heartbeat"), "the error lists the causes: " + e.getMessage());
        }
    }

    @Test
    void P9_aRetakeThatDoesNotSayWhichOrNamesNoRetakeIsRefusedNamingRetake() {
        assertEquals("retake", refused(wake("retake", null)).field());
        assertEquals("retake", refused(wake("retake", "poke")).field());
        assertEquals("retake", refused(wake("message", "poke")).field());
    }

    @Test
    void P2_aNullInAListIsRefusedNamingTheElement() {
        BadEntryException wake = refused("{\"type\":\"wake.queued\",\"at\":\"" + EntrySamples.AT
                + "\",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"message\",\"messages\":[\"m1\",null]}");
        assertEquals("messages[1]", wake.field());
        BadEntryException round = refused("{\"type\":\"round.spoken\",\"at\":\"" + EntrySamples.AT
                + "\",\"turn\":1,\"round\":1,\"text\":\"hi\",\"calls\":[{\"tool\":\"drafts\",\"action\":\"resend\",\"draftIds\":[null]}]}");
        assertEquals("calls[0].draftIds[0]", round.field());
    }

    @Test
    void aWakeOfAnUnknownCauseAlreadyInAJournalStillReads() {
        WakeQueued old = new WakeQueued(Instant.parse(EntrySamples.AT), "w1", "qa", "heart-beat", List.of(), null, null, null, null, false);
        byte[] stored = EntryCodec.store(old);
        Entry read = EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length);
        assertEquals(old, read);
        assertEquals(old, EntryCodec.readEntry(wake("heart-beat", null)), "a dump's line reads back too");
    }
}
