package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.Replay;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalRecord;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * J5: an audit of one day of a week reads that day's entries and the tail from the checkpoint
 * before it, not the week from its start; {@code state --at} restores from the nearest checkpoint.
 */
class AuditWindowTest {
    private static final Instant WEDNESDAY = Instant.parse("2026-11-04T00:00:00Z");
    private static final Instant THURSDAY = Instant.parse("2026-11-05T00:00:00Z");

    @Test
    void J5_auditOfOneDayReadsThatDayAndTheTailFromTheCheckpointBeforeIt() {
        Weeks.Week week = Weeks.incident("current");
        long fromIndex;
        long toIndex;
        long checkpoint;
        long tail;
        long day;
        long before;
        long[] lastOfWednesday = {-1};
        try (Journal j = Journal.openReader(week.journal())) {
            fromIndex = j.indexAt(WEDNESDAY);
            toIndex = j.indexAt(THURSDAY);
            j.read(fromIndex, toIndex, r -> lastOfWednesday[0] = r.index());
            JournalRecord cp = j.newestCheckpoint(fromIndex - 1);
            assertNotNull(cp, "the week has a checkpoint before Wednesday");
            checkpoint = cp.index();
            tail = j.countBetween(checkpoint + 1, fromIndex);
            day = j.countBetween(fromIndex, toIndex);
            before = j.countBetween(j.firstIndex(), fromIndex);
        }

        JsonNode report = Cli.run("audit", "--journal", week.journal().toString(), "--from", WEDNESDAY.toString(), "--to",
                THURSDAY.toString(), "--format", "json").exits(ExitCodes.OK).tree();

        JsonNode read = report.path("read");
        assertEquals(checkpoint, read.path("checkpointIndex").asLong(), () -> "restored from the newest checkpoint before Wednesday: " + read);
        assertEquals(tail, read.path("tail").asLong(), () -> "read the tail from that checkpoint: " + read);
        assertEquals(day, read.path("window").asLong(), () -> "read Wednesday's entries: " + read);
        assertEquals(tail + day, read.path("entries").asLong());
        assertEquals(fromIndex, read.path("firstIndex").asLong(), () -> "the window's first index: " + read);
        assertEquals(lastOfWednesday[0], read.path("lastIndex").asLong(), () -> "the window's last index: " + read);
        assertTrue(tail < before, () -> "not from the start: " + tail + " of the " + before + " entries before Wednesday");
        assertTrue(day > 1_000, "Wednesday is a working day: " + day);
        for (JsonNode agent : report.path("agents")) {
            for (JsonNode turn : agent.path("turns")) {
                Instant opened = Instant.parse(turn.path("opened").asText());
                assertTrue(!opened.isBefore(WEDNESDAY) && opened.isBefore(THURSDAY), () -> "only Wednesday's turns: " + turn);
            }
        }
    }

    @Test
    void J5_auditWithoutBoundsReadsTheWholeJournalFromItsStart() {
        Weeks.Week week = Weeks.incident("current");
        long all;
        try (Journal j = Journal.openReader(week.journal())) {
            all = j.countBetween(j.firstIndex(), j.lastIndex() + 1);
        }

        JsonNode read = Cli.run("audit", "--journal", week.journal().toString(), "--format", "json").exits(ExitCodes.OK)
                .tree().path("read");

        assertEquals(-1, read.path("checkpointIndex").asLong());
        assertEquals(0, read.path("tail").asLong());
        assertEquals(all, read.path("window").asLong());
        try (Journal j = Journal.openReader(week.journal())) {
            assertEquals(j.firstIndex(), read.path("firstIndex").asLong(), "the window is the journal, from its first index");
            assertEquals(j.lastIndex(), read.path("lastIndex").asLong(), "to its last");
        }
    }

    @Test
    void J5_stateAtAnInstantReplaysFromTheNearestCheckpoint() {
        Weeks.Week week = Weeks.incident("current");
        try (Journal j = Journal.openReader(week.journal())) {
            long end = j.indexAt(THURSDAY);
            JournalRecord cp = j.newestCheckpoint(end - 1);
            Replay.Result at = Replay.at(j, THURSDAY, n -> { });

            assertEquals(cp.index(), at.checkpointIndex(), "state --at restores the newest checkpoint before the instant");
            assertEquals(j.countBetween(cp.index() + 1, end), at.entriesRead(), "and folds only the entries after it");
        }
        JsonNode state = Cli.run("state", "--journal", week.journal().toString(), "--at", THURSDAY.toString())
                .exits(ExitCodes.OK).tree();
        assertTrue(state.path("nextTurn").asLong() > 1);
    }
}
