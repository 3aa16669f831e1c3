package dev.routing.engine.context;

/**
 * Which rules decide. {@link #CURRENT} is today's; {@link #V0_30_0} is the release before private
 * turns, kept so an auditor can re-decide a recorded week and see what the fix changes.
 */
public enum RuleSet {
    /** Today's rules: private turns (RULES P1-P17) and everything after them. */
    CURRENT("current"),
    /** The 0.30.0 rules: a private surface's turn takes the fallback; no turn is ever private. */
    V0_30_0("0.30.0");

    private final String label;

    RuleSet(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean privateTurns() {
        return this == CURRENT;
    }

    public static RuleSet parse(String label) {
        for (RuleSet r : values()) {
            if (r.label.equals(label)) return r;
        }
        throw new IllegalArgumentException("unknown rule set '" + label + "': use 'current' or '0.30.0'");
    }
}
