package dev.routing.engine.prose;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.drafts.Unsent;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnOpened;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * M1-M8, D1, D2 over random valid streams (every wake cause, boundary, retake, restart, send,
 * drafts call and envelope the stream host knows), each stream played with every agent in one
 * mode: a named or disabled agent's plain speech never reaches a channel; no segment is both
 * published and held; every held draft's text appears verbatim in the round that held it (a
 * bounce's or a no-destination hold's as routing read it, {@code {{unsent}}} expanded); and (M7)
 * a drafts round in a locus or hybrid turn a send silenced publishes no speech, wherever it would go.
 */
class ModesPropertyTest {

    @ParameterizedTest
    @EnumSource(Mode.class)
    void M1_M8_D1_D2_speechGoesOnlyWhereItsModeLetsItAndHeldWordsAreTheRoundsOwn(Mode mode) {
        Property.check("modes (" + mode + ")", Property.baseSeed(8_000_000L + 100_000L * mode.ordinal()),
                Math.max(1, Property.streams(10_000) / 5), seed -> inMode(StreamGenerator.stream(seed, 60), mode),
                stream -> violation(mode, stream));
    }

    /** The same stream with every configuration in {@code mode} (the host's CONFIGURE reads b modulo the modes). */
    static List<Action> inMode(List<Action> stream, Mode mode) {
        int modes = Mode.values().length;
        List<Action> out = new ArrayList<>(stream.size());
        for (Action a : stream) {
            if (a.kind() == Action.Kind.CONFIGURE) {
                out.add(new Action(a.kind(), a.a(), (a.b() / modes) * modes + mode.ordinal(), a.c()));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /** Null when the stream keeps every promise; else what broke. */
    static String violation(Mode expected, List<Action> stream) {
        CoreSink sink = new CoreSink(RuleSet.CURRENT);
        StreamHost.play(sink, stream);
        Map<String, Mode> configured = new HashMap<>();
        Map<Long, Mode> turnMode = new HashMap<>();
        Map<String, DraftHeld> latestBounce = new HashMap<>();
        Set<Long> silenced = new HashSet<>();
        List<Entry> entries = sink.entries();
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            if (entry instanceof Fact f) {
                if (f instanceof AgentConfigured c) {
                    configured.put(c.agent(), c.mode());
                    if (c.mode() != expected) return "the stream configured " + c.mode() + ", not " + expected;
                }
                if (f instanceof RoundSpoken r) {
                    String broken = round(entries, i, r, turnMode, latestBounce);
                    if (broken == null) broken = draftsRound(entries, i, r, turnMode.get(r.turn()), silenced);
                    if (broken != null) return broken;
                }
                // M6: fresh input at a live boundary ends the hold a send began.
                if (f instanceof ToolBoundary b && !b.injected().isEmpty()) silenced.remove(b.turn());
                continue;
            }
            Decision d = (Decision) entry;
            if (d instanceof TurnOpened o) turnMode.put(o.turn(), configured.getOrDefault(o.agent(), Mode.LOCUS));
            if (d instanceof DraftHeld h && "bounced".equals(h.cause())) latestBounce.put(h.agent(), h);
            if (d instanceof DraftDismissed x && latestBounce.containsKey(x.agent())
                    && latestBounce.get(x.agent()).draft().equals(x.draft())) latestBounce.remove(x.agent());
            if (d instanceof DraftLetGo g && latestBounce.containsKey(g.agent())
                    && latestBounce.get(g.agent()).draft().equals(g.draft())) latestBounce.remove(g.agent());
        }
        return null;
    }

    /**
     * M7: a round with the drafts tool and no send of its own (a resend aside), in a locus or hybrid
     * turn that a send silenced (before it, or by the round's resend), publishes no speech.
     */
    private static String draftsRound(List<Entry> entries, int at, RoundSpoken r, Mode mode, Set<Long> silenced) {
        if (mode != Mode.LOCUS && mode != Mode.HYBRID) return null;
        boolean drafts = false;
        boolean ownSend = false;
        boolean sends = silenced.contains(r.turn());
        List<SpeechRouted> publishedHere = new ArrayList<>();
        for (int i = at + 1; i < entries.size() && entries.get(i) instanceof Decision d; i++) {
            if (d instanceof ToolDecided t && t.allowed() && t.round() != null) {
                if (t.tool().equals("drafts")) drafts = true;
                if (t.countsAsSend()) {
                    sends = true;
                    if (!t.tool().equals("drafts")) ownSend = true;
                }
            }
            if (d instanceof SpeechRouted s && s.route().isPublish()) publishedHere.add(s);
        }
        if (sends) silenced.add(r.turn());
        if (drafts && !ownSend && sends && !publishedHere.isEmpty()) {
            return "a drafts round of silenced turn " + r.turn() + " published '" + publishedHere.get(0).text() + "' in "
                    + publishedHere.get(0).route().channel();
        }
        return null;
    }

    /** Checks one round's answer. */
    private static String round(List<Entry> entries, int at, RoundSpoken r, Map<Long, Mode> turnMode,
            Map<String, DraftHeld> latestBounce) {
        List<Decision> answer = new ArrayList<>();
        for (int i = at + 1; i < entries.size() && entries.get(i) instanceof Decision d; i++) answer.add(d);
        Mode mode = turnMode.get(r.turn());
        Set<Integer> segments = new HashSet<>();
        Set<String> heldIds = new HashSet<>();
        List<String> published = new ArrayList<>();
        for (Decision d : answer) {
            if (d instanceof PublishRequested p && (mode == Mode.NAMED || mode == Mode.DISABLED)
                    && ("speech".equals(p.via()) || "unsent".equals(p.via()))) {
                return "a " + mode + " turn's plain speech was requested for " + p.channel() + ": " + p.text();
            }
            if (!(d instanceof SpeechRouted s)) continue;
            Route route = s.route();
            if (!segments.add(s.segment())) return "round " + r.round() + " of turn " + r.turn() + " routed segment "
                    + s.segment() + " twice";
            if (route.isPublish()) {
                if (mode == Mode.NAMED || mode == Mode.DISABLED) {
                    return "a " + mode + " turn's plain speech '" + s.text() + "' was published in " + route.channel();
                }
                published.add(s.text());
            }
            if (route.draft() != null) heldIds.add(route.draft());
        }
        List<DraftHeld> bounces = new ArrayList<>();
        Set<String> heldHere = new HashSet<>();
        for (Decision d : answer) {
            if (!(d instanceof DraftHeld h) || !heldIds.contains(h.draft())) continue;
            heldHere.add(h.draft());
            if (mode == Mode.NAMED || mode == Mode.DISABLED) return "a " + mode + " turn held a draft: " + h;
            for (String p : published) {
                if (p.equals(h.text()) || (p.length() > 3 && h.text().contains(p))
                        || (h.text().length() > 3 && p.contains(h.text()))) {
                    return "'" + h.text() + "' was both held and published (as '" + p + "')";
                }
            }
            List<DraftHeld> open = new ArrayList<>(bounces);
            if (latestBounce.get(h.agent()) != null) open.add(0, latestBounce.get(h.agent()));
            if (!appearsIn(r.text(), h.text(), open)) {
                return "held draft '" + h.text() + "' does not appear in its round's text '" + r.text() + "'";
            }
            if ("bounced".equals(h.cause())) bounces.add(h);
        }
        if (!heldHere.equals(heldIds)) return "segments name drafts " + heldIds + " but the round held " + heldHere;
        return null;
    }

    /** Verbatim in the text, or in the text with {@code {{unsent}}} expanded from the bounce open before the round. */
    static boolean appearsIn(String text, String words, List<DraftHeld> bounces) {
        if (text.contains(words)) return true;
        if (!Unsent.mentions(text)) return false;
        for (DraftHeld bounce : bounces) {
            if (text.replace(Unsent.TOKEN, bounce.text()).contains(words)) return true;
        }
        return false;
    }
}
