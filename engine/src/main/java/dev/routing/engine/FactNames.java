package dev.routing.engine;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.util.Locale;

/**
 * The names a fact files records under in the state (an agent, a registered channel and its server,
 * a queued wake's id) are at most {@link #LIMIT} characters: a longer one is refused before the fact
 * is decided, naming the field. A state checkpoint writes each such name as a JSON name, which a
 * reader takes only up to 50,000 bytes: one longer name made every later checkpoint unreadable, so
 * none was written and each restore read a longer tail. What a fact names without filing anything
 * under it (a wake a start takes, a call's channel, a connector's message id) is not checked: a
 * start naming a long wake id an earlier build queued must still take it away.
 */
final class FactNames {
    /** Characters a name may hold: at three UTF-8 bytes a character, well within a reader's 50,000 bytes. */
    static final int LIMIT = 10_000;

    private FactNames() {}

    /** @throws BadEntryException naming the first name over {@link #LIMIT}, nothing journaled */
    static void check(Fact fact) {
        if (fact instanceof ChannelRegistered c) {
            name("channel", c.channel());
            name("server", c.server());
            return;
        }
        if (fact instanceof WakeQueued w) name("id", w.id());
        String agent = fact instanceof MessageReceived m ? m.agent()
                : fact instanceof WakeQueued w ? w.agent()
                : fact instanceof TurnStarted t ? t.agent()
                : fact instanceof ScriptCalled s ? s.agent()
                : fact instanceof HistoryChanged h ? h.agent()
                : fact instanceof AgentConfigured a ? a.agent()
                : fact instanceof FocusOpened f ? f.agent()
                : fact instanceof FocusClosed f ? f.agent()
                : null;
        name("agent", agent);
    }

    private static void name(String field, String value) {
        if (value != null && value.length() > LIMIT) {
            throw new BadEntryException(field, String.format(Locale.ROOT, "the %s is %,d characters, over the %,d a name the"
                    + " state files records under may be: refused, nothing journaled", field, value.length(), LIMIT), null);
        }
    }
}
