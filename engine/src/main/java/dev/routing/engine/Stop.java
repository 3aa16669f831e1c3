package dev.routing.engine;

import dev.routing.journal.event.Fact;
import dev.routing.journal.store.faults.JournalFullException;
import dev.routing.journal.store.faults.JournalUnwritableException;

/**
 * Why the engine stopped for good, and what each stop tells the caller: a {@code decide} that threw,
 * a journal that could not take a group (its disk full, or a fault in its mapped file), a state that
 * a refused fact moved and the journal could not rebuild. Every later
 * call fails naming the first stop; opening the journal again goes on from what it holds.
 */
final class Stop {
    private String why;

    /** Why the engine stopped, or null while it runs. */
    String why() {
        return why;
    }

    /** Refuses a fact once the engine has stopped. */
    void refuseIfStopped() {
        if (why != null) throw new EngineStoppedException(why + "; open the journal again to go on from what it holds", null);
    }

    EngineStoppedException decideThrew(Fact fact, Throwable e) {
        why = "the engine stopped for good: deciding the " + fact.type() + " at " + fact.at() + " threw " + e;
        return new EngineStoppedException(why + "; nothing of it was journaled, and opening the journal again"
                + " restores the state from what it holds", e);
    }

    EngineStoppedException unwritable(Fact last, JournalUnwritableException e) {
        why = "the engine stopped: the journal could not take the " + last.type() + " at " + last.at()
                + (e instanceof JournalFullException ? " (its disk filled)" : " (" + e.getMessage() + ")");
        return new EngineStoppedException(e.getMessage() + ". " + (e.inDoubt() ? "The " + last.type() + " at " + last.at()
                + " may be on disk torn; nothing after it" : "Nothing of the " + last.type() + " at " + last.at()
                + " or after it") + " was journaled, and every fact before it was. The engine stopped; once " + e.remedy()
                + ", opening the journal again continues it", e);
    }

    /** A fault in the mapped file that surfaced past the journal's own guard (SIGBUS: the disk filled under the write). */
    EngineStoppedException faulted(Fact last, InternalError e) {
        why = "the engine stopped: the journal's file faulted at the " + last.type() + " at " + last.at();
        return new EngineStoppedException("the journal's disk is full (a memory-mapped write faulted: " + e.getMessage()
                + "). The " + last.type() + " at " + last.at() + " may be on disk torn; nothing after it was journaled,"
                + " and every fact before it was. The engine stopped; once space is freed, opening the journal again"
                + " cuts what is torn and continues it", e);
    }

    /** A fact was refused after deciding moved the state, and rebuilding the state from the journal failed. */
    EngineStoppedException rebuildFailed(Throwable e) {
        why = "the engine stopped for good: a refused fact moved its state, which could not be rebuilt from the journal ("
                + e.getMessage() + ")";
        return new EngineStoppedException(why + "; nothing of the refused fact was journaled", e);
    }

    /** Any other failure of the write: the caller rethrows it as it is. */
    void writeFailed(Fact last, RuntimeException e) {
        why = "the engine stopped: the journal could not take the " + last.type() + " at " + last.at() + " (" + e.getMessage() + ")";
    }
}
