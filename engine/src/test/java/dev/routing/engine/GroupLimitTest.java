package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decide before write: a fact whose decisions would outgrow one journal group
 * ({@link Journal#GROUP_LIMIT}) is refused whole. Deciding had already moved the state; it is
 * rebuilt from the journal, so the engine goes on as if the fact had never come, and the next fact
 * is decided exactly as by an engine that never saw it.
 */
class GroupLimitTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @TempDir
    Path other;

    /** An explicit-mode turn whose first round bounces 900 KB of prose into a draft. */
    private static List<Fact> turnWithALargeBounce() {
        return List.of(new ChannelRegistered(T0, "work", "discord", "#work", false),
                new AgentConfigured(T0.plusSeconds(1), "ex", Mode.EXPLICIT, LocusPolicy.DELIVERY, null, false, null),
                new MessageReceived(T0.plusSeconds(2), "m1", "ex", "channel-message", "work", "discord", true, null, "@ex hi",
                        "host", null, null),
                new WakeQueued(T0.plusSeconds(3), "w1", "ex", "message", List.of("m1"), "work", null, null, null, null),
                new TurnStarted(T0.plusSeconds(4), "ex", List.of("w1"), List.of("m1"), null, false),
                new RoundSpoken(T0.plusSeconds(5), 1L, 1, "w".repeat(900_000),
                        List.of(new Call("shell", null, null, null, null, null, null, null, null)), false));
    }

    @Test
    void aFactWhoseGroupWouldBeTooLargeIsRefusedAndTheStateRebuiltAsIfItNeverCame() {
        RoundSpoken copies = new RoundSpoken(T0.plusSeconds(6), 1L, 2,
                String.join("\n", Collections.nCopies(12, ">>#nowhere Again: {{unsent}}")), List.of(), false);
        RoundSpoken send = new RoundSpoken(T0.plusSeconds(7), 1L, 3, ">>#work {{unsent}}", List.of(), false);

        List<Decision> sent;
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            for (Fact f : turnWithALargeBounce()) e.accept(f);
            byte[] state = StateCodec.toBytes(e.state());
            long last = e.journal().lastIndex();

            BadEntryException refused = assertThrows(BadEntryException.class, () -> e.accept(copies));
            assertTrue(refused.getMessage().startsWith("its decisions would make a journal group of "), refused.getMessage());
            assertEquals(last, e.journal().lastIndex(), "nothing journaled");
            assertArrayEquals(state, StateCodec.toBytes(e.state()), "the state is as it was before the fact");

            sent = e.accept(send);
        }
        List<Decision> expected;
        try (Engine never = Engine.open(other, RuleSet.CURRENT, null)) {
            for (Fact f : turnWithALargeBounce()) never.accept(f);
            expected = never.accept(send);
        }
        assertEquals(expected.stream().map(EntryCodec::toJson).toList(), sent.stream().map(EntryCodec::toJson).toList(),
                "the next fact is decided as by an engine that never saw the refused one");
        assertTrue(sent.stream().anyMatch(d -> EntryCodec.toJson(d).contains("\"via\":\"unsent\"")), "the bounce is sent");
    }

    /**
     * The rebuild itself fails (the journal was damaged under the engine): the state stays moved past
     * the journal, so the engine stops for good rather than decide the next fact, or checkpoint at
     * its stop, from a state the journal never held.
     */
    @Test
    void aStateThatCannotBeRebuiltStopsTheEngineForGood() throws Exception {
        RoundSpoken copies = new RoundSpoken(T0.plusSeconds(6), 1L, 2,
                String.join("\n", Collections.nCopies(12, ">>#nowhere Again: {{unsent}}")), List.of(), false);
        Engine e = Engine.open(dir, RuleSet.CURRENT, null, 1);
        for (Fact f : turnWithALargeBounce()) e.accept(f);
        long last = e.journal().lastIndex();
        flipAByteOf(dir.resolve("20261102F.cq4"), "@ex hi");

        EngineStoppedException stopped = assertThrows(EngineStoppedException.class, () -> e.accept(copies));
        assertTrue(stopped.getMessage().contains("could not be rebuilt from the journal"), stopped.getMessage());
        assertThrows(EngineStoppedException.class, () -> e.accept(new RoundSpoken(T0.plusSeconds(7), 1L, 3, "hi", List.of(), false)));
        assertEquals(null, e.closeAtAStop(), "a stopped engine writes no checkpoint at its stop");
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(last, j.lastIndex(), "nothing journaled after the damage");
        }
    }

    /** Flips one byte of the first place {@code text}'s UTF-8 is found in the file. */
    private static void flipAByteOf(Path file, String text) throws java.io.IOException {
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int at = 0; at + needle.length <= bytes.length; at++) {
            if (java.util.Arrays.equals(bytes, at, at + needle.length, needle, 0, needle.length)) {
                try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) (bytes[at] ^ 1)}), at);
                }
                return;
            }
        }
        throw new AssertionError(text + " is not in " + file);
    }
}
