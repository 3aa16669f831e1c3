package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.Carried;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On random journals (restarts, clock jumps of a minute to a month, checkpoints every few dozen
 * entries, decided under 0.30.0 or today's rules): the whole journal's audit carried to the end of
 * any sealed day, resumed, and folded on to the journal's end, gives the summary the whole journal's
 * audit from its first entry gives, or refuses (a line it counted is named again) and never gives
 * another. Each day's file is carried from the day before's (a chain), from an older one, or from the
 * first entry, as the stream has it; an unsealed day is never carried.
 */
class WholeAuditPropertyTest {
    @TempDir
    Path dir;

    private final AtomicInteger runs = new AtomicInteger();
    /** What the streams held, so that the property is not met by journals with nothing carried or nothing to find. */
    private final AtomicInteger resumed = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger findings = new AtomicInteger();
    private final AtomicInteger afterTheCarry = new AtomicInteger();

    @Test
    void aCarriedWholeAuditResumesAsTheWholeJournalsAuditFromItsFirstEntry() {
        Property.check("the whole audit carried", Property.baseSeed(14_000_000L), Math.max(4, Property.streams(10_000) / 500), 240,
                this::carriedDaysResumeAsTheWhole);
        assertTrue(resumed.get() >= 4 && findings.get() > 0 && afterTheCarry.get() > 0 && refused.get() <= resumed.get(),
                resumed + " carried days resumed (" + afterTheCarry + " with turns after them), " + refused + " refused, "
                        + findings + " findings");
    }

    private String carriedDaysResumeAsTheWhole(List<Action> stream) {
        Path journal = dir.resolve("j" + runs.incrementAndGet());
        RuleSet rules = stream.size() % 2 == 0 ? RuleSet.V0_30_0 : RuleSet.CURRENT;
        try (JournalSink sink = JournalSink.batched(journal, rules, 40)) {
            StreamHost.play(sink, stream);
        }
        try (Journal j = Journal.openReader(journal)) {
            if (j.lastIndex() < 0) return null;
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            AuditSummary fresh = AuditSummary.of(whole, whole.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, whole));
            int first = Journal.cycleOf(j.firstIndex());
            int last = Journal.cycleOf(j.lastIndex());
            for (int day = first; day <= last; day++) {
                boolean sealed = j.sealedDay(day) != null;
                // some days carried from the day before's file, some from an older one or the first entry
                if ((day + stream.size()) % 3 == 0) delete(WholeAudit.path(journal, day - 1));
                String why = WholeAudit.write(j, day, n -> { }, note -> { });
                if (!sealed) {
                    if (why == null) return "day " + day + " is not sealed, and the whole audit was carried to it";
                    continue;
                }
                if (why != null && j.indexAt(DayAudit.start(day)) != j.indexAt(DayAudit.start(day + 1))) {
                    return "day " + day + " is sealed, and the whole audit was not carried to it: " + why;
                }
                if (why != null) continue; // an earlier day with entries is not sealed
                WholeAudit.Loaded read = WholeAudit.read(j, day);
                if (read.carried() == null) return "the whole audit carried to day " + day + " does not read: " + read.why();
                Carried.Resumed r = AuditWindow.resume(j, read.carried(), n -> { });
                if (r.refused() != null) {
                    refused.incrementAndGet();
                    continue;
                }
                if (!fresh.equals(r.summary())) {
                    return "the whole audit carried to day " + day + " and resumed is not the whole journal's:\n  resumed "
                            + r.summary() + "\n  from the first entry " + fresh;
                }
                resumed.incrementAndGet();
                findings.addAndGet(fresh.findings().size());
                if (j.indexAt(DayAudit.start(day + 1)) <= j.lastIndex()) afterTheCarry.incrementAndGet();
            }
        }
        return null;
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
