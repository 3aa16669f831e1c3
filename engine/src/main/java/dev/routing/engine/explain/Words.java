package dev.routing.engine.explain;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.privacy.Classification;
import java.util.List;

/**
 * One line of words for a journal entry, for a person reading an explanation: what the entry says,
 * never why (the rule that made a decision is its own column). A message's words say how the
 * projections classify it ({@link Classification}, P1, P2), since that is what the rules read.
 */
final class Words {
    private static final int QUOTE = 80;

    private Words() {}

    static String of(Entry e) {
        if (e instanceof MessageReceived m) return message(m);
        if (e instanceof WakeQueued w) {
            return "wake " + w.id() + " for " + w.agent() + ": " + w.cause() + list(", messages ", w.messages())
                    + opt(", channel ", w.channel()) + opt(", armed by turn ", w.armedBy()) + opt(", retake ", w.retake())
                    + opt(", waited on turn ", w.waitedOn()) + (w.privateSurface() ? ", held a private surface's message" : "");
        }
        if (e instanceof TurnStarted t) {
            return t.agent() + "'s start" + list(": wakes ", t.wakes()) + list(", reads ", t.reads())
                    + opt(", continues turn ", t.continues()) + (t.silent() ? ", a silent tick" : "");
        }
        if (e instanceof ToolBoundary b) {
            return "a tool boundary of turn " + b.turn() + list(", injecting ", b.injected()) + (b.endsTurn() ? ", ending the turn" : "");
        }
        if (e instanceof RoundSpoken r) {
            StringBuilder calls = new StringBuilder();
            for (var c : r.calls()) calls.append(calls.isEmpty() ? "" : ", ").append(c.tool()).append(c.channel() == null ? "" : " " + c.channel());
            return "turn " + r.turn() + " round " + r.round() + ": " + quote(r.text())
                    + (calls.isEmpty() ? "" : ", calls " + calls) + (r.privateThink() ? ", with a private think" : "");
        }
        if (e instanceof TurnEnded t) return "turn " + t.turn() + " ended";
        if (e instanceof ScriptCalled s) {
            return "a script of turn " + s.turn() + " (" + s.agent() + ") called " + s.tool() + opt(" naming ", s.channel());
        }
        if (e instanceof PublishSettled s) {
            return "the connector answered attempt " + s.attempt() + ": delivered " + s.delivered() + opt(", message ", s.messageId())
                    + opt(", error ", s.error());
        }
        if (e instanceof HistoryChanged h) {
            return h.agent() + "'s history changed" + list(": messages removed ", h.removed()) + list(", restored ", h.restored())
                    + list(", notices removed ", h.removedNotices()) + list(", notices restored ", h.restoredNotices());
        }
        if (e instanceof AgentConfigured c) {
            return c.agent() + " configured: mode " + c.mode().name().toLowerCase(java.util.Locale.ROOT) + ", locus policy "
                    + c.locusPolicy().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + opt(", home ", c.home())
                    + (c.run() ? ", a run" : "") + (c.tools() == null ? "" : list(", tools ", c.tools()));
        }
        if (e instanceof ChannelRegistered c) {
            return "channel " + c.channel() + " registered by " + c.server() + opt(" as ", c.label()) + (c.inboundOnly() ? ", inbound only" : "");
        }
        if (e instanceof FocusOpened f) return f.agent() + "'s focus opened, excepting " + f.channel();
        if (e instanceof FocusClosed f) return f.agent() + "'s focus closed";
        if (e instanceof EngineStarted s) return "the engine started under the rules " + s.rules();
        if (e instanceof TurnOpened o) {
            return "turn " + o.turn() + " (" + o.agent() + ") opened " + (o.isPrivate() ? "private: " + o.why()
                    : "public" + (o.locus() == null ? ", no locus" : ", locus " + o.locus()) + opt(" by the fallback ", o.fallback()));
        }
        if (e instanceof TurnContinued c) {
            return "turn " + c.turn() + " continued, " + (c.isPrivate() ? "private: " + c.why() : "public");
        }
        if (e instanceof TurnMadePrivate p) return "turn " + p.turn() + " made private at its " + p.where() + ": " + p.why();
        if (e instanceof TurnLocusMoved m) {
            return "turn " + m.turn() + "'s " + (m.sticky() ? "sticky target" : "locus") + " moved to " + m.locus() + " (" + m.why() + ")";
        }
        if (e instanceof SpeechRouted r) {
            return "turn " + r.turn() + " round " + r.round() + " segment " + r.segment() + " " + quote(r.text()) + " " + route(r.route())
                    + (r.envelope() == null ? "" : ", addressed " + (r.envelope().isEmpty() ? "to no target" : r.envelope()));
        }
        if (e instanceof ToolDecided t) {
            String where = t.round() == null ? "a script's call" : "round " + t.round() + " call " + t.call();
            return "turn " + t.turn() + ", " + where + ": " + t.tool() + (t.allowed() ? " allowed" + opt(", to ", t.channel())
                    + (Boolean.TRUE.equals(t.send()) ? ", a send" : "") : " refused: " + t.refusal());
        }
        if (e instanceof PublishRequested p) {
            return "attempt " + p.attempt() + " requested, via " + p.via() + ", to " + p.channel() + ": " + quote(p.text())
                    + list(", drafts ", p.drafts());
        }
        if (e instanceof PublishOutcome o) return "attempt " + o.attempt() + ": " + o.outcome() + opt(" (", o.why(), ")");
        if (e instanceof DraftHeld h) {
            return h.draft() + " held for " + h.agent() + " (" + h.cause() + (h.risk() ? ", may already have been posted" : "") + "): "
                    + quote(h.text());
        }
        if (e instanceof DraftDismissed d) return d.draft() + " dismissed (" + d.agent() + ")";
        if (e instanceof DraftLetGo g) return g.draft() + " let go by retention (" + g.agent() + ")";
        if (e instanceof NoticeIssued n) {
            return n.agent() + " told (" + n.kind() + opt(", notice ", n.notice()) + list(", naming ", n.names().drafts()) + "): "
                    + quote(n.text());
        }
        if (e instanceof RetentionCheckpoint c) return "retention kept " + c.kept() + " drafts and let " + c.letGo() + " go";
        return e.type();
    }

