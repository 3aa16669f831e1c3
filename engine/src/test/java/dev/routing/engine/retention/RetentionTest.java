package dev.routing.engine.retention;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** T1-T4: what retention keeps, what it lets go, and what a let-go id means afterwards. */
class RetentionTest {

    /** Holds {@code n} drafts for qa, one turn each, {@code gapSeconds} apart; all qa's drafts so far. */
    static List<String> hold(Host host, int n, long gapSeconds) {
        return hold(host, n, gapSeconds, "");
    }

    static List<String> hold(Host host, int n, long gapSeconds, String padding) {
        return hold(host, "qa", n, gapSeconds, padding);
    }

    static List<String> hold(Host host, String agent, int n, long gapSeconds, String padding) {
        for (int i = 0; i < n; i++) {
            host.advance(gapSeconds);
            String ping = host.room(agent, "work", "@" + agent + " go", true);
            long turn = host.answer(agent, ping, "work");
            host.say(turn, 1, "Draft number " + i + "." + padding, call("send_message", "work", "x"));
            host.end(turn);
        }
        return host.all(DraftHeld.class).stream().filter(d -> d.agent().equals(agent)).map(DraftHeld::draft).toList();
    }

    private static Set<String> letGo(Scenario s) {
        return new HashSet<>(s.host.all(DraftLetGo.class).stream().map(DraftLetGo::draft).toList());
    }

