package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Publication;
import dev.routing.engine.audit.AuditReport.Refusal;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.AuditReport.TurnEntry;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Location;
import dev.routing.engine.explain.Step;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a summary keeps of a report: the counts the text prints (private turns by why, publications
 * by channel as named and by via), the first {@link AuditSummary#SHOWN} unknown outcomes and
 * refusals of how many, each finding with its publication's request and explain's chain.
 */
class AuditSummaryTest {
    private static final Instant AT = Instant.parse("2026-11-04T10:00:00Z");
    private static final Totals NONE = new Totals(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static TurnEntry turn(long id, boolean isPrivate, String why) {
        return new TurnEntry(id, AT, null, "open", List.of(), null, null, isPrivate, why, null, null, false, null, List.of(), 0, 0, 0, 0);
    }

    private static Publication publication(long attempt, String channel, String via, String outcome) {
        return new Publication(attempt, 1L, 1, AT, channel, "discord", via, "words " + attempt, List.of(), true, outcome, "why " + attempt, null);
    }

    @Test
    void anAgentsLinesAreCountedAsTheTextSaysThemAndItsListsCutAtFive() {
        List<Publication> publications = new ArrayList<>();
        for (int i = 0; i < 8; i++) publications.add(publication(i, i % 2 == 0 ? "ops" : "#ops", i < 6 ? "speech" : "resend", "unknown"));
        publications.add(publication(8, null, "channel_publish", "delivered"));
        List<Refusal> refusals = new ArrayList<>();
        for (int i = 0; i < 6; i++) refusals.add(new Refusal(AT, 1L, 1, i, "drafts", "no " + i));
        AgentReport agent = new AgentReport("qa", "locus", "delivery", List.of(turn(1, true, "P4"), turn(2, true, "P4"), turn(3, true, null),
                turn(4, false, null)), publications, List.of(), refusals, List.of(), NONE);
        AuditReport report = new AuditReport("/j", new AuditReport.Window(AT, AT, AT, AT), List.of("0.30.0"),
                new AuditReport.Reading(-1, 0, 9, 9, 0, 8), NONE, List.of(agent));
        AuditSummary.Agent a = AuditSummary.of(report, FindingsWhy.none()).agents().get(0);
        assertEquals(Map.of("P4", 2L, "?", 1L), a.privateWhy());
        assertEquals(Map.of("#ops", 8L, "no channel", 1L), a.byChannel(), "a channel named with or without its '#' is one");
        assertEquals(Map.of("speech", 6L, "resend", 2L, "channel_publish", 1L), a.byVia());
        assertEquals(publications.subList(0, 5), a.unknownOutcomes());
        assertEquals(8, a.unknownCount());
        assertEquals(refusals.subList(0, 5), a.refusals());
        assertEquals(6, a.refusalCount());
    }

    @Test
    void aChannelIsNamedWithOneHashOrAsNone() {
        assertEquals("#ops", AuditSummary.channel("ops"));
        assertEquals("#ops", AuditSummary.channel("#ops"));
        assertEquals("no channel", AuditSummary.channel(null));
    }

    @Test
    void aFindingKeepsItsRequestAndExplainsChainAsTheTextSaysIt() {
        Evidence requested = new Evidence(AT, 0x51180000002aL, "publish.requested", "published");
        Finding f = new Finding(7, "qa", AT, 1, 0, "plain speech", "ops", "hi", 3L, null, "s", List.of(new Evidence(AT, 5, "message.received", "m"), requested));
        Step ground = new Step(new Location(0x10, 0), "message.received", null, "an operator's message", Step.GROUND, null);
        Step target = new Step(new Location(0x51180000002aL, 2), "publish.requested", "P4", "published to #ops", Step.DECISION, null);
        AuditSummary.Chain chain = AuditSummary.Chain.of(new Explanation(target, List.of(), List.of(ground, target), List.of(), List.of(), List.of()));
        assertEquals(new AuditSummary.Chain("0x51180000002a:2", "P4", List.of(new AuditSummary.Link("0x10:0", "message.received", null,
                "an operator's message"), new AuditSummary.Link("0x51180000002a:2", "publish.requested", "P4", "published to #ops"))), chain);
        assertEquals(0x51180000002aL, FindingsWhy.requestedAt(f));
    }
}
