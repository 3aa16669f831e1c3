package dev.routing.engine.calls;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** M6, M7: a tool counts by its bare name, the part after its last {@code --}, read whole. */
class SendToolsTest {

    @ParameterizedTest
    @ValueSource(strings = {"send_message", "say", "channel_publish", "mcpl--discord--send_message", "tools--say",
        "a-b--whisper", "--say"})
    void M6_aSendCountsByItsBareName(String tool) {
        assertTrue(SendTools.isSend(tool), tool);
        assertTrue(SendTools.isDecided(tool), tool);
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_messages", "resay", "sa", "", "--", "say--", "mcpl--say--status",
        "mcpl--discord-send_message", "send_message--"})
    void M6_aNameThatOnlyHoldsASendsNameIsNoSend(String tool) {
        assertFalse(SendTools.isSend(tool), tool);
    }

    @Test
    void M6_skipReplyAndChannelOpenCountByTheirWholeBareName() {
        assertTrue(SendTools.isSkipReply("skip_reply"));
        assertTrue(SendTools.isSkipReply("mcpl--tools--skip_reply"));
        assertFalse(SendTools.isSkipReply("skip_reply--tools"));
        assertFalse(SendTools.isSkipReply("no_skip_reply"));
        assertFalse(SendTools.isSkipReply("skip_reply_later"));
        assertTrue(SendTools.isChannelOpen("channel_open"));
        assertTrue(SendTools.isChannelOpen("mcpl--discord--channel_open"));
        assertFalse(SendTools.isChannelOpen("channel_opener"));
        assertFalse(SendTools.isChannelOpen("channel_open--x"));
    }

    @Test
    void M7_onlyTheEnginesOwnDraftsToolIsDrafts() {
        assertTrue(SendTools.isDrafts("drafts"));
        assertFalse(SendTools.isDrafts("mcpl--drafts"));
        assertFalse(SendTools.isDecided("mcpl--drafts"));
    }
}
