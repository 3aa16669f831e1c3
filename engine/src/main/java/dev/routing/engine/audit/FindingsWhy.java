package dev.routing.engine.audit;

import dev.routing.engine.explain.Explainer;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.NotExplained;
import dev.routing.journal.store.Journal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Why each finding's publication was made, as explain says it: the audit's "why this is a finding"
 * is today's reading of the turn's private input (its evidence) and, beside it, the chain the engine's
 * own rules give for the publish attempt, re-decided from the journal. The first {@link #EXPLAINED}
 * findings get their chain in the report; each other one names the explain command that gives it.
 */
public final class FindingsWhy {
    /** How many findings a report explains in place: each may re-decide a span of the journal. */
    public static final int EXPLAINED = 12;

    // each keyed by the group of the finding's publish request, which no other finding shares (an attempt id may be used again)
    private final Map<Long, Explanation> byGroup = new HashMap<>();
    private final Map<Long, String> failures = new HashMap<>();
    /** Chains carried with a fold (docs/decisions/0005), for the text report: not re-decided. */
    private final Map<Long, AuditSummary.Chain> chains = new HashMap<>();
    private final String journal;

    private FindingsWhy(String journal) {
        this.journal = journal;
    }

    /** None: a report with no journal at hand (the reports' own tests). */
    public static FindingsWhy none() {
        return new FindingsWhy(null);
    }

    public static FindingsWhy of(Journal j, AuditReport report) {
        return of(j, report.findings(), Map.of(), Map.of());
    }

    /**
     * Why the first of {@code findings} (in a report's order) were published; those whose publish
     * request's group {@code chains} or {@code failures} hold (a carried audit's, docs/decisions/0005)
     * are taken from there, not re-decided: a chain depends only on the journal up to that group.
     */
    public static FindingsWhy of(Journal j, List<AuditReport.Finding> findings, Map<Long, AuditSummary.Chain> chains,
            Map<Long, String> failures) {
        FindingsWhy why = new FindingsWhy(j.dir().toString());
        List<AuditReport.Finding> explained = new ArrayList<>();
        long furthest = -1;
        for (AuditReport.Finding f : explained(findings)) {
            long group = requestedAt(f);
            if (chains.containsKey(group)) {
                why.chains.put(group, chains.get(group));
            } else if (failures.containsKey(group)) {
                why.failures.put(group, failures.get(group));
            } else {
                explained.add(f);
                furthest = Math.max(furthest, requestedAt(f));
            }
        }
        if (explained.isEmpty()) return why;
        // each span the findings fall in is re-decided once, as far as the last of them in it
        Explainer explainer = Explainer.upTo(j, furthest + 1);
        for (AuditReport.Finding f : explained) {
            long group = requestedAt(f);
            if (group < 0) continue;
            try {
                why.byGroup.put(group, explainer.attempt(group, f.attempt()));
            } catch (NotExplained e) {
                why.failures.put(group, e.getMessage());
            }
        }
        return why;
    }

    /** The findings a report explains in place: the first {@link #EXPLAINED}, up to the first with no attempt. */
    static List<AuditReport.Finding> explained(List<AuditReport.Finding> findings) {
        List<AuditReport.Finding> first = new ArrayList<>();
        for (AuditReport.Finding f : findings) {
            if (first.size() == EXPLAINED || f.attempt() == null) break;
            first.add(f);
        }
        return first;
    }

    /** The chain the text report gives for the finding's publication, or null. */
    public AuditSummary.Chain chain(AuditReport.Finding f) {
        if (f.attempt() == null) return null;
        Explanation x = byGroup.get(requestedAt(f));
        return x != null ? AuditSummary.Chain.of(x) : chains.get(requestedAt(f));
    }

    /** The group holding the finding's publish.requested, from its evidence (-1 when it names none). */
    static long requestedAt(AuditReport.Finding f) {
        for (Evidence e : f.evidence()) if (e.type().equals("publish.requested")) return e.index();
        return -1;
    }

    public Explanation of(AuditReport.Finding f) {
        return f.attempt() == null ? null : byGroup.get(requestedAt(f));
    }

    /** Why the chain is missing (re-deciding refused), or null. */
    public String failure(AuditReport.Finding f) {
        return f.attempt() == null ? null : failures.get(requestedAt(f));
    }

    /** The command that explains the finding's publication, for a finding not explained in place. */
    public String command(AuditReport.Finding f) {
        long group = requestedAt(f);
        return journal == null || group < 0 ? null : command(journal, group);
    }

    /** Whether a finding not explained in place names the command that explains it: not in a report made with no journal at hand. */
    public boolean explains() {
        return journal != null;
    }

    /** The command that explains the publication requested in the group at {@code group} of {@code journal}. */
    public static String command(String journal, long group) {
        return "explain --journal " + journal + " --index 0x" + Long.toHexString(group);
    }
}
