package dev.routing.engine.context;

import dev.routing.journal.event.Decision;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The {@link Because} of every decision one traced decide emits, in emission order. A rule that
 * builds a decision before emitting it (a round's notices, a call's answer) says why as it builds it
 * ({@link Emitter#because}); the trace keeps that by the object, and joins it to the decision when it
 * is emitted.
 */
public final class Trace {
    private final List<Recorder> emitted = new ArrayList<>();
    private final IdentityHashMap<Decision, Recorder> pending = new IdentityHashMap<>();

    /** The reason of each decision emitted so far, in order. */
    public List<Why> whys() {
        List<Why> whys = new ArrayList<>(emitted.size());
        for (Recorder r : emitted) whys.add(new Why(r.rule, List.copyOf(r.grounds)));
        return whys;
    }

    Because pending(Decision decision) {
        return pending.computeIfAbsent(decision, d -> new Recorder());
    }

    /** {@code built} is the decision as the rule built it (the emitter may number it before it is kept). */
    Because emitted(Decision built) {
        Recorder r = pending.remove(built);
        if (r == null) r = new Recorder();
        emitted.add(r);
        return r;
    }

    private static final class Recorder implements Because {
        private String rule;
        private final List<Ground> grounds = new ArrayList<>(4);

        @Override
        public Because rule(String id) {
            if (rule == null) rule = id;
            return this;
        }

        @Override
        public Because on(Ground.Kind kind, String agent, String key, long number) {
            Ground g = new Ground(kind, agent, key, number, null);
            if (!grounds.contains(g)) grounds.add(g);
            return this;
        }

        @Override
        public Because decision(Decision earlier) {
            if (earlier != null) grounds.add(new Ground(Ground.Kind.DECISION, null, null, 0, earlier));
            return this;
        }
    }
}
