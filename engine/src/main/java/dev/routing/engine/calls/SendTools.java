package dev.routing.engine.calls;

import java.util.List;

/**
 * Which tool calls count as explicit sends for M6's suppression. A module's tool counts by its bare
 * name ({@code mcpl--discord--send_message}); only the engine's own {@code drafts} tool counts as
 * drafts, by its exact name (M7).
 */
public final class SendTools {
    private static final List<String> SENDS = List.of("send_message", "reply_message", "send_dm", "say", "whisper",
            "channel_publish");

    private SendTools() {}

    /** A send tool the host carries out itself (the engine publishes channel_publish and drafts resends). */
    public static boolean isSend(String tool) {
        int start = bareStart(tool);
        for (String send : SENDS) {
            if (bareIs(tool, start, send)) return true;
        }
        return false;
    }

    public static boolean isChannelPublish(String tool) {
        return "channel_publish".equals(tool);
    }

    public static boolean isDrafts(String tool) {
        return "drafts".equals(tool);
    }

    /** A module's tool whose bare name is skip_reply counts as a private silence (M6). */
    public static boolean isSkipReply(String tool) {
        return bareIs(tool, bareStart(tool), "skip_reply");
    }

    public static boolean isChannelOpen(String tool) {
        return bareIs(tool, bareStart(tool), "channel_open");
    }

    /**
     * The tools the engine itself carries out, by their exact names: {@code drafts}, {@code channel_publish},
     * {@code channel_open}. The agent's {@code tools} list decides whether it may call one of these;
     * whether a host ran one of its own tools (a send, {@code skip_reply}) only the host can say.
     */
    public static boolean isCarriedOutByEngine(String tool) {
        return isDrafts(tool) || isChannelPublish(tool) || "channel_open".equals(tool);
    }

    /** The tools whose calls the engine answers with a {@code tool.decided}: sends, channel_publish, drafts, channel_open. */
    public static boolean isDecided(String tool) {
        return isChannelPublish(tool) || isSend(tool) || isDrafts(tool) || isChannelOpen(tool);
    }

    /** Where the tool's bare name starts: after its last {@code --}. */
    private static int bareStart(String tool) {
        int cut = tool.lastIndexOf("--");
        return cut < 0 ? 0 : cut + 2;
    }

    /**
     * Whether the bare name from {@code start} is {@code name}, read in place: each call of each round
     * asks this of several names, so it cuts no substring.
     */
    private static boolean bareIs(String tool, int start, String name) {
        return tool.length() - start == name.length() && tool.startsWith(name, start);
    }
}
