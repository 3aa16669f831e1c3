package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalRecord;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's {@code seq}: kept in the journal with its fact's group, the last one known again after an
 * open, and a fact under a seq the journal holds answered from it with the decisions it got the
 * first time, never decided or journaled twice; another fact under it, or a seq that went back to
 * no fact, refused naming {@code seq}, nothing journaled.
 */
class SeqTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    /** A room's message answered in that room: the round is published (speech.routed, publish.requested). */
    private static List<Fact> day() {
        return List.of(
                fact("{\"type\":\"channel.registered\",\"at\":\"2026-11-02T09:00:00Z\",\"channel\":\"work\",\"server\":\"discord\",\"label\":\"#work\"}"),
                fact("{\"type\":\"agent.configured\",\"at\":\"2026-11-02T09:00:01Z\",\"agent\":\"qa\",\"mode\":\"locus\"}"),
                fact("{\"type\":\"message.received\",\"at\":\"2026-11-02T09:01:00Z\",\"id\":\"m1\",\"agent\":\"qa\","
                        + "\"kind\":\"channel-message\",\"channel\":\"work\",\"server\":\"discord\",\"addressed\":true,"
                        + "\"text\":\"status?\",\"writer\":\"host\"}"),
                fact("{\"type\":\"wake.queued\",\"at\":\"2026-11-02T09:01:00Z\",\"id\":\"w1\",\"agent\":\"qa\",\"cause\":\"message\","
                        + "\"messages\":[\"m1\"],\"channel\":\"work\"}"),
                fact("{\"type\":\"turn.started\",\"at\":\"2026-11-02T09:01:01Z\",\"agent\":\"qa\",\"wakes\":[\"w1\"],\"reads\":[\"m1\"]}"),
                fact("{\"type\":\"round.spoken\",\"at\":\"2026-11-02T09:01:05Z\",\"turn\":1,\"round\":1,\"text\":\"All green.\",\"calls\":[]}"),
                fact("{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:01:06Z\",\"turn\":1}"));
    }

    private static Fact fact(String json) {
        return EntryCodec.readFact(json);
    }

    private static List<JournalRecord> all(Journal j) {
        List<JournalRecord> all = new ArrayList<>();
        j.read(-1, all::add);
        return all;
    }

    @Test
    void J7_aNumberedFactsSeqIsJournaledWithItsGroupAndKnownAgainAfterAnOpen() {
        List<Engine.Accepted> first = new ArrayList<>();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            assertEquals(Engine.NO_SEQ, e.lastSeq());
            List<Fact> facts = day();
            for (int i = 0; i < facts.size(); i++) first.add(e.accept(facts.get(i), 10 + i));
            assertEquals(16, e.lastSeq());
            for (JournalRecord r : all(e.journal())) {
                if (r.entry() instanceof Fact f && !(f.type().equals("engine.started"))) {
                    assertEquals(10 + facts.indexOf(f), r.seq(), () -> "the seq of " + r);
                }
            }
            assertTrue(first.stream().anyMatch(a -> a.decisions().stream().anyMatch(PublishRequested.class::isInstance)),
                    "the day publishes");
            assertTrue(first.stream().noneMatch(Engine.Accepted::again));
        }
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            assertEquals(16, e.lastSeq(), "after an open");
            assertEquals(Engine.NO_SEQ, e.opening().seq(), "the engine's own restart carries no seq");
            e.accept(fact("{\"type\":\"focus.opened\",\"at\":\"2026-11-02T09:02:00Z\",\"agent\":\"qa\",\"channel\":\"work\"}"));
            assertEquals(16, e.lastSeq(), "a fact with no seq leaves it");
            e.checkpoint();
            e.accept(fact("{\"type\":\"focus.closed\",\"at\":\"2026-11-02T09:03:00Z\",\"agent\":\"qa\"}"));
        }
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            assertEquals(16, e.lastSeq(), "from the checkpoint, when no group after it is numbered");
            StateCheckpoint cp = (StateCheckpoint) e.journal().newestCheckpoint(Long.MAX_VALUE).entry();
            assertEquals(16L, cp.lastSeq(), "the checkpoint records the last seq before it");
        }
    }

    @Test
    void J7_aResentFactIsAnsweredFromTheJournalWithItsFirstDecisionsAndNotJournaledAgain() {
        List<Fact> facts = day();
        List<Engine.Accepted> first = new ArrayList<>();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            for (int i = 0; i < facts.size(); i++) first.add(e.accept(facts.get(i), i + 1));
            Engine.Accepted again = e.accept(facts.get(5), 6);
            assertTrue(again.again());
            assertEquals(first.get(5).decisions(), again.decisions(), "in the same session");
            assertEquals(first.get(5).index(), again.index());
        }
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            long entries = e.journal().entryCount();
            List<JournalRecord> before = all(e.journal());
            // a host that lost every answer resends from seq 1
            for (int i = 0; i < facts.size(); i++) {
                Engine.Accepted again = e.accept(facts.get(i), i + 1);
                assertTrue(again.again(), "seq " + (i + 1));
                assertEquals(first.get(i), new Engine.Accepted(again.index(), again.seq(), again.decisions(), false),
                        "seq " + (i + 1) + ": the same group, seq and decisions");
            }
            assertEquals(entries, e.journal().entryCount(), "nothing journaled");
            assertEquals(before, all(e.journal()));
            Engine.Accepted next = e.accept(fact("{\"type\":\"focus.opened\",\"at\":\"2026-11-02T09:02:00Z\",\"agent\":\"qa\","
                    + "\"channel\":\"work\"}"), 8);
            assertFalse(next.again(), "a seq above the last is a new fact");
            assertEquals(8, e.lastSeq());
        }
    }

    @Test
    void J7_anotherFactUnderAJournaledSeqIsRefusedNamingSeqAndNothingIsJournaled() {
        List<Fact> facts = day();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            for (int i = 0; i < facts.size(); i++) e.accept(facts.get(i), i + 1);
            long entries = e.journal().entryCount();

            BadEntryException other = assertThrows(BadEntryException.class, () -> e.accept(facts.get(4), 3));
            assertEquals("seq", other.field());
            assertTrue(other.getMessage().contains("seq 3 was journaled for another fact, the message.received at"
                    + " 2026-11-02T09:01:00Z"), other.getMessage());

            Fact changed = fact("{\"type\":\"round.spoken\",\"at\":\"2026-11-02T09:01:05Z\",\"turn\":1,\"round\":1,"
                    + "\"text\":\"All green!\",\"calls\":[]}");
            assertEquals("seq", assertThrows(BadEntryException.class, () -> e.accept(changed, 6)).field(),
                    "one character differs");
            assertEquals(entries, e.journal().entryCount(), "nothing journaled");
            assertEquals(7, e.lastSeq());
        }
    }

    @Test
    void J7_aSeqThatWentBackToNoFactIsRefusedNamingSeq() {
        List<Fact> facts = day();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(facts.get(0), 2);
            e.accept(facts.get(1), 5);
            BadEntryException gap = assertThrows(BadEntryException.class, () -> e.accept(facts.get(2), 4));
            assertEquals("seq", gap.field());
            assertTrue(gap.getMessage().contains("seq 4 is not above the last seq journaled (5), and no fact was journaled"
                    + " under it"), gap.getMessage());
            assertEquals("seq", assertThrows(BadEntryException.class, () -> e.accept(facts.get(2), 1)).field(), "below the first");
            assertEquals(5, e.lastSeq());
        }
    }

    @Test
    void J7_aNumberedRestartIsJournaledWithItsSeqAndAnsweredFromTheJournalWhenResent() {
        List<Fact> facts = day();
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            for (int i = 0; i < 6; i++) e.accept(facts.get(i), i + 1); // an attempt is out
        }
        ProcessRestarted restart = new ProcessRestarted(Instant.parse("2026-11-02T09:05:00Z"));
        Engine.Accepted opening;
        try (Engine e = Engine.openAfterRestart(dir, RuleSet.CURRENT, restart, 7)) {
            opening = e.opening();
            assertEquals(7, opening.seq());
            assertFalse(opening.decisions().isEmpty(), "the attempt out reads unknown");
            assertEquals(7, e.lastSeq());
        }
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            Engine.Accepted again = e.journaled(restart, 7);
            assertEquals(opening.index(), again.index());
            assertEquals(opening.decisions(), again.decisions());
            assertNull(e.journaled(restart, 8), "a seq above the last is new");
        }
    }

    @Test
    void J7_aRestartNumberedInAnEmptyJournalIsJournaledSoItsSeqIsKept() {
        ProcessRestarted restart = new ProcessRestarted(T0);
        try (Engine e = Engine.openAfterRestart(dir, RuleSet.CURRENT, restart, 1)) {
            assertTrue(e.opening().index() >= 0);
        }
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            assertEquals(1, e.lastSeq());
        }
    }
}