    @Test
    void T1_aResidentsNewest100DraftsAreKeptHoweverLongAgoTheyWereTouched() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.agent("ops", Mode.LOCUS, LocusPolicy.DELIVERY);
        List<String> qa = hold(s.host, 150, 60);
        s.host.advance(8 * 86_400L);
        // Another resident's drafts bring the checkpoint: every one of qa's is 8 days untouched by then.
        while (s.host.all(RetentionCheckpoint.class).isEmpty()) hold(s.host, "ops", 1, 0, "");
        Set<String> qaLetGo = new HashSet<>(letGo(s));
        qaLetGo.retainAll(qa);
        assertEquals(new HashSet<>(qa.subList(0, 50)), qaLetGo, "qa's 100 newest are kept, the 50 before them go");
    }

    @Test
    void T2_anOlderDraftIsLetGoOnlyOnce7DaysHavePassedSinceAnythingHappenedToIt() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        List<String> old = hold(s.host, 150, 3600);
        s.host.advance(8 * 86_400L);
        List<String> all = hold(s.host, 150, 60);
        Set<String> letGo = letGo(s);
        assertFalse(letGo.isEmpty(), "something old was let go");
        for (String id : letGo) assertTrue(old.contains(id), "only drafts untouched for 7 days go: " + id);
        List<String> touchedLately = all.subList(old.size(), all.size() - 100);
        assertFalse(touchedLately.isEmpty(), "some drafts are neither among the newest 100 nor old");
        for (String id : touchedLately) assertFalse(letGo.contains(id), "touched in the last 7 days, yet let go: " + id);
    }

    @Test
    void T3_aRetentionCheckpointIsWrittenOnceEvery500DraftEntries() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        while (s.sink.core().state().retention.draftEntries < 495) hold(s.host, 1, 0);
        assertEquals(List.of(), s.host.all(RetentionCheckpoint.class), "no checkpoint before 500 draft entries");
        while (s.host.all(RetentionCheckpoint.class).isEmpty()) hold(s.host, 1, 0);
        assertTrue(s.sink.core().state().retention.draftEntries < 10, "the count starts again after the checkpoint");
        for (int i = 0; i < 200; i++) hold(s.host, 1, 0);
        assertEquals(1, s.host.all(RetentionCheckpoint.class).size(), "the next waits for 500 more");
        RetentionCheckpoint checkpoint = s.host.all(RetentionCheckpoint.class).get(0);
        assertEquals(checkpoint.letGo(), letGo(s).size(), "the checkpoint counts what it let go");
    }

    @Test
    void T4_aRequestNamingALetGoDraftIsRefusedAndNothingIsSent() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        hold(s.host, 150, 3600);
        s.host.advance(8 * 86_400L);
        hold(s.host, 150, 60);
        String gone = s.host.all(DraftLetGo.class).get(0).draft();
        String ping = s.host.room("qa", "work", "@qa resend", true);
        long turn = s.host.answer("qa", ping, "work");
        int before = s.host.all(PublishRequested.class).size();
        s.host.say(turn, 1, "", drafts("resend", "work", gone));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("let go"));
        assertEquals(before, s.host.all(PublishRequested.class).size());
    }

    @Test
    void T4_neverLetsGoADraftWhoseAttemptIsOut() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        List<String> old = hold(s.host, 150, 3600);
        s.host.advance(8 * 86_400L);
        while (s.sink.core().state().retention.draftEntries < 490) hold(s.host, 1, 0);
        String ping = s.host.room("qa", "work", "@qa resend", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "", drafts("resend", "work", old.get(0)));
        s.host.end(turn);
        while (s.host.all(RetentionCheckpoint.class).isEmpty()) hold(s.host, 1, 0);
        Set<String> letGo = new HashSet<>(s.host.all(DraftLetGo.class).stream().map(DraftLetGo::draft).toList());
        assertTrue(letGo.contains(old.get(1)), "its untouched neighbour went");
        assertFalse(letGo.contains(old.get(0)), "its attempt is still out");
    }

    @Test
    void T3_openingTheJournalReplaysOnlyWhatFollowsTheNewestCheckpoint(@TempDir Path dir) {
        long total;
        try (Engine engine = Engine.open(dir, RuleSet.CURRENT, null)) {
            Host host = new Host(engine::accept);
            host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
            hold(host, 260, 60);
            total = engine.state().entries;
        }
        try (Journal journal = Journal.openReader(dir)) {
            Replay.Result restored = Replay.restore(journal);
            assertTrue(restored.checkpointIndex() >= 0, "a checkpoint was written beside the retention checkpoint");
            assertTrue(restored.entriesRead() < total / 2, "read " + restored.entriesRead() + " of " + total);
        }
    }

    @Test
    @Tag("journal")
    void T3_aLargeStateIsNotRewrittenAtEveryRetentionCheckpointNorAtEveryOpen(@TempDir Path dir) {
        long total = 0;
        Host host = new Host(fact -> List.of());
        // Twelve sessions of about one retention checkpoint each. Every draft stays touched within
        // 7 days, so the state holds them all and grows.
        for (int session = 0; session < 12; session++) {
            try (Engine engine = Engine.open(dir, RuleSet.CURRENT, host.tick())) {
                host.reconnect(engine::accept);
                if (session == 0) host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
                hold(host, 250, 10, " Long words.".repeat(150));
                total = engine.state().entries;
            }
        }
        long[] checkpointBytes = {0};
        long[] otherBytes = {0};
        int[] states = {0};
        try (Journal journal = Journal.openReader(dir)) {
            journal.readRaw(-1, Long.MAX_VALUE, (index, kind, version, json, offset, length) -> {
                if (kind != 'C') otherBytes[0] += length;
            });
            journal.read(-1, record -> {
                if (record.entry() instanceof StateCheckpoint c) {
                    states[0]++;
                    checkpointBytes[0] += c.state().toString().length();
                }
            });
            Replay.Result restored = Replay.restore(journal);
            assertTrue(restored.checkpointIndex() >= 0, "a state checkpoint was written");
            assertTrue(restored.entriesRead() < total / 2, "read " + restored.entriesRead() + " of " + total);
        }
        assertTrue(checkpointBytes[0] <= otherBytes[0],
                states[0] + " state checkpoints hold " + checkpointBytes[0] + " bytes beside " + otherBytes[0]
                        + " bytes of facts and decisions");
    }
}
