package dev.routing.engine.notices;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.drafts.Describe;
import dev.routing.engine.privacy.PrivateStart;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The notice words no routed turn reaches every day: a routing notice when the plain speech goes
 * to no channel at all, and a private reason the engine holds no wording for. Each must still say
 * what happened, and name nothing it did not name.
 */
class NoticeWordsAtTheEdgesTest {
    private static final Instant AT = Instant.parse("2026-11-20T12:00:00Z");

    @Test
    void M1_aRoutingNoticeToNoChannelSaysSoAndNamesNoRoom() {
        NoticeIssued n = Notices.routing(AT, "qa", 7, null);
        assertEquals("[routing] Your plain speech now goes to no channel.", n.text());
        assertEquals(Names.NONE, n.names());
        assertEquals("routing", n.kind());

        NoticeIssued named = Notices.routing(AT, "qa", 7, "work");
        assertEquals("[routing] Your plain speech now goes to work.", named.text());
        assertEquals(Names.channels(List.of("work")), named.names());
    }

    @Test
    void P12_aPrivateReasonIsWordedAndOneWithoutWordsIsGivenAsItIsOrAsUnknown() {
        assertEquals("an operator's message from a private surface", Notices.reason(PrivateStart.SURFACE));
        assertEquals("unknown", Notices.reason(null), "a private turn whose reason was not recorded");
        assertEquals("some-new-reason", Notices.reason("some-new-reason"), "a reason without words is shown as recorded");
    }

    @Test
    void D7_aKeptPrivateReasonWithoutWordsIsGivenAsRecorded() {
        assertEquals("some-new-reason", Notices.keptWhy("some-new-reason"));
        assertEquals("a silent tick", Notices.keptWhy("silent"));
    }

    @Test
    void D7_aHoldCauseWithoutWordsIsGivenAsRecorded() {
        assertEquals("some-new-cause", Describe.cause("some-new-cause"));
        assertEquals("held beside an explicit send", Describe.cause("explicit-send"));
    }
}
