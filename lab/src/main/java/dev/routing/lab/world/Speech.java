package dev.routing.lab.world;

import dev.routing.journal.event.Call;
import dev.routing.journal.event.Mode;
import java.util.List;
import java.util.Random;

/** How a resident answers in a room, by its mode: plain speech, an envelope, or a send tool beside kept words. */
final class Speech {
    private Speech() {}

    /** The round's plain speech answering in {@code room}. */
    static String answer(Cast.Resident who, Random r, String room, String words) {
        return switch (who.mode()) {
            case HYBRID -> r.nextInt(10) < 4 ? ">>>#" + room + " " + words : words;
            case EXPLICIT -> {
                int x = r.nextInt(100);
                if (x < 8) yield words;                          // no envelope: a bounce
                if (x < 11) yield ">>#" + room + " " + words + " !"; // asks for a continuation
                if (x < 14) yield ">>skip_reply " + words;
                yield ">>#" + room + " " + words;
            }
            default -> words;
        };
    }

    /** The calls beside it: in named and disabled mode plain speech reaches no one, so a resident sends. */
    static List<Call> calls(Cast.Resident who, String room, String words) {
        if (who.mode() == Mode.NAMED || who.mode() == Mode.DISABLED) return List.of(send(room, words));
        return List.of();
    }

    static Call send(String channel, String text) {
        return new Call("send_message", channel, null, text, null, null, null, null, null);
    }

    static Call tool(String name) {
        return Call.of(name);
    }

    static Call publish(String channel, String text) {
        return new Call("channel_publish", channel, null, text, null, null, null, null, null);
    }

    static Call drafts(String action, List<String> ids, String channel, boolean confirmDuplicate) {
        return new Call("drafts", channel, null, null, action, ids, confirmDuplicate ? true : null, null, null);
    }
}
