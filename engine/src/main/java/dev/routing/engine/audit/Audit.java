package dev.routing.engine.audit;

import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Answers;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.projections.EngineState;
import dev.routing.projections.drafts.Draft;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The audit's fold: journal entries in, in journal order, a report out. Each fact is read with the
 * decisions that answered it. Entries before the window ({@link #recording} off) only bring the
 * audit's knowledge up to date (which turn is whose, what a turn took in); what happens inside the
 * window is reported.
 */
public final class Audit {
    /** Decisions whose content the audit never reads: a journal read for an audit does not decode them. */
    static final java.util.Set<String> PASSED_OVER = java.util.Set.of("notice.issued", "retention.checkpoint", "turn.locusMoved");
    // package-private for Carried, which writes the fold's state down and reads it back
    final PrivateInput privateInput;
    final Map<String, Ledger> ledgers = new TreeMap<>();
    final Map<Long, Ledger.TurnLine> turns = new HashMap<>();
    final Map<String, Ledger.TurnLine> openByAgent = new HashMap<>();
    final Map<Long, Ledger.PublicationLine> publications = new HashMap<>();
    final Map<String, Ledger.DraftLine> drafts = new HashMap<>();
    final Map<String, String> labels = new HashMap<>();
    final LinkedHashSet<String> rules = new LinkedHashSet<>();
    boolean recording = true;
    /** Why this fold, carried without some fields ({@link Carried}), can no longer give the journal's summary: null while it can. */
    String partial;
    /**
     * The turns and attempts whose settled lines a carried fold counted instead of keeping (sorted):
     * the rest of the journal naming one again makes the fold {@link #partial}.
     */
    long[] countedTurns = new long[0];
    long[] countedAttempts = new long[0];

    private final Answers answers = new Answers(this::settle);
    /** The index of the fact being read with its answer, which evidence names. */
    private long factIndex;

    Audit(PrivateInput privateInput) {
        this.privateInput = privateInput;
    }

    /** An audit that reads a journal from its first entry. */
    public static Audit fresh() {
        return new Audit(PrivateInput.fresh());
    }

    /**
     * An audit that starts from a checkpoint's state: agents, channels, open turns and drafts as they
     * stood. The audit takes the state over (its reading of private input folds into it): pass one
     * decoded for it alone.
     */
    public static Audit from(EngineState state) {
        // the audit's fold is its own: a form it persists (a carried audit) holds its ids, never names the engine's logs of them
        state.privacy.forgotten.values().forEach(dev.routing.projections.privacy.ForgottenIds::notLogged);
        Audit audit = new Audit(PrivateInput.from(state));
        audit.rules.add(state.rules);
        state.roster.agents.forEach((agent, settings) -> {
            Ledger l = audit.ledger(agent);
            l.mode = settings.mode == null ? null : settings.mode.name().toLowerCase(Locale.ROOT);
            l.locusPolicy = settings.locusPolicy == null ? null : settings.locusPolicy.name().toLowerCase(Locale.ROOT).replace('_', '-');
        });
        state.roster.channels.forEach((id, byServer) -> byServer.values().forEach(info -> {
            if (info.label != null) audit.labels.put(id, info.label);
        }));
        state.turns.open.forEach((id, t) -> {
            Ledger.TurnLine line = new Ledger.TurnLine(id, t.agent, null, List.of(), t.locus, t.fallback, t.isPrivate, t.why);
            audit.turns.put(id, line);
            audit.openByAgent.put(t.agent, line);
        });
        state.drafts.drafts.forEach((agent, byId) -> byId.values().forEach(d -> audit.drafts.put(key(agent, d.id), draftLine(d))));
        return audit;
    }

    private static Ledger.DraftLine draftLine(Draft d) {
        Ledger.DraftLine line = new Ledger.DraftLine(d.id, d.agent, d.turn, Instant.ofEpochMilli(d.heldAtMillis), d.cause,
                d.text, d.risk);
        line.delivered = d.delivered;
        line.dismissed = d.dismissed ? Instant.ofEpochMilli(d.touchedMillis) : null;
        return line;
    }

    /** Whether what comes next is inside the window (reported) or before it (only read). */
    public void recording(boolean on) {
        if (on != recording) answers.flush();
        recording = on;
    }

    public void accept(Entry entry, long index) {
        answers.accept(entry, index);
    }

    /** The turn's line, or null; a turn whose line was counted, not kept, makes the fold partial. */
    private Ledger.TurnLine turn(Long id) {
        Ledger.TurnLine t = turns.get(id);
        if (t == null && id != null && partial == null && java.util.Arrays.binarySearch(countedTurns, id) >= 0) {
            partial = "turn " + id + " ended before the audit was carried, and the journal names it again";
        }
        return t;
    }

    /** The attempt's line, or null; an attempt whose line was counted, not kept, makes the fold partial. */
    private Ledger.PublicationLine publication(Long attempt) {
        Ledger.PublicationLine p = publications.get(attempt);
        if (p == null && attempt != null && partial == null && java.util.Arrays.binarySearch(countedAttempts, attempt) >= 0) {
            partial = "attempt " + attempt + " was settled before the audit was carried, and the journal settles it again";
        }
        return p;
    }

    /** Answers the fact read last: the reading stopped where an excerpt ends, so its answer is whole. */
    void settleRead() {
        answers.flush();
    }

    /** Every finding so far, in the order {@link AuditReport#findings} gives. */
    List<Finding> findings() {
        return ledgers.values().stream().flatMap(l -> l.findings.stream()).map(Audit::freeze)
                .sorted(java.util.Comparator.comparing(Finding::at).thenComparing(Finding::turn)).toList();
    }

    /** The report of everything accepted so far. */
    public AuditReport report(String journal, AuditReport.Window window, AuditReport.Reading read, String onlyAgent) {
        answers.flush();
        List<AgentReport> agents = new ArrayList<>();
        for (Ledger l : ledgers.values()) {
            if (onlyAgent != null && !onlyAgent.equals(l.agent)) continue;
            if (onlyAgent == null && l.empty()) continue;
            agents.add(l.report());
        }
        return new AuditReport(journal, window, List.copyOf(rules), read, sum(agents), agents);
    }

    private static Totals sum(List<AgentReport> agents) {
        int[] t = new int[14];
        for (AgentReport a : agents) {
            Totals x = a.totals();
            int[] v = {x.turns(), x.privateTurns(), x.tookInPrivateInput(), x.publications(), x.delivered(), x.failed(),
                x.unknown(), x.awaiting(), x.draftsHeld(), x.draftsResent(), x.draftsDismissed(), x.draftsLetGo(),
                x.refusals(), x.findings()};
            for (int i = 0; i < v.length; i++) t[i] += v[i];
        }
        return new Totals(agents.size(), t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13]);
    }

    /** Reads a fact with its answer; decisions that answer no fact tell the audit nothing. */
    private void settle(Fact f, long index, List<Decision> answer) {
        if (f == null) return;
        factIndex = index;
        privateInput.observe(f, factIndex);
        factFirst(f);
        PendingPublication pending = null;
        for (Decision d : answer) pending = decision(f, d, pending);
        tookIn(f, answer);
    }

    /** Notes when a turn first had taken in private input: at a start, or at a tool boundary. */
    private void tookIn(Fact f, List<Decision> answer) {
        if (f instanceof TurnStarted) {
            for (Decision d : answer) {
                if (d instanceof TurnOpened o) tookIn(o.turn(), f.at());
                if (d instanceof TurnContinued c) tookIn(c.turn(), f.at());
                if (d instanceof TurnMadePrivate p) tookIn(p.turn(), f.at());
            }
        } else if (f instanceof ToolBoundary b) {
            tookIn(b.turn(), f.at());
        }
    }

    private void factFirst(Fact f) {
        if (f instanceof AgentConfigured c) {
            Ledger l = ledger(c.agent());
            l.mode = c.mode().name().toLowerCase(Locale.ROOT);
            l.locusPolicy = c.locusPolicy().name().toLowerCase(Locale.ROOT).replace('_', '-');
        } else if (f instanceof ChannelRegistered c) {
            if (c.label() != null) labels.put(c.channel(), c.label());
        } else if (f instanceof EngineStarted e) {
            rules.add(e.rules());
        } else if (f instanceof RoundSpoken r) {
            Ledger.TurnLine t = turn(r.turn());
            if (t != null) t.rounds++;
        } else if (f instanceof TurnEnded e) {
            end(e.turn(), e.at(), "ended");
        } else if (f instanceof ProcessRestarted r) {
            for (Ledger.TurnLine t : List.copyOf(openByAgent.values())) end(t.turn, r.at(), "restarted");
        }
    }

    private void tookIn(long turn, Instant at) {
        Ledger.TurnLine t = turn(turn);
        if (t != null && t.tookInAt == null && privateInput.tookIn(turn)) {
            t.tookInAt = at;
            t.evidence = privateInput.evidence(turn);
        }
    }

    private void end(long turn, Instant at, String how) {
        Ledger.TurnLine t = turn(turn);
        if (t == null || t.end != null) return;
        t.ended = at;
        t.end = how;
        openByAgent.remove(t.agent, t);
    }

    /** A publication about to be requested: the segment or call it publishes, and whether it is plain speech. */
    private record PendingPublication(long turn, Integer round, Integer segment, boolean plainSpeech, String kind,
            String text) {
    }

    private PendingPublication decision(Fact f, Decision d, PendingPublication pending) {
        if (d instanceof TurnOpened o) {
            opened(o);
        } else if (d instanceof TurnContinued c) {
            Ledger.TurnLine t = turn(c.turn());
            if (t != null && c.isPrivate() && !t.isPrivate) t.madePrivate(c.at(), "start", c.why());
        } else if (d instanceof TurnMadePrivate p) {
            Ledger.TurnLine t = turn(p.turn());
            if (t != null && !t.isPrivate) t.madePrivate(p.at(), p.where(), p.why());
        } else if (d instanceof SpeechRouted r) {
            Ledger.TurnLine t = turn(r.turn());
            if (t != null) t.count(r.route().kind());
            if (r.route().isPublish()) {
                boolean plain = r.envelope() == null;
                return new PendingPublication(r.turn(), r.round(), r.segment(), plain, "plain speech", r.text());
            }
        } else if (d instanceof ToolDecided t) {
            return tool(f, t);
        } else if (d instanceof PublishRequested p) {
            requested(p, pending);
            return null;
        } else if (d instanceof PublishOutcome o) {
            Ledger.PublicationLine p = publication(o.attempt());
            if (p != null) {
                p.settle(o, drafts);
                // the text report lists an unknown outcome's text, which a settled attempt's carried line left out
                if (p.textDropped && "unknown".equals(p.outcome) && partial == null) {
                    partial = "attempt " + p.attempt + " was settled before the audit was carried, and its outcome is now unknown";
                }
            }
        } else if (d instanceof DraftHeld h) {
            Ledger.DraftLine line = new Ledger.DraftLine(h.draft(), h.agent(), h.turn(), h.at(), h.cause(), h.text(), h.risk());
            drafts.put(key(h.agent(), h.draft()), line);
            Ledger.TurnLine t = h.turn() == null ? null : turn(h.turn());
            if (recording) {
                line.inWindow = true;
                ledger(h.agent()).drafts.add(line);
            }
            if (t != null) t.held++;
        } else if (d instanceof DraftDismissed x) {
            Ledger.DraftLine line = drafts.get(key(x.agent(), x.draft()));
            if (line != null) {
                line.dismissed = x.at();
                if (recording) ledger(x.agent()).touched(line);
            }
        } else if (d instanceof DraftLetGo g) {
            Ledger.DraftLine line = drafts.remove(key(g.agent(), g.draft()));
            if (line != null) {
                line.letGo = g.at();
                if (recording) ledger(g.agent()).touched(line);
            }
        }
        return pending;
    }

    private void opened(TurnOpened o) {
        // The engine closes an agent's open turn when it opens the next one.
        Ledger.TurnLine previous = openByAgent.get(o.agent());
        if (previous != null) end(previous.turn, o.at(), "superseded");
        Ledger.TurnLine line = new Ledger.TurnLine(o.turn(), o.agent(), o.at(), o.causes(), o.locus(), o.fallback(),
                o.isPrivate(), o.why());
        if (o.isPrivate()) line.privateFrom = o.at();
        turns.put(o.turn(), line);
        openByAgent.put(o.agent(), line);
        if (recording) ledger(o.agent()).turns.add(line);
    }

    private PendingPublication tool(Fact f, ToolDecided t) {
        if (!t.allowed()) {
            if (recording && t.agent() != null) {
                ledger(t.agent()).refusals.add(new AuditReport.Refusal(t.at(), t.turn(), t.round(), t.call(), t.tool(),
                        t.refusal()));
            }
            return null;
        }
        if (!"channel_publish".equals(t.tool()) || t.turn() == null) return null;
        boolean named;
        String text;
        if (f instanceof RoundSpoken r && t.call() != null && t.call() < r.calls().size()) {
            Call call = r.calls().get(t.call());
            named = call.namesChannel();
            text = call.text();
        } else if (f instanceof ScriptCalled s) {
            named = s.namesChannel();
            text = s.text();
        } else {
            return null;
        }
        return new PendingPublication(t.turn(), t.round(), null, !named,
                f instanceof ScriptCalled ? "a script's channel_publish that named no channel"
                        : "channel_publish that named no channel", text == null ? "" : text);
    }

    private void requested(PublishRequested p, PendingPublication pending) {
        boolean plain = pending != null && pending.plainSpeech() && pending.turn() == (p.turn() == null ? -1 : p.turn());
        Ledger.PublicationLine line = new Ledger.PublicationLine(p, pending == null ? null : pending.round(), plain);
        for (String id : p.drafts()) {
            Ledger.DraftLine d = drafts.get(key(p.agent(), id));
            if (d != null) {
                d.attempts.add(p.attempt());
                if (recording) ledger(p.agent()).touched(d);
            }
        }
        if (!recording) return;
        publications.put(p.attempt(), line);
        Ledger ledger = ledger(p.agent());
        ledger.publications.add(line);
        if (plain && p.turn() != null && privateInput.tookIn(p.turn())) {
            ledger.findings.add(finding(p, pending, line));
        }
    }

    private Ledger.FindingLine finding(PublishRequested p, PendingPublication pending, Ledger.PublicationLine publication) {
        long turn = p.turn();
        List<Evidence> evidence = new ArrayList<>(privateInput.evidence(turn));
        Ledger.TurnLine t = turn(turn);
        if (t != null && t.opened != null) evidence.add(new Evidence(t.opened, -1, "turn.opened", t.openedWords(labels)));
        String where = label(p.channel());
        String what = pending.segment() != null
                ? "round " + pending.round() + ", segment " + pending.segment() + ": plain speech with no envelope, published in " + where
                : (pending.round() != null ? "round " + pending.round() + ": " : "") + pending.kind() + ", published in " + where;
        evidence.add(new Evidence(p.at(), factIndex, pending.segment() != null ? "speech.routed" : "tool.decided", what));
        evidence.add(new Evidence(p.at(), factIndex, "publish.requested", "attempt " + p.attempt() + " requested, via "
                + p.via() + ", to " + where));
        evidence.sort(java.util.Comparator.comparing(Evidence::at));
        String summary = "turn " + turn + " (" + p.agent() + ") had taken in private input, and its "
                + (pending.segment() != null ? "plain speech" : pending.kind()) + " “" + abbreviate(pending.text()) + "” was published in "
                + where + ", a channel nobody named";
        return new Ledger.FindingLine(turn, p.agent(), p.at(), pending.round(), pending.segment(),
                pending.segment() != null ? "plain speech" : pending.kind(), p.channel(), p.text(), publication, summary, evidence);
    }

    private String label(String channel) {
        return Ledger.label(labels, channel);
    }

    private static String abbreviate(String text) {
        String flat = text.replace('\n', ' ').strip();
        return TextCut.shortened(flat, 120);
    }

    private Ledger ledger(String agent) {
        return ledgers.computeIfAbsent(agent, Ledger::new);
    }

    private static String key(String agent, String draft) {
        return agent + "\u0000" + draft;
    }

    /** Finds a finding's final outcome once its publication settles. */
    static Finding freeze(Ledger.FindingLine f) {
        return new Finding(f.turn, f.agent, f.at, f.round, f.segment, f.kind, f.channel, f.text, f.publication.attempt,
                f.publication.outcome, f.summary, f.evidence);
    }
}
