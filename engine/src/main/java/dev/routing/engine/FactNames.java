package dev.routing.engine;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.util.List;
import java.util.Locale;

/**
 * The names a fact gives (agents, channels, servers, message, wake and draft ids, kinds, tags, tools,
 * branches) are at most {@link #LIMIT} characters: refused before the fact is decided, naming the
 * field. The state keys its records by them, and a state checkpoint writes each key as a JSON name,
 * which a reader takes only up to 50,000 bytes (Jackson's limit): one longer name made every later
 * checkpoint unreadable, so none was written and each restore read a longer tail. Words a fact
 * carries (its text, an error, the connector's text, a wake's cause) are not names.
 */
final class FactNames {
    /** Characters a name may hold: at three UTF-8 bytes a character, well within a reader's 50,000 bytes. */
    static final int LIMIT = 10_000;

    private FactNames() {}

    /** @throws BadEntryException naming the first name over {@link #LIMIT}, nothing journaled */
    static void check(Fact fact) {
        if (fact instanceof MessageReceived m) {
            names("id", m.id(), "agent", m.agent(), "kind", m.kind(), "channel", m.channel(), "server", m.server());
            names("tags", m.tags());
        } else if (fact instanceof WakeQueued w) {
            names("id", w.id(), "agent", w.agent(), "channel", w.channel(), "retake", w.retake());
            names("messages", w.messages());
        } else if (fact instanceof TurnStarted t) {
            names("agent", t.agent());
            names("wakes", t.wakes());
            names("reads", t.reads());
        } else if (fact instanceof ToolBoundary b) {
            names("injected", b.injected());
        } else if (fact instanceof RoundSpoken r) {
            for (int i = 0; i < r.calls().size(); i++) {
                Call c = r.calls().get(i);
                String at = "calls[" + i + "].";
                names(at + "tool", c.tool(), at + "channel", c.channel(), at + "server", c.server(), at + "action", c.action());
                names(at + "draftIds", c.draftIds());
            }
        } else if (fact instanceof ScriptCalled s) {
            names("agent", s.agent(), "tool", s.tool(), "channel", s.channel(), "server", s.server());
        } else if (fact instanceof HistoryChanged h) {
            names("agent", h.agent(), "branch", h.branch());
            names("removed", h.removed());
            names("restored", h.restored());
        } else if (fact instanceof PublishSettled p) {
            names("messageId", p.messageId());
        } else if (fact instanceof AgentConfigured a) {
            names("agent", a.agent(), "home", a.home());
            names("tools", a.tools());
        } else if (fact instanceof ChannelRegistered c) {
            names("channel", c.channel(), "server", c.server(), "label", c.label());
        } else if (fact instanceof FocusOpened f) {
            names("agent", f.agent(), "channel", f.channel());
        } else if (fact instanceof FocusClosed f) {
            names("agent", f.agent(), "channel", f.channel());
        }
    }

    /** Pairs of a field and its value. */
    private static void names(String... fieldThenValue) {
        for (int i = 0; i < fieldThenValue.length; i += 2) name(fieldThenValue[i], fieldThenValue[i + 1]);
    }

    private static void names(String field, List<String> values) {
        if (values == null) return;
        for (int i = 0; i < values.size(); i++) name(field + "[" + i + "]", values.get(i));
    }

    private static void name(String field, String value) {
        if (value != null && value.length() > LIMIT) {
            throw new BadEntryException(field, String.format(Locale.ROOT, "the %s is %,d characters, over the %,d a name may be:"
                    + " refused, nothing journaled", field, value.length(), LIMIT), null);
        }
    }
}
