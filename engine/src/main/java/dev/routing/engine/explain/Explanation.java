package dev.routing.engine.explain;

import java.util.List;

/**
 * What explain found for one entry. {@code target} is the entry asked about: a decision, with the
 * rule that made it and its {@code chain} (the facts and decisions it rests on, oldest first, each
 * decision with its own rule; the target last); or a fact, with the decisions it {@code ledTo}.
 * {@code asked} is how a question by message or turn led to the target, {@code turn} a turn's
 * decisions in order when a turn was asked about, {@code notes} what could not be found.
 */
public record Explanation(Step target, List<Step> asked, List<Step> chain, List<Step> ledTo, List<Step> turn,
        List<String> notes) {

    public boolean isFact() {
        return target.isFact();
    }
}
