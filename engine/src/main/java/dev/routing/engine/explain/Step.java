package dev.routing.engine.explain;

import dev.routing.journal.event.Entry;

/**
 * One entry of an explanation: where it is, what it is ({@code type}, {@code words}), and for a
 * decision the RULES id of the rule that made it (null for a fact, or where re-deciding could not
 * say). {@code role}: {@link #DECISION} the entry asked about, {@link #ANSWERS} the fact it answers,
 * {@link #GROUND} an entry the judgement rests on, {@link #LED_TO} a decision a fact led to.
 */
public record Step(Location at, String type, String rule, String words, String role, Entry entry) {
    public static final String DECISION = "decision";
    public static final String FACT = "fact";
    public static final String ANSWERS = "answers";
    public static final String GROUND = "ground";
    public static final String LED_TO = "led-to";
    public static final String IN_TURN = "in-turn";
    public static final String ASKED = "asked";

    public boolean isFact() {
        return entry instanceof dev.routing.journal.event.Fact;
    }
}