    private static String message(MessageReceived m) {
        String source;
        if (Classification.isPrivateSurface(m)) source = "a private surface's message (P1)";
        else if (Classification.workTurn(m) != null) source = "the work of turn " + Classification.workTurn(m) + " (P3)";
        else if (m.namesChannel()) source = "a message in " + m.channel().trim();
        else source = "a message that names no channel";
        return m.id() + " to " + m.agent() + ": " + source + ", " + m.kind() + " from " + m.writer()
                + (m.addressed() ? ", addressed" : "") + (m.text().isEmpty() ? "" : ": " + quote(m.text()));
    }

    private static String route(Route r) {
        return switch (r.kind()) {
            case "publish" -> "published in " + r.channel();
            case "private" -> "kept private (" + r.why() + ")";
            case "held" -> "held as " + r.draft() + " (" + r.cause() + ")";
            case "bounced" -> "bounced, held as " + r.draft();
            default -> r.kind();
        };
    }

    static String quote(String text) {
        String flat = text.replace('\n', ' ').strip();
        return "“" + TextCut.shortened(flat, QUOTE) + "”";
    }

    private static String opt(String lead, Object value) {
        return value == null ? "" : lead + value;
    }

    private static String opt(String lead, Object value, String tail) {
        return value == null ? "" : lead + value + tail;
    }

    private static String list(String lead, List<?> values) {
        if (values.isEmpty()) return "";
        StringBuilder out = new StringBuilder(lead);
        for (int i = 0; i < values.size() && i < 8; i++) out.append(i == 0 ? "" : ", ").append(values.get(i));
        if (values.size() > 8) out.append(" and ").append(values.size() - 8).append(" more");
        return out.toString();
    }
}
