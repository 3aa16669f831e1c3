package dev.routing.engine.counterfactual;

import dev.routing.engine.notices.Notices;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import java.util.Map;

/** Decisions in plain words: "turn 412, round 1: 'All green.' was published in #work; under current rules it is kept private". */
final class Wording {
    private final Map<String, String> labels;
    private final String rules;

    Wording(Map<String, String> labels, String redecidedRules) {
        this.labels = labels;
        this.rules = "under " + redecidedRules + " rules";
    }

    /** The slot a decision fills in its fact's answer: two decisions with the same slot are one decision that changed. */
    static String slot(Decision d) {
        if (d instanceof SpeechRouted r) return "speech:" + r.turn() + ":" + r.round() + ":" + r.segment();
        if (d instanceof ToolDecided t) return "tool:" + t.turn() + ":" + t.round() + ":" + t.call() + ":" + t.tool();
        if (d instanceof TurnOpened o) return "opened:" + o.turn();
        if (d instanceof TurnContinued c) return "continued:" + c.turn();
        if (d instanceof TurnMadePrivate p) return "private:" + p.turn();
        if (d instanceof TurnLocusMoved m) return "locus:" + m.turn() + ":" + m.sticky();
        if (d instanceof PublishRequested p) return "request:" + p.turn() + ":" + p.via() + ":" + p.text();
        if (d instanceof PublishOutcome o) return "outcome:" + o.attempt();
        if (d instanceof DraftHeld h) return "held:" + h.turn() + ":" + h.text();
        if (d instanceof DraftDismissed x) return "dismissed:" + x.draft();
        if (d instanceof DraftLetGo g) return "letGo:" + g.draft();
        if (d instanceof NoticeIssued n) return "notice:" + n.turn() + ":" + n.kind();
        if (d instanceof RetentionCheckpoint) return "retention";
        return d.type();
    }

    /** How a pair of decisions for one slot changed. */
    static String change(Decision was, Decision now) {
        if (was instanceof SpeechRouted a && now instanceof SpeechRouted b) {
            if (a.route().isPublish() && !b.route().isPublish()) return "withheld";
            if (!a.route().isPublish() && b.route().isPublish()) return "published";
            if (a.route().isPublish() && !a.route().channel().equals(b.route().channel())) return "moved";
        }
        if (was instanceof ToolDecided a && now instanceof ToolDecided b && !a.allowed().equals(b.allowed())) {
            if ("channel_publish".equals(a.tool())) return a.allowed() ? "withheld" : "published";
            return a.allowed() ? "refused" : "allowed";
        }
        if (was instanceof TurnOpened a && now instanceof TurnOpened b && !a.isPrivate().equals(b.isPrivate())) {
            return b.isPrivate() ? "made-private" : "made-public";
        }
        if (was instanceof TurnContinued a && now instanceof TurnContinued b && !a.isPrivate().equals(b.isPrivate())) {
            return b.isPrivate() ? "made-private" : "made-public";
        }
        return "changed";
    }

    String pair(Decision was, Decision now) {
        String head = head(was);
        if (was instanceof SpeechRouted a && now instanceof SpeechRouted b) {
            String by = a.route().isPublish() && a.envelope() != null ? " by its envelope" : "";
            return head + quote(a.text()) + " was " + route(a.route()) + by + "; " + rules + " it is " + route(b.route()) + ".";
        }
        if (was instanceof ToolDecided a && now instanceof ToolDecided b) {
            return head + a.tool() + " was " + tool(a) + "; " + rules + " it is " + tool(b) + ".";
        }
        if (was instanceof TurnOpened a && now instanceof TurnOpened b) {
            return head + "opened " + opened(a) + "; " + rules + " it opens " + opened(b) + ".";
        }
        if (was instanceof TurnContinued a && now instanceof TurnContinued b) {
            return head + "a start continued it " + (a.isPrivate() ? "as a private turn" : "as a public turn") + "; " + rules
                    + " it continues " + (b.isPrivate() ? "private (" + Notices.reason(b.why()) + ")" : "public") + ".";
        }
        if (was instanceof NoticeIssued a && now instanceof NoticeIssued b) {
            return head + a.agent() + " was told (" + a.kind() + ") " + quote(a.text()) + "; " + rules + " it is told "
                    + quote(b.text()) + ".";
        }
        if (was instanceof PublishOutcome a && now instanceof PublishOutcome b) {
            return "attempt " + a.attempt() + " read " + a.outcome() + "; " + rules + " it reads " + b.outcome() + ".";
        }
        return head + describe(was, true) + "; " + rules + ", " + describe(now, false) + ".";
    }

    String onlyRecorded(Decision was) {
        return head(was) + describe(was, true) + "; " + rules + " that does not happen.";
    }

    String onlyRedecided(Decision now) {
        return head(now) + rules + " " + describe(now, false) + ", which the journal does not record.";
    }

