package dev.routing.journal.event;

import java.util.ArrayList;
import java.util.List;

/**
 * Entries in journal order, regrouped into each fact and the decisions that answer it: the engine
 * journals a fact with its decisions after it, so a fact's answer is complete only when the next
 * fact (or a checkpoint, or the end) comes. The one reading of that order, shared by the fold,
 * verify, the counterfactual and the audit.
 */
public final class Answers {
    public interface Sink {
        /**
         * A fact and the decisions that answered it, in journal order. {@code fact} is null for
         * decisions that follow no fact, which only a hand-built stream holds. The list is valid
         * only during the call.
         */
        void answered(Fact fact, long factIndex, List<Decision> decisions);

        /** An entry that is neither fact nor decision (a checkpoint), once the fact before it is answered. */
        default void other(Entry entry, long index) {
        }
    }

    private final Sink sink;
    private final List<Decision> decisions = new ArrayList<>();
    private Fact fact;
    private long factIndex = -1;

    public Answers(Sink sink) {
        this.sink = sink;
    }

    public void accept(Entry entry, long index) {
        if (entry instanceof Decision d) {
            decisions.add(d);
            return;
        }
        flush();
        if (entry instanceof Fact f) {
            fact = f;
            factIndex = index;
        } else {
            sink.other(entry, index);
        }
    }

    /** Answers the fact read last with the decisions read since: at the end, or where a reading stops. */
    public void flush() {
        if (fact == null && decisions.isEmpty()) return;
        Fact f = fact;
        fact = null;
        sink.answered(f, factIndex, decisions);
        decisions.clear();
    }
}
