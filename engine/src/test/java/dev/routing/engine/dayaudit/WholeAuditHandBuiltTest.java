package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.Carried;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file path of the carried whole audit (WholeAudit.write, read, resume) on a journal
 * written by hand, whose next day starts with a group of decisions that follows no fact.
 */
class WholeAuditHandBuiltTest {
    @TempDir
    Path dir;

    @Test
    void aDayThatStartsWithDecisionsAloneIsReadByTheWholeFoldButNotByTheResumedFile() {
        Path journal = dir.resolve("journal");
        Instant day0 = Instant.parse("2026-11-02T09:00:00Z");
        Instant day1 = Instant.parse("2026-11-03T09:00:00Z");
        Instant day2 = Instant.parse("2026-11-04T09:00:00Z");
        try (JournalWriter w = Journal.openWriter(journal)) {
            w.append(List.of(new EngineStarted(day0, RuleSet.CURRENT.label()),
                    new AgentConfigured(day0, "a", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null)));
            // the next day's first group: a decision that the fold from the first entry reads as the answer of the fact before it
            w.append(List.of(new TurnOpened(day1, 1L, "a", false, null, null, null, null, null, List.of())));
            w.append(List.of(new ChannelRegistered(day2, "c0", "discord", "#c0", false)));
        }
        try (Journal j = Journal.openReader(journal)) {
            int first = Journal.cycleOf(j.firstIndex());
            assertNotNull(j.sealedDay(first), "the first day is sealed");
            assertNull(WholeAudit.write(j, first, n -> { }, note -> { }));
            WholeAudit.Loaded read = WholeAudit.read(j, first);
            assertNotNull(read.carried(), read.why());
            Carried.Resumed resumed = AuditWindow.resume(j, read.carried(), n -> { });
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            assertEquals(1, whole.totals().turns());
            if (resumed.refused() == null) {
                assertEquals(AuditSummary.of(whole, whole.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, whole)),
                        resumed.summary());
            }
        }
    }
}
