package dev.routing.engine.privacy;

import java.time.Instant;

/**
 * Classes in a rule package of engine that break, or keep, LayeringTest's rules: one way each to
 * reach past the state and the fact. LayeringRulesCanFailTest reads them.
 */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** A rule that writes the state itself instead of emitting a decision for Evolve to fold. */
    public static final class WritesTheState {
        void bump(dev.routing.projections.EngineState state) {
            state.nextTurn = state.nextTurn + 1;
        }
    }

    public static final class ReadsJournalStore {
        dev.routing.journal.store.Journal journal;
    }

    public static final class ReadsJavaIo {
        java.io.File file;
    }

    public static final class ReadsNioFile {
        java.nio.file.Path path;
    }

    public static final class ReadsClock {
        java.time.Clock clock;
    }

    public static final class ReadsInstantSource {
        java.time.InstantSource source;
    }

    public static final class ReadsCurrentTimeMillis {
        long now() {
            return System.currentTimeMillis();
        }
    }

    public static final class ReadsNanoTime {
        long now() {
            return System.nanoTime();
        }
    }

    public static final class ReadsInstantNow {
        Instant now() {
            return Instant.now();
        }
    }

    public static final class DrawsARandomNumber {
        double draw() {
            return Math.random();
        }
    }

    public static final class DrawsARandomId {
        String id() {
            return java.util.UUID.randomUUID().toString();
        }
    }

    /** Time from a fact, and a journal event: what a rule may read. */
    public static final class Clean {
        Instant at(dev.routing.journal.event.Fact fact) {
            return fact.at().plusSeconds(60);
        }

        long nextTurn(dev.routing.projections.EngineState state) {
            return state.nextTurn;
        }
    }
}
