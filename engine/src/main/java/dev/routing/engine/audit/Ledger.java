package dev.routing.engine.audit;

import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.DraftEntry;
import dev.routing.engine.audit.AuditReport.Publication;
import dev.routing.engine.audit.AuditReport.Totals;
import dev.routing.engine.audit.AuditReport.TurnEntry;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** One agent's lines of the audit, kept mutable while the fold runs and frozen into an {@link AgentReport}. */
final class Ledger {
    final String agent;
    String mode;
    String locusPolicy;
    final List<TurnLine> turns = new ArrayList<>();
    final List<PublicationLine> publications = new ArrayList<>();
    /** Drafts held in the window, and older ones something happened to in it, in order of first mention. */
    final LinkedHashSet<DraftLine> drafts = new LinkedHashSet<>();
    final List<AuditReport.Refusal> refusals = new ArrayList<>();
    final List<FindingLine> findings = new ArrayList<>();

    Ledger(String agent) {
        this.agent = agent;
    }

    /** What the settled lines a carried fold let go add to the summary ({@link Carried}): zero in a fold from the journal. */
    final Counted counted = new Counted();

    boolean empty() {
        return turns.isEmpty() && publications.isEmpty() && drafts.isEmpty() && refusals.isEmpty() && counted.turns == 0
                && counted.publications == 0;
    }

    void touched(DraftLine draft) {
        drafts.add(draft);
    }

    AgentReport report() {
        List<TurnEntry> turnEntries = turns.stream().map(TurnLine::freeze).toList();
        List<Publication> pubs = publications.stream().map(PublicationLine::freeze).toList();
        List<DraftEntry> draftEntries = drafts.stream().map(DraftLine::freeze).toList();
        List<AuditReport.Finding> found = findings.stream().map(Audit::freeze).toList();
        int privateTurns = (int) turnEntries.stream().filter(TurnEntry::isPrivate).count();
        int tookIn = (int) turnEntries.stream().filter(TurnEntry::tookInPrivateInput).count();
        int delivered = count(pubs, "delivered");
        int failed = count(pubs, "failed");
        int unknown = count(pubs, "unknown");
        int awaiting = (int) pubs.stream().filter(p -> p.outcome() == null).count();
        int held = (int) drafts.stream().filter(d -> d.inWindow).count();
        int resent = (int) draftEntries.stream().filter(d -> !d.attempts().isEmpty()).count();
        int dismissed = (int) draftEntries.stream().filter(d -> d.dismissed() != null).count();
        int letGo = (int) draftEntries.stream().filter(d -> d.letGo() != null).count();
        Totals totals = new Totals(1, turnEntries.size() + counted.turns, privateTurns + counted.privateTurns, tookIn + counted.tookIn,
                pubs.size() + counted.publications, delivered + counted.delivered, failed + counted.failed, unknown,
                awaiting, held, resent, dismissed, letGo, refusals.size(), found.size());
        return new AgentReport(agent, mode, locusPolicy, turnEntries, pubs, draftEntries, List.copyOf(refusals), found, totals);
    }

    private static int count(List<Publication> pubs, String outcome) {
        return (int) pubs.stream().filter(p -> outcome.equals(p.outcome())).count();
    }

    /**
     * The part of an agent's summary made by lines that were settled when the fold was carried and
     * were counted instead of kept: ended turns, and attempts delivered or failed. Each count is what
     * {@link AuditSummary.Agent#of} would count of those lines, with the same keys.
     */
    static final class Counted {
        int turns;
        int privateTurns;
        int tookIn;
        int publications;
        int delivered;
        int failed;
        final Map<String, Long> privateWhy = new java.util.TreeMap<>();
        final Map<String, Long> byChannel = new java.util.TreeMap<>();
        final Map<String, Long> byVia = new java.util.TreeMap<>();

        Counted copy() {
            Counted copy = new Counted();
            copy.turns = turns;
            copy.privateTurns = privateTurns;
            copy.tookIn = tookIn;
            copy.publications = publications;
            copy.delivered = delivered;
            copy.failed = failed;
            copy.privateWhy.putAll(privateWhy);
            copy.byChannel.putAll(byChannel);
            copy.byVia.putAll(byVia);
            return copy;
        }

        void turn(TurnLine t) {
            turns++;
            if (t.isPrivate) {
                privateTurns++;
                privateWhy.merge(AuditSummary.why(t.why), 1L, Long::sum);
            }
            if (t.tookInAt != null) tookIn++;
        }

        void publication(PublicationLine p) {
            publications++;
            if ("delivered".equals(p.outcome)) delivered++;
            if ("failed".equals(p.outcome)) failed++;
            byChannel.merge(AuditSummary.channel(p.channel), 1L, Long::sum);
            byVia.merge(p.via, 1L, Long::sum);
        }
    }

    /** A turn as the fold knows it so far. */
    static final class TurnLine {
        final long turn;
        final String agent;
        final Instant opened;
        final List<String> causes;
        final String locus;
        final String fallback;
        boolean isPrivate;
        String why;
        Instant privateFrom;
        String madePrivateAt;
        Instant ended;
        String end;
        Instant tookInAt;
        List<Evidence> evidence = List.of();
        int rounds;
        int published;
        int keptPrivate;
        int held;

