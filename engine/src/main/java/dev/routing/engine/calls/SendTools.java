package dev.routing.engine.calls;

import java.util.Set;

/**
 * Which tool calls count as explicit sends for M6's suppression. A module's tool counts by its bare
 * name ({@code mcpl--discord--send_message}); only the engine's own {@code drafts} tool counts as
 * drafts, by its exact name (M7).
 */
public final class SendTools {
    private static final Set<String> SENDS = Set.of("send_message", "reply_message", "send_dm", "say", "whisper",
            "channel_publish");

    private SendTools() {}

    public static String bareName(String tool) {
        int cut = tool.lastIndexOf("--");
        return cut < 0 ? tool : tool.substring(cut + 2);
    }

    /** A send tool the host carries out itself (the engine publishes channel_publish and drafts resends). */
    public static boolean isSend(String tool) {
        return SENDS.contains(bareName(tool));
    }

    public static boolean isChannelPublish(String tool) {
        return "channel_publish".equals(tool);
    }

    public static boolean isDrafts(String tool) {
        return "drafts".equals(tool);
    }

    /** A module's tool whose bare name is skip_reply counts as a private silence (M6). */
    public static boolean isSkipReply(String tool) {
        return "skip_reply".equals(bareName(tool));
    }

    public static boolean isChannelOpen(String tool) {
        return "channel_open".equals(bareName(tool));
    }

    /** The tools whose calls the engine answers with a {@code tool.decided}: sends, channel_publish, drafts, channel_open. */
    public static boolean isDecided(String tool) {
        return isChannelPublish(tool) || isSend(tool) || isDrafts(tool) || isChannelOpen(tool);
    }
}
