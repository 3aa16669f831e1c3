package dev.routing.engine.audit;

import java.time.Instant;
import java.util.List;

/**
 * What an audit of a journal window found, per agent: its turns (private or not, and why), every
 * publication (channel, via, outcome), its drafts, refusals, and findings. A <em>finding</em> is a
 * leak: plain speech (a segment with no envelope, or a {@code channel_publish} that named no
 * channel) published by a turn that had taken in private input, with the facts that made it one.
 */
public record AuditReport(
        String journal,
        Window window,
        List<String> rules,
        Reading read,
        Totals totals,
        List<AgentReport> agents) {

    /** Every agent's findings, in the order they happened. */
    public List<Finding> findings() {
        return agents.stream().flatMap(a -> a.findings().stream())
                .sorted(java.util.Comparator.comparing(Finding::at).thenComparing(Finding::turn)).toList();
    }

    /** The instants asked for (null: the journal's start or end) and those of the first and last entry read. */
    public record Window(Instant from, Instant to, Instant first, Instant last) {
    }

    /**
     * How many journal entries the audit read: the checkpoint it restored from (-1 for none), the
     * tail between that checkpoint and the window, and the window itself, whose entries lie from
     * journal index {@code firstIndex} to {@code lastIndex} (both -1 for an empty window).
     */
    public record Reading(long checkpointIndex, long tail, long window, long entries, long firstIndex, long lastIndex) {
    }

    public record Totals(int agents, int turns, int privateTurns, int tookInPrivateInput, int publications,
            int delivered, int failed, int unknown, int awaiting, int draftsHeld, int draftsResent,
            int draftsDismissed, int draftsLetGo, int refusals, int findings) {
    }

    public record AgentReport(
            String agent,
            String mode,
            String locusPolicy,
            List<TurnEntry> turns,
            List<Publication> publications,
            List<DraftEntry> drafts,
            List<Refusal> refusals,
            List<Finding> findings,
            Totals totals) {

        public List<Publication> unknownOutcomes() {
            return publications.stream().filter(p -> "unknown".equals(p.outcome())).toList();
        }
    }

    /**
     * One turn. {@code isPrivate} and {@code why} are the engine's decision; {@code tookInPrivateInput}
     * and {@code evidence} are the audit's own reading of the facts, whatever the rules.
     */
    public record TurnEntry(
            long turn,
            Instant opened,
            Instant ended,
            String end,
            List<String> causes,
            String locus,
            String fallback,
            boolean isPrivate,
            String why,
            Instant privateFrom,
            String madePrivateAt,
            boolean tookInPrivateInput,
            Instant tookInAt,
            List<Evidence> evidence,
            int rounds,
            int segmentsPublished,
            int segmentsKeptPrivate,
            int segmentsHeld) {
    }

    /** One publish attempt, and the connector's answer as the engine read it ({@code outcome} null: none yet). */
    public record Publication(
            long attempt,
            Long turn,
            Integer round,
            Instant at,
            String channel,
            String server,
            String via,
            String text,
            List<String> drafts,
            boolean plainSpeech,
            String outcome,
            String outcomeWhy,
            Instant settledAt) {
    }

    /** One draft and what became of it: {@code held}, {@code resent}, {@code delivered}, {@code dismissed} or {@code let go}. */
    public record DraftEntry(
            String draft,
            Long turn,
            Instant held,
            String cause,
            String text,
            boolean risk,
            String state,
            List<Long> attempts,
            Instant dismissed,
            Instant letGo) {
    }

    /** A tool call the engine refused, and the words it gave the resident. */
    public record Refusal(Instant at, Long turn, Integer round, Integer call, String tool, String refusal) {
    }

    /** A leak: plain speech of a turn that had taken in private input, published to a channel nobody named. */
    public record Finding(
            long turn,
            String agent,
            Instant at,
            Integer round,
            Integer segment,
            String kind,
            String channel,
            String text,
            Long attempt,
            String outcome,
            String summary,
            List<Evidence> evidence) {
    }
}
