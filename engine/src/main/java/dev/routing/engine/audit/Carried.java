package dev.routing.engine.audit;

import dev.routing.engine.audit.AuditReport.Refusal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The whole journal's audit as it stood before one journal index (docs/decisions/0005): the fold's
 * every line and its privacy reading, so that an audit of the whole journal reads this and folds
 * only what follows, with the same {@link Audit} code, instead of folding a week from its first
 * entry. A week's report is not the merge of its days' reports (a line changes after its day ends),
 * so what is carried is the fold itself, not its report.
 *
 * <p>It is carried for the text report alone: the fields only the JSON report reads (a turn's
 * evidence, a draft's text, a settled attempt's text) are left out, so a carried fold gives a
 * {@link AuditSummary}, never an {@link AuditReport}. Should the rest of the journal need a field
 * left out (a settled attempt whose outcome turns unknown, whose text the report would list), the
 * summary is refused ({@link Resumed#summary}) and the caller folds from the first entry.
 *
 * <p>The fold is cut where an excerpt ends: an excerpt is a fact with its decisions, so every answer
 * read is whole, and {@link #resumeAt} is the next excerpt's index. A journal written by hand may
 * hold decisions in an excerpt of their own; the fold from the first entry reads them as the answer
 * of the fact before, which a carried fold settled at the cut, so one met first on resume makes the
 * fold partial.
 */
public final class Carried {
    final Audit audit;
    final long resumeAt;
    final long entries;
    final long firstIndex;
    final long lastIndex;
    final Instant firstAt;
    final Instant lastAt;
    /** Why the first findings' publications were made (by their publish request's group), as explain said when they were carried. */
    final Map<Long, AuditSummary.Chain> chains;
    final Map<Long, String> failures;

    Carried(Audit audit, long resumeAt, long entries, long firstIndex, long lastIndex, Instant firstAt, Instant lastAt,
            Map<Long, AuditSummary.Chain> chains, Map<Long, String> failures) {
        this.audit = audit;
        this.resumeAt = resumeAt;
        this.entries = entries;
        this.firstIndex = firstIndex;
        this.lastIndex = lastIndex;
        this.firstAt = firstAt;
        this.lastAt = lastAt;
        this.chains = chains;
        this.failures = failures;
    }

    /** How many entries the fold had read. */
    public long entries() {
        return entries;
    }

    /** A summary made from carried lines, or why it cannot be the journal's (a field left out was needed). */
    public record Resumed(AuditSummary summary, String refused) {
    }

    /** The fold written down. */
    public byte[] pack() {
        Packing.Out out = new Packing.Out();
        out.varLong(resumeAt).varLong(entries).varLong(firstIndex).varLong(lastIndex).instant(firstAt).instant(lastAt);
        PrivateInput reading = audit.privateInput;
        out.blob(StateCodec.toCheckpointBytes(reading.state));
        out.varLong(reading.stored.size());
        reading.stored.forEach((id, e) -> evidence(out.string(id), e));
        out.varLong(reading.why.size());
        reading.why.forEach((turn, facts) -> evidences(out.varLong(turn), facts));
        out.varLong(reading.checkpointedBelow).instant(reading.checkpointAt);
        out.varLong(audit.labels.size());
        audit.labels.forEach((id, label) -> out.string(id).string(label));
        out.strings(List.copyOf(audit.rules)).flag(audit.recording);

        // settled lines are counted, not kept: an ended turn, an attempt delivered or failed that no finding names
        Map<Ledger.PublicationLine, Boolean> named = new IdentityHashMap<>();
        audit.ledgers.values().forEach(l -> l.findings.forEach(f -> named.put(f.publication, true)));
        java.util.function.Predicate<Ledger.TurnLine> turnKept = t -> t.end == null;
        java.util.function.Predicate<Ledger.PublicationLine> pubKept = p -> p.outcome == null || "unknown".equals(p.outcome)
                || named.containsKey(p);

        Map<Ledger.TurnLine, Integer> turns = new IdentityHashMap<>();
        Map<Ledger.PublicationLine, Integer> pubs = new IdentityHashMap<>();
        Map<Ledger.DraftLine, Integer> drafts = new IdentityHashMap<>();
        List<Ledger.TurnLine> turnList = new ArrayList<>();
        List<Ledger.PublicationLine> pubList = new ArrayList<>();
        List<Ledger.DraftLine> draftList = new ArrayList<>();
        for (Ledger l : audit.ledgers.values()) {
            l.turns.stream().filter(turnKept).forEach(t -> number(t, turns, turnList));
            l.publications.stream().filter(pubKept).forEach(p -> number(p, pubs, pubList));
            l.findings.forEach(f -> number(f.publication, pubs, pubList));
            l.drafts.forEach(d -> number(d, drafts, draftList));
        }
        audit.turns.values().stream().filter(turnKept).forEach(t -> number(t, turns, turnList));
        audit.openByAgent.values().forEach(t -> number(t, turns, turnList));
        audit.publications.values().stream().filter(pubKept).forEach(p -> number(p, pubs, pubList));
        audit.drafts.values().forEach(d -> number(d, drafts, draftList));

        out.varLong(turnList.size());
        for (Ledger.TurnLine t : turnList) turn(out, t);
        out.varLong(pubList.size());
        for (Ledger.PublicationLine p : pubList) publication(out, p);
        out.varLong(draftList.size());
        for (Ledger.DraftLine d : draftList) draft(out, d);

        java.util.TreeSet<Long> countedTurns = new java.util.TreeSet<>();
        for (long id : audit.countedTurns) countedTurns.add(id);
        java.util.TreeSet<Long> countedAttempts = new java.util.TreeSet<>();
        for (long id : audit.countedAttempts) countedAttempts.add(id);
        // an id opened again leaves its older line numbered but no longer the id's: count the map's entries
        out.varLong(audit.turns.values().stream().filter(turns::containsKey).count());
        audit.turns.forEach((id, t) -> {
            if (turns.containsKey(t)) out.varLong(id).varLong(turns.get(t));
            else countedTurns.add(id);
        });
        out.varLong(audit.openByAgent.size());
        audit.openByAgent.forEach((agent, t) -> out.string(agent).varLong(turns.get(t)));
        out.varLong(audit.publications.values().stream().filter(pubs::containsKey).count());
        audit.publications.forEach((id, p) -> {
            if (pubs.containsKey(p)) out.varLong(id).varLong(pubs.get(p));
            else countedAttempts.add(id);
        });
        out.varLong(audit.drafts.size());
        audit.drafts.forEach((key, d) -> out.string(key).varLong(drafts.get(d)));
        ids(out, countedTurns);
        ids(out, countedAttempts);

        out.varLong(audit.ledgers.size());
        for (Ledger l : audit.ledgers.values()) {
            out.string(l.agent).string(l.mode).string(l.locusPolicy);
            Ledger.Counted counted = l.counted.copy();
            out.varLong(l.turns.stream().filter(turnKept).count());
            for (Ledger.TurnLine t : l.turns) {
                if (turns.containsKey(t) && turnKept.test(t)) out.varLong(turns.get(t));
                else counted.turn(t);
            }
            out.varLong(l.publications.stream().filter(pubKept).count());
            for (Ledger.PublicationLine p : l.publications) {
                if (pubKept.test(p)) out.varLong(pubs.get(p));
                else counted.publication(p);
            }
            counted(out, counted);
            out.varLong(l.drafts.size());
            l.drafts.forEach(d -> out.varLong(drafts.get(d)));
            out.varLong(l.refusals.size());
            l.refusals.forEach(r -> out.instant(r.at()).boxed(r.turn()).boxed(r.round()).boxed(r.call()).string(r.tool()).string(r.refusal()));
            out.varLong(l.findings.size());
            for (Ledger.FindingLine f : l.findings) {
                out.varLong(f.turn).string(f.agent).instant(f.at).boxed(f.round).boxed(f.segment).string(f.kind).string(f.channel)
                        .string(f.text).varLong(pubs.get(f.publication)).string(f.summary);
                evidences(out, f.evidence);
            }
        }

        out.varLong(chains.size());
        chains.forEach((group, c) -> {
            out.varLong(group).string(c.at()).string(c.rule()).varLong(c.steps().size());
            c.steps().forEach(s -> out.string(s.at()).string(s.type()).string(s.rule()).string(s.words()));
        });
        out.varLong(failures.size());
        failures.forEach((group, why) -> out.varLong(group).string(why));
        return out.bytes();
    }

    /**
     * Reads a fold written by {@link #pack}. The privacy reading's state, a JSON document most of the
     * read's time, is parsed on another thread while the lines are read.
     *
     * @throws IllegalArgumentException when the bytes are not a carried fold (said with where)
     */
    public static Carried unpack(byte[] bytes, int from, int end) {
        Packing.In in = new Packing.In(bytes, from, end);
        long resumeAt = in.varLong();
        long entries = in.varLong();
        long firstIndex = in.varLong();
        long lastIndex = in.varLong();
        Instant firstAt = in.instant();
        Instant lastAt = in.instant();
        byte[] stateJson = in.blob();
        // a thread of its own, not a shared pool's: it inherits this thread's class loader, and waits on no one else's work
        FutureTask<EngineState> state = new FutureTask<>(() -> StateCodec.fromJson(stateJson));
        Thread parse = new Thread(state, "carried-audit-state");
        parse.setDaemon(true);
        parse.start();
        Map<String, Evidence> stored = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) stored.put(in.string(), evidence(in));
        Map<Long, List<Evidence>> why = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) why.put(in.varLong(), evidences(in));
        long checkpointedBelow = in.varLong();
        Instant checkpointAt = in.instant();
        Map<String, String> labels = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) labels.put(in.string(), in.string());
        List<String> rules = in.strings();
        boolean recording = in.flag();

        Ledger.TurnLine[] turns = new Ledger.TurnLine[in.count(8)];
        for (int i = 0; i < turns.length; i++) turns[i] = turn(in);
        Ledger.PublicationLine[] pubs = new Ledger.PublicationLine[in.count(8)];
        for (int i = 0; i < pubs.length; i++) pubs[i] = publication(in);
        Ledger.DraftLine[] drafts = new Ledger.DraftLine[in.count(8)];
        for (int i = 0; i < drafts.length; i++) drafts[i] = draft(in);

        Map<Long, Ledger.TurnLine> turnById = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) turnById.put(in.varLong(), of(turns, in));
        Map<String, Ledger.TurnLine> open = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) open.put(in.string(), of(turns, in));
        Map<Long, Ledger.PublicationLine> pubById = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) pubById.put(in.varLong(), of(pubs, in));
        Map<String, Ledger.DraftLine> draftByKey = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) draftByKey.put(in.string(), of(drafts, in));
        long[] countedTurns = ids(in);
        long[] countedAttempts = ids(in);

        Map<String, Ledger> ledgers = new TreeMap<>();
        for (int i = in.count(4); i > 0; i--) {
            Ledger l = new Ledger(in.string());
            l.mode = in.string();
            l.locusPolicy = in.string();
            for (int n = in.count(1); n > 0; n--) l.turns.add(of(turns, in));
            for (int n = in.count(1); n > 0; n--) l.publications.add(of(pubs, in));
            counted(in, l.counted);
            for (int n = in.count(1); n > 0; n--) l.drafts.add(of(drafts, in));
            for (int n = in.count(6); n > 0; n--) {
                l.refusals.add(new Refusal(in.instant(), in.boxedLong(), in.boxedInt(), in.boxedInt(), in.string(), in.string()));
            }
            for (int n = in.count(10); n > 0; n--) {
                l.findings.add(new Ledger.FindingLine(in.varLong(), in.string(), in.instant(), in.boxedInt(), in.boxedInt(),
                        in.string(), in.string(), in.string(), of(pubs, in), in.string(), evidences(in)));
            }
            if (l.agent == null || ledgers.put(l.agent, l) != null) throw in.refused("an agent's ledger named twice or not at all");
        }

        Map<Long, AuditSummary.Chain> chains = new HashMap<>();
        for (int i = in.count(4); i > 0; i--) {
            long group = in.varLong();
            String at = in.string();
            String rule = in.string();
            List<AuditSummary.Link> steps = new ArrayList<>();
            for (int n = in.count(4); n > 0; n--) steps.add(new AuditSummary.Link(in.string(), in.string(), in.string(), in.string()));
            chains.put(group, new AuditSummary.Chain(at, rule, List.copyOf(steps)));
        }
        Map<Long, String> failures = new HashMap<>();
        for (int i = in.count(2); i > 0; i--) failures.put(in.varLong(), in.string());
        in.end();

        PrivateInput reading;
        try {
            reading = new PrivateInput(state.get());
        } catch (ExecutionException e) {
            throw new IllegalArgumentException("the carried audit's privacy reading does not read (" + e.getCause().getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the carried audit's privacy reading was read", e);
        }
        reading.stored.putAll(stored);
        reading.why.putAll(why);
        reading.checkpointedBelow = checkpointedBelow;
        reading.checkpointAt = checkpointAt;
        Audit audit = new Audit(reading);
        audit.ledgers.putAll(ledgers);
        audit.turns.putAll(turnById);
        audit.openByAgent.putAll(open);
        audit.publications.putAll(pubById);
        audit.drafts.putAll(draftByKey);
        audit.labels.putAll(labels);
        if (rules != null) audit.rules.addAll(rules);
        audit.recording = recording;
        audit.countedTurns = countedTurns;
        audit.countedAttempts = countedAttempts;
        return new Carried(audit, resumeAt, entries, firstIndex, lastIndex, firstAt, lastAt, chains, failures);
    }

    private static void counted(Packing.Out out, Ledger.Counted c) {
        out.varLong(c.turns).varLong(c.privateTurns).varLong(c.tookIn).varLong(c.publications).varLong(c.delivered).varLong(c.failed);
        for (Map<String, Long> counts : List.of(c.privateWhy, c.byChannel, c.byVia)) {
            out.varLong(counts.size());
            counts.forEach((key, n) -> out.string(key).varLong(n));
        }
    }

    private static void counted(Packing.In in, Ledger.Counted c) {
        c.turns = in.varInt();
        c.privateTurns = in.varInt();
        c.tookIn = in.varInt();
        c.publications = in.varInt();
        c.delivered = in.varInt();
        c.failed = in.varInt();
        for (Map<String, Long> counts : List.of(c.privateWhy, c.byChannel, c.byVia)) {
            for (int n = in.count(2); n > 0; n--) {
                String key = in.string();
                if (key == null) throw in.refused("a count with no key");
                counts.put(key, in.varLong());
            }
        }
    }

    /** Ids ascending, each written as its step from the one before. */
    private static void ids(Packing.Out out, java.util.SortedSet<Long> ids) {
        out.varLong(ids.size());
        long last = 0;
        for (long id : ids) {
            out.varLong(id - last);
            last = id;
        }
    }

    private static long[] ids(Packing.In in) {
        long[] ids = new long[in.count(1)];
        long last = 0;
        for (int i = 0; i < ids.length; i++) {
            long step = in.varLong();
            if (i > 0 && step <= 0) throw in.refused("ids not ascending");
            ids[i] = last += step;
        }
        return ids;
    }

    private static <T> void number(T line, Map<T, Integer> numbers, List<T> in) {
        if (numbers.putIfAbsent(line, in.size()) == null) in.add(line);
    }

    private static <T> T of(T[] lines, Packing.In in) {
        long n = in.varLong();
        if (n < 0 || n >= lines.length) throw in.refused("line " + n + " of " + lines.length);
        return lines[(int) n];
    }

    private static void turn(Packing.Out out, Ledger.TurnLine t) {
        out.varLong(t.turn).string(t.agent).instant(t.opened).strings(t.causes).string(t.locus).string(t.fallback)
                .flag(t.isPrivate).string(t.why).instant(t.privateFrom).string(t.madePrivateAt).instant(t.ended).string(t.end)
                .instant(t.tookInAt).varLong(t.rounds).varLong(t.published).varLong(t.keptPrivate).varLong(t.held);
    }

    private static Ledger.TurnLine turn(Packing.In in) {
        Ledger.TurnLine t = new Ledger.TurnLine(in.varLong(), in.string(), in.instant(), in.strings(), in.string(), in.string(),
                in.flag(), in.string());
        t.privateFrom = in.instant();
        t.madePrivateAt = in.string();
        t.ended = in.instant();
        t.end = in.string();
        t.tookInAt = in.instant();
        t.rounds = in.varInt();
        t.published = in.varInt();
        t.keptPrivate = in.varInt();
        t.held = in.varInt();
        return t;
    }

    /** A settled attempt's text is left out: the text report lists only unknown outcomes, and awaiting ones may become that. */
    private static void publication(Packing.Out out, Ledger.PublicationLine p) {
        boolean keep = !p.textDropped && (p.outcome == null || "unknown".equals(p.outcome));
        out.varLong(p.attempt).boxed(p.turn).boxed(p.round).instant(p.at).string(p.channel).string(p.server).string(p.via)
                .flag(keep).string(keep ? p.text : null).strings(p.drafts).flag(p.plainSpeech).string(p.outcome)
                .string(p.outcomeWhy).instant(p.settledAt);
    }

    private static Ledger.PublicationLine publication(Packing.In in) {
        long attempt = in.varLong();
        Long turn = in.boxedLong();
        Integer round = in.boxedInt();
        Instant at = in.instant();
        String channel = in.string();
        String server = in.string();
        String via = in.string();
        boolean kept = in.flag();
        String text = in.string();
        Ledger.PublicationLine p = new Ledger.PublicationLine(attempt, turn, round, at, channel, server, via, text, in.strings(),
                in.flag(), !kept);
        p.outcome = in.string();
        p.outcomeWhy = in.string();
        p.settledAt = in.instant();
        return p;
    }

    private static void draft(Packing.Out out, Ledger.DraftLine d) {
        out.string(d.draft).string(d.agent).boxed(d.turn).instant(d.held).string(d.cause).flag(d.risk).flag(d.inWindow)
                .flag(d.delivered).varLong(d.attempts.size());
        d.attempts.forEach(out::varLong);
        out.instant(d.dismissed).instant(d.letGo);
    }

    private static Ledger.DraftLine draft(Packing.In in) {
        Ledger.DraftLine d = new Ledger.DraftLine(in.string(), in.string(), in.boxedLong(), in.instant(), in.string(), null, in.flag());
        d.inWindow = in.flag();
        d.delivered = in.flag();
        for (int n = in.count(1); n > 0; n--) d.attempts.add(in.varLong());
        d.dismissed = in.instant();
        d.letGo = in.instant();
        return d;
    }

    private static void evidence(Packing.Out out, Evidence e) {
        out.instant(e.at()).varLong(e.index()).string(e.type()).string(e.words()).string(e.rule());
    }

    private static Evidence evidence(Packing.In in) {
        return new Evidence(in.instant(), in.varLong(), in.string(), in.string(), in.string());
    }

    private static void evidences(Packing.Out out, List<Evidence> facts) {
        out.varLong(facts.size());
        facts.forEach(e -> evidence(out, e));
    }

    private static List<Evidence> evidences(Packing.In in) {
        List<Evidence> facts = new ArrayList<>();
        for (int n = in.count(5); n > 0; n--) facts.add(evidence(in));
        return facts;
    }
}