        TurnLine(long turn, String agent, Instant opened, List<String> causes, String locus, String fallback,
                boolean isPrivate, String why) {
            this.turn = turn;
            this.agent = agent;
            this.opened = opened;
            this.causes = causes;
            this.locus = locus;
            this.fallback = fallback;
            this.isPrivate = isPrivate;
            this.why = why;
            if (isPrivate) madePrivateAt = "start";
        }

        void madePrivate(Instant at, String where, String why) {
            isPrivate = true;
            this.why = why;
            privateFrom = at;
            madePrivateAt = where;
        }

        void count(String routeKind) {
            // equals, not a switch: a switch on a string hashes it, and each decoded kind is a new string
            if ("publish".equals(routeKind)) published++;
            else if ("private".equals(routeKind)) keptPrivate++;
            else held++;
        }

        String openedWords(Map<String, String> labels) {
            String how = isPrivate && privateFrom != null && privateFrom.equals(opened) ? "opened private" : "opened public";
            if (locus == null) return "turn " + turn + " (" + agent + ") " + how + ", with no channel of its own";
            String where = label(labels, locus);
            String because = fallback == null ? "its own channel"
                    : "focus".equals(fallback) ? "the channel of a focus that held (fallback: focus)"
                    : "the channel of the newest inbound message (fallback: latest-inbound)";
            return "turn " + turn + " (" + agent + ") " + how + ": its plain speech went to " + where + ", " + because;
        }

        TurnEntry freeze() {
            return new TurnEntry(turn, opened, ended, end == null ? "open" : end, causes, locus, fallback, isPrivate, why,
                    privateFrom, madePrivateAt, tookInAt != null, tookInAt, evidence, rounds, published, keptPrivate, held);
        }
    }

    /** A publish attempt and, once settled, its outcome. */
    static final class PublicationLine {
        final long attempt;
        final Long turn;
        final Integer round;
        final Instant at;
        final String channel;
        final String server;
        final String via;
        final String text;
        final List<String> drafts;
        final boolean plainSpeech;
        String outcome;
        String outcomeWhy;
        Instant settledAt;

        /**
         * Whether {@link #text} was left out when the fold was carried ({@link Carried}: a settled
         * attempt's text is read by no text report), so a report of these lines is only a summary.
         */
        final boolean textDropped;

        PublicationLine(PublishRequested p, Integer round, boolean plainSpeech) {
            this(p.attempt(), p.turn(), round, p.at(), p.channel(), p.server(), p.via(), p.text(), p.drafts(), plainSpeech, false);
        }

        PublicationLine(long attempt, Long turn, Integer round, Instant at, String channel, String server, String via,
                String text, List<String> drafts, boolean plainSpeech, boolean textDropped) {
            this.attempt = attempt;
            this.turn = turn;
            this.round = round;
            this.at = at;
            this.channel = channel;
            this.server = server;
            this.via = via;
            this.text = text;
            this.drafts = drafts;
            this.plainSpeech = plainSpeech;
            this.textDropped = textDropped;
        }

        void settle(PublishOutcome o, Map<String, DraftLine> draftLines) {
            outcome = o.outcome();
            outcomeWhy = o.why();
            settledAt = o.at();
            if ("delivered".equals(outcome) && o.agent() != null) {
                for (String id : drafts) {
                    DraftLine d = draftLines.get(o.agent() + "\u0000" + id);
                    if (d != null) d.delivered = true;
                }
            }
        }

        Publication freeze() {
            return new Publication(attempt, turn, round, at, channel, server, via, text, drafts, plainSpeech, outcome,
                    outcomeWhy, settledAt);
        }
    }

    /** A draft and what has become of it. */
    static final class DraftLine {
        final String draft;
        final String agent;
        final Long turn;
        final Instant held;
        final String cause;
        final String text;
        final boolean risk;
        boolean inWindow;
        boolean delivered;
        final List<Long> attempts = new ArrayList<>();
        Instant dismissed;
        Instant letGo;

        DraftLine(String draft, String agent, Long turn, Instant held, String cause, String text, boolean risk) {
            this.draft = draft;
            this.agent = agent;
            this.turn = turn;
            this.held = held;
            this.cause = cause;
            this.text = text;
            this.risk = risk;
        }

        String state() {
            if (letGo != null) return "let go";
            if (delivered) return "delivered";
            if (dismissed != null) return "dismissed";
            if (!attempts.isEmpty()) return "resent";
            return "held";
        }

        DraftEntry freeze() {
            return new DraftEntry(draft, turn, held, cause, text, risk, state(), List.copyOf(attempts), dismissed, letGo);
        }
    }

    /** A leak, tied to its publication so its outcome is the settled one. */
    static final class FindingLine {
        final long turn;
        final String agent;
        final Instant at;
        final Integer round;
        final Integer segment;
        final String kind;
        final String channel;
        final String text;
        final PublicationLine publication;
        final String summary;
        final List<Evidence> evidence;

        FindingLine(long turn, String agent, Instant at, Integer round, Integer segment, String kind, String channel,
                String text, PublicationLine publication, String summary, List<Evidence> evidence) {
            this.turn = turn;
            this.agent = agent;
            this.at = at;
            this.round = round;
            this.segment = segment;
            this.kind = kind;
            this.channel = channel;
            this.text = text;
            this.publication = publication;
            this.summary = summary;
            this.evidence = evidence;
        }
    }

    static String label(Map<String, String> labels, String channel) {
        String label = labels.get(channel);
        if (label == null) return "#" + channel;
        return label.startsWith("#") ? label : "#" + label;
    }
}
