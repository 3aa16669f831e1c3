package dev.routing.cli.options;

import dev.routing.engine.context.RuleSet;
import picocli.CommandLine.Option;

/** {@code --rules}, for the commands that decide facts (run, serve, simulate): the rule set deciding them. */
public final class RulesOption {
    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    /** The rule set named. */
    public RuleSet ruleSet() {
        return parse("--rules", rules);
    }

    /** A rule set named on the command line: {@code current} or {@code 0.30.0}. */
    public static RuleSet parse(String option, String value) {
        try {
            return RuleSet.parse(value);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + ": " + e.getMessage());
        }
    }
}
