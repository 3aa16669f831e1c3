package dev.routing.sidecar;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.dayaudit.DayAudit;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's session persists the audit of each day its journal rolls (docs/decisions/0013): a fact
 * of a later day rolls it, and so does a restart that opens in a later day, before any fact of that
 * open could tell the session.
 */
class HostSessionDayAuditsTest {
    private static final int NOV_2 = (int) LocalDate.of(2026, 11, 2).toEpochDay();

    @TempDir
    Path dir;

    private static String channel(String id, String at, int seq) {
        return "{\"type\":\"channel.registered\",\"at\":\"" + at + "\",\"channel\":\"" + id + "\",\"server\":\"discord\",\"label\":\"#"
                + id + "\",\"inboundOnly\":false,\"seq\":" + seq + "}";
    }

    @Test
    void aFactOfALaterDayHasTheDayBeforeAudited() {
        try (HostSession session = new HostSession(dir, RuleSet.CURRENT, true, j -> { })) {
            session.feed(1, channel("ops", "2026-11-02T09:00:00Z", 1));
            session.feed(2, channel("work", "2026-11-03T09:00:00Z", 2));
            session.awaitDayAudits();
        }
        try (Journal j = Journal.openReader(dir)) {
            assertNotNull(DayAudit.read(j, NOV_2).summary(), DayAudit.read(j, NOV_2).why());
            assertTrue(DayAudit.read(j, NOV_2 + 1).missing(), "the day being written has none");
        }
    }

    @Test
    void aRestartThatOpensInALaterDayHasTheDayBeforeAudited() {
        try (HostSession session = new HostSession(dir, RuleSet.CURRENT, true, j -> { })) {
            session.feed(1, channel("ops", "2026-11-02T09:00:00Z", 1));
            session.feed(2, "{\"type\":\"process.restarted\",\"at\":\"2026-11-03T08:00:00Z\",\"seq\":2}");
            session.awaitDayAudits();
        }
        try (Journal j = Journal.openReader(dir)) {
            assertNotNull(DayAudit.read(j, NOV_2).summary(), DayAudit.read(j, NOV_2).why());
        }
    }
}
