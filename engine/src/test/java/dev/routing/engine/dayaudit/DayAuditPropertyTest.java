package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On random journals (restarts, clock jumps of a minute to a month, checkpoints every few dozen
 * entries, decided under 0.30.0 or today's rules): the audit of every sealed day, persisted and read
 * back, is the summary an audit of that day's window makes from the journal now; the day being
 * written is never persisted; and, with the days persisted, a summary that no longer matches (its
 * day's file removed, so nothing reads) is never read.
 */
class DayAuditPropertyTest {
    @TempDir
    Path dir;

    private final AtomicInteger runs = new AtomicInteger();
    /** What the streams held, so that the property is not met by journals with nothing to audit. */
    private final AtomicInteger daysRead = new AtomicInteger();
    private final AtomicInteger findingsRead = new AtomicInteger();
    private final AtomicInteger chainsRead = new AtomicInteger();

    @Test
    void aSealedDaysPersistedAuditReadsAsTheAuditOfItsWindowFromTheJournal() {
        Property.check("a sealed day's persisted audit", Property.baseSeed(13_000_000L), Math.max(4, Property.streams(10_000) / 500), 240,
                this::persistedDaysReadAsTheirWindows);
        assertTrue(daysRead.get() >= 10 && findingsRead.get() > 0 && chainsRead.get() > 0,
                daysRead + " sealed days read, " + findingsRead + " findings, " + chainsRead + " of them explained");
    }

    private String persistedDaysReadAsTheirWindows(List<Action> stream) {
        Path journal = dir.resolve("j" + runs.incrementAndGet());
        RuleSet rules = stream.size() % 2 == 0 ? RuleSet.V0_30_0 : RuleSet.CURRENT;
        try (JournalSink sink = JournalSink.batched(journal, rules, 40)) {
            StreamHost.play(sink, stream);
        }
        try (Journal j = Journal.openReader(journal)) {
            if (j.lastIndex() < 0) return null;
            int last = Journal.cycleOf(j.lastIndex());
            for (int day = Journal.cycleOf(j.firstIndex()); day <= last; day++) {
                boolean sealed = j.sealedDay(day) != null;
                String why = DayAudit.write(j, day, n -> { });
                if (!sealed) {
                    if (why == null) return "day " + day + " is not sealed, and its audit was persisted";
                    if (DayAudit.read(j, day).summary() != null) return "day " + day + " is not sealed, and an audit of it reads";
                    continue;
                }
                if (why != null) return "day " + day + " is sealed, and its audit was not persisted: " + why;
                DayAudit.Reading read = DayAudit.read(j, day);
                if (read.summary() == null) return "day " + day + "'s persisted audit does not read: " + read.why();
                AuditReport report = AuditWindow.run(j, DayAudit.start(day), DayAudit.start(day + 1), null, n -> { });
                AuditSummary fresh = AuditSummary.of(report, report.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, report));
                if (!fresh.equals(read.summary())) {
                    return "day " + day + "'s persisted audit is not its window's:\n  persisted " + read.summary() + "\n  from the journal " + fresh;
                }
                daysRead.incrementAndGet();
                findingsRead.addAndGet(fresh.findings().size());
                chainsRead.addAndGet((int) fresh.findings().stream().filter(f -> f.why() != null).count());
            }
        }
        return null;
    }
}
