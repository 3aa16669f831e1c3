package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The carried whole audit (ADR 0005) on journals written group by group by hand: the
 * contract is that a carried fold, resumed, gives the whole journal's summary from its first entry,
 * or refuses. Each test here carries the fold at one group, writes it down, reads it back, resumes,
 * and asserts exactly that.
 */
class CarriedHandBuiltJournalsTest {
    @TempDir
    Path dir;

    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    private static Instant at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    /** Writes the groups, returning each group's index. */
    private static List<Long> write(Path journal, List<List<Entry>> groups) {
        List<Long> indexes = new ArrayList<>();
        try (JournalWriter w = Journal.openWriter(journal)) {
            for (List<Entry> g : groups) indexes.add(w.append(g));
        }
        return indexes;
    }

    private static AuditSummary fromTheFirstEntry(Journal j) {
        AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
        return AuditSummary.of(whole, whole.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, whole));
    }

    /** Carried before {@code cut} (a group's index), written down, read back, resumed to the journal's end. */
    private static Carried.Resumed carriedAndResumed(Journal j, long cut) {
        byte[] bytes = AuditWindow.carry(j, null, cut, n -> { }).pack();
        return AuditWindow.resume(j, Carried.unpack(bytes, 0, bytes.length), n -> { });
    }

    private static void assertResumedIsTheWholeOrRefused(Journal j, long cut) {
        AuditSummary whole = fromTheFirstEntry(j);
        Carried.Resumed resumed = carriedAndResumed(j, cut);
        if (resumed.refused() != null) return;
        assertEquals(whole, resumed.summary(), "resumed at 0x" + Long.toHexString(cut) + " is not the whole journal's summary");
    }

    private static List<Entry> g(Entry... entries) {
        return List.of(entries);
    }

    /** The first group: the engine started under today's rules, and each agent configured. */
    private static List<Entry> started(String... agents) {
        List<Entry> group = new ArrayList<>(List.of(new EngineStarted(at(0), RuleSet.CURRENT.label())));
        for (String agent : agents) group.add(new AgentConfigured(at(0), agent, Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        return group;
    }

    /**
     * A group of decisions that follows no fact: the fold from the first entry reads them as the
     * answer of the fact before them (Answers flushes only at the next fact), but the carried fold
     * was settled at the cut, so the resumed fold reads them as answering nothing and drops them.
     */
    @Test
    void decisionsInAGroupOfTheirOwnRightAfterTheCutAreReadByTheWholeFoldButDroppedByTheResumedOne() {
        Path journal = dir.resolve("decisions-alone");
        List<Long> at = write(journal, List.of(
                started("a"),
                g(new TurnOpened(at(1), 1L, "a", false, null, null, null, null, null, List.of()))));
        try (Journal j = Journal.openReader(journal)) {
            assertEquals(1, AuditWindow.run(j, null, null, null, n -> { }).totals().turns(), "the whole fold reads the turn");
            assertResumedIsTheWholeOrRefused(j, at.get(1));
        }
    }

    /** Round, speech and request of a turn the audit reads as private (turn 0: fail closed), attempt {@code attempt}. */
    private static List<Entry> leak(int seconds, long attempt, String words) {
        return g(new RoundSpoken(at(seconds), 0L, 1, words, List.of(), false),
                new SpeechRouted(at(seconds), 0L, 1, 0, words, Route.publish("c0", "discord"), "a", null),
                new PublishRequested(at(seconds), attempt, "a", "c0", "discord", words, List.of(), "speech", 0L));
    }

    /**
     * Two findings under one attempt id, one before the cut and one after: the fold from the first
     * entry explains both (the later one's explanation is kept under the id), the resumed one takes
     * the earlier's, carried under the same id, for both.
     */
    @Test
    void anAttemptIdUsedAgainAfterTheCutGetsTheCarriedFindingsWhy() {
        Path journal = dir.resolve("attempt-again");
        List<Long> at = write(journal, List.of(
                started("a"),
                leak(10, 7L, "First words."),
                g(new PublishSettled(at(20), 7L, true, "x7", null, null, null),
                        new PublishOutcome(at(20), 7L, "delivered", null, "a", null, null)),
                leak(30, 7L, "Second words.")));
        try (Journal j = Journal.openReader(journal)) {
            AuditSummary whole = fromTheFirstEntry(j);
            assertEquals(2, whole.findings().size());
            Carried.Resumed resumed = carriedAndResumed(j, at.get(3));
            assertNull(resumed.refused());
            for (int i = 0; i < 2; i++) {
                AuditSummary.Found w = whole.findings().get(i);
                AuditSummary.Found r = resumed.summary().findings().get(i);
                assertEquals(w.why() + " / " + w.notExplained(), r.why() + " / " + r.notExplained(), "finding " + i + "'s why");
            }
            assertEquals(whole, resumed.summary());
        }
    }

    /**
     * A fold that reads but cannot go on (here a privacy reading with no state, as a file of another
     * shape could leave one): its resume is refused with why, never thrown, and a carry from it folds
     * from the first entry instead.
     */
    @Test
    void aFoldThatCannotGoOnIsRefusedOnResumeAndCarriedFromTheFirstEntry() {
        Path journal = dir.resolve("cannot-go-on");
        List<Long> at = write(journal, List.of(
                started("a"),
                leak(10, 7L, "First words.")));
        try (Journal j = Journal.openReader(journal)) {
            Carried broken = new Carried(new Audit(new PrivateInput(null)), at.get(1), 2, at.get(0), at.get(0), at(0), at(0),
                    java.util.Map.of(), java.util.Map.of());
            Carried.Resumed resumed = AuditWindow.resume(j, broken, n -> { });
            assertNull(resumed.summary());
            assertTrue(resumed.refused().startsWith("its fold could not be resumed (java.lang.NullPointerException"), resumed.refused());
            Carried again = AuditWindow.carry(j, broken, Long.MAX_VALUE, n -> { });
            byte[] bytes = again.pack();
            assertEquals(fromTheFirstEntry(j), AuditWindow.resume(j, Carried.unpack(bytes, 0, bytes.length), n -> { }).summary());
        }
    }

    /** One turn id opened by two agents: the first line stays open under its agent, the second is the id's; both are carried. */
    @Test
    void aTurnIdOpenedTwiceLeavesTwoOpenLinesAndBothAreCarried() {
        Path journal = dir.resolve("turn-twice");
        List<Long> at = write(journal, List.of(
                started("a", "b"),
                g(new EngineStarted(at(1), RuleSet.CURRENT.label()), new TurnOpened(at(1), 5L, "a", false, null, null, null, null, null, List.of())),
                g(new EngineStarted(at(2), RuleSet.CURRENT.label()), new TurnOpened(at(2), 5L, "b", false, null, null, null, null, null, List.of())),
                g(new EngineStarted(at(3), RuleSet.CURRENT.label()), new TurnOpened(at(3), 6L, "a", false, null, null, null, null, null, List.of()))));
        try (Journal j = Journal.openReader(journal)) {
            assertEquals(3, AuditWindow.run(j, null, null, null, n -> { }).totals().turns());
            byte[] bytes = AuditWindow.carry(j, null, at.get(3), n -> { }).pack();
            Carried.Resumed resumed = AuditWindow.resume(j, Carried.unpack(bytes, 0, bytes.length), n -> { });
            assertEquals(fromTheFirstEntry(j), resumed.summary(), resumed.refused());
        }
    }

    /**
     * A finding's attempt delivered before the cut and failed after it: the line a finding names is
     * kept, not counted, so its second outcome moves the agent's counts as it does from the first entry.
     */
    @Test
    void aFindingsAttemptSettledAgainAfterTheCutMovesTheCountsAsTheWholeFoldDoes() {
        Path journal = dir.resolve("settled-again");
        List<Long> at = write(journal, List.of(
                started("a"),
                leak(10, 7L, "First words."),
                g(new PublishSettled(at(20), 7L, true, "x7", null, null, null),
                        new PublishOutcome(at(20), 7L, "delivered", null, "a", null, null)),
                g(new PublishSettled(at(30), 7L, false, null, "refused", null, null),
                        new PublishOutcome(at(30), 7L, "failed", "refused", "a", null, null))));
        try (Journal j = Journal.openReader(journal)) {
            AuditSummary whole = fromTheFirstEntry(j);
            assertEquals(1, whole.totals().failed(), whole.totals().toString());
            Carried.Resumed resumed = carriedAndResumed(j, at.get(3));
            assertEquals(whole, resumed.summary(), resumed.refused());
        }
    }
}
