package dev.routing.engine.context;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.EngineState;
import dev.routing.projections.Evolve;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code decide} puts its decisions. Each one is folded into the state as it is emitted, so a
 * later rule answering the same fact sees an earlier one (a draft just held, an attempt id just
 * used); replay folds the same decisions in the same order, so live and replayed states agree.
 */
public final class Emitter {
    private final EngineState state;
    private final List<Decision> decisions = new ArrayList<>();
    private final Trace trace;
    private int readBudget;

    /** {@code readBudget}: what the drafts reads answering the fact may show in all, in characters. */
    public Emitter(EngineState state, int readBudget) {
        this(state, readBudget, null);
    }

    /** An emitter that records why each decision was made in {@code trace}; null records nothing. */
    public Emitter(EngineState state, int readBudget, Trace trace) {
        this.state = state;
        this.readBudget = readBudget;
        this.trace = trace;
    }

    /** Emits the decision, folded at once; the rule says why on what this returns (kept only while tracing). */
    public Because emit(Decision decision) {
        Decision built = decision;
        // D7: every notice gets the next notice id as it is emitted, so ids follow journal order
        if (decision instanceof NoticeIssued n && n.notice() == null) decision = n.numbered(state.lastNotice + 1);
        decisions.add(decision);
        Evolve.evolve(state, decision);
        return trace == null ? Because.NONE : trace.emitted(built);
    }

    /** Why a decision built now and emitted later (a round's notices, a call's answer) is made. */
    public Because because(Decision built) {
        return trace == null ? Because.NONE : trace.pending(built);
    }

    public List<Decision> decisions() {
        return decisions;
    }

    /** What the drafts reads answering this fact may still show, in characters: they share one budget. */
    public int readBudget() {
        return readBudget;
    }

    public void spendReadBudget(int chars) {
        readBudget = Math.max(0, readBudget - chars);
    }
}