    private static String head(Decision d) {
        Long turn = turnOf(d);
        Integer round = d instanceof SpeechRouted r ? r.round() : d instanceof ToolDecided t ? t.round() : null;
        if (turn == null) return "";
        return "turn " + turn + (round != null ? ", round " + round : "") + ": ";
    }

    static Long turnOf(Decision d) {
        if (d instanceof SpeechRouted r) return r.turn();
        if (d instanceof ToolDecided t) return t.turn();
        if (d instanceof TurnOpened o) return o.turn();
        if (d instanceof TurnContinued c) return c.turn();
        if (d instanceof TurnMadePrivate p) return p.turn();
        if (d instanceof TurnLocusMoved m) return m.turn();
        if (d instanceof PublishRequested p) return p.turn();
        if (d instanceof DraftHeld h) return h.turn();
        if (d instanceof NoticeIssued n) return n.turn();
        return null;
    }

    static String agentOf(Decision d) {
        if (d instanceof SpeechRouted r) return r.agent();
        if (d instanceof ToolDecided t) return t.agent();
        if (d instanceof TurnOpened o) return o.agent();
        if (d instanceof TurnContinued c) return c.agent();
        if (d instanceof PublishRequested p) return p.agent();
        if (d instanceof PublishOutcome o) return o.agent();
        if (d instanceof DraftHeld h) return h.agent();
        if (d instanceof DraftDismissed x) return x.agent();
        if (d instanceof DraftLetGo g) return g.agent();
        if (d instanceof NoticeIssued n) return n.agent();
        return null;
    }

    private String describe(Decision d, boolean past) {
        String is = past ? "was" : "is";
        if (d instanceof SpeechRouted r) return quote(r.text()) + " " + is + " " + route(r.route());
        if (d instanceof ToolDecided t) return t.tool() + " " + is + " " + tool(t);
        if (d instanceof TurnOpened o) return "it " + (past ? "opened " : "opens ") + opened(o);
        if (d instanceof TurnContinued c) return "a start " + (past ? "continued" : "continues") + " it" + (c.isPrivate() ? ", private" : "");
        if (d instanceof TurnMadePrivate p) {
            return "it " + (past ? "became" : "becomes") + " private at its " + p.where() + " (" + Notices.reason(p.why()) + ")";
        }
        if (d instanceof TurnLocusMoved m) {
            return (m.sticky() ? "its sticky destination " : "its locus ") + (past ? "moved" : "moves") + " to " + label(m.locus());
        }
        if (d instanceof PublishRequested p) {
            return "attempt " + p.attempt() + ", " + quote(p.text()) + " to " + label(p.channel()) + " (via " + p.via() + "), "
                    + is + " requested";
        }
        if (d instanceof PublishOutcome o) return "attempt " + o.attempt() + " " + (past ? "read " : "reads ") + o.outcome();
        if (d instanceof DraftHeld h) return quote(h.text()) + " " + is + " held as draft " + h.draft() + " (" + h.cause() + ")";
        if (d instanceof DraftDismissed x) return "draft " + x.draft() + " " + is + " dismissed";
        if (d instanceof DraftLetGo g) return "draft " + g.draft() + " " + is + " let go";
        if (d instanceof NoticeIssued n) return n.agent() + " " + is + " told (" + n.kind() + ") " + quote(n.text());
        if (d instanceof RetentionCheckpoint c) {
            return "a retention checkpoint " + (past ? "kept " : "keeps ") + c.kept() + " drafts and " + (past ? "let " : "lets ")
                    + c.letGo() + " go";
        }
        return d.type();
    }

    private String route(Route r) {
        return switch (r.kind()) {
            case "publish" -> "published in " + label(r.channel());
            case "private" -> "private-turn".equals(r.why()) ? "kept private" : "kept private (" + r.why() + ")";
            case "held" -> "held as a draft (" + r.cause() + ")";
            case "bounced" -> "bounced, and held as a draft";
            default -> r.kind();
        };
    }

    private String tool(ToolDecided t) {
        if (!t.allowed()) return "refused: " + quote(t.refusal());
        return t.channel() != null ? "allowed, to " + label(t.channel()) : "allowed";
    }

    private String opened(TurnOpened o) {
        if (o.isPrivate()) return "private (" + Notices.reason(o.why()) + ")";
        if (o.locus() == null) return "public, with no channel of its own";
        String because = o.fallback() == null ? "" : " (fallback: " + o.fallback() + ")";
        return "public, its plain speech going to " + label(o.locus()) + because;
    }

    String label(String channel) {
        if (channel == null) return "no channel";
        String label = labels.get(channel);
        if (label == null) return "#" + channel;
        return label.startsWith("#") ? label : "#" + label;
    }

    static String quote(String text) {
        if (text == null) return "''";
        String flat = text.replace('\n', ' ').strip();
        return "'" + TextCut.shortened(flat, 140) + "'";
    }
}
