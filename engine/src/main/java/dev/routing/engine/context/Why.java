package dev.routing.engine.context;

import java.util.List;

/** What a traced decide recorded for one decision: its rule's RULES id (null when none was said) and its grounds. */
public record Why(String rule, List<Ground> grounds) {
}
