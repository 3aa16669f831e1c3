package dev.routing.sidecar.lines;

import dev.routing.engine.Engine;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.store.Journal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Every draft held in a journal, oldest first: what a line's {@code @N} refers to. Read from the
 * journal once, the first time a line refers to a draft, then kept as facts hold more. Not
 * thread-safe: it belongs to the thread that feeds the engine.
 */
public final class HeldDrafts implements Supplier<List<String>> {
    private final Supplier<Journal> journal;
    /** Null until a line refers to a draft. */
    private List<String> ids;

    /** The drafts of {@code journal}, the journal as it stands when a line first refers to one. */
    public HeldDrafts(Supplier<Journal> journal) {
        this.journal = journal;
    }

    @Override
    public List<String> get() {
        if (ids == null) {
            List<String> read = new ArrayList<>();
            journal.get().read(-1, r -> {
                if (r.entry() instanceof DraftHeld held) read.add(held.draft());
            });
            ids = read;
        }
        return ids;
    }

    /** Keeps the drafts a fact newly held; a fact answered again from the journal held none. */
    public void track(Engine.Accepted accepted) {
        if (ids == null || accepted.again()) return;
        for (Decision d : accepted.decisions()) {
            if (d instanceof DraftHeld held) ids.add(held.draft());
        }
    }
}
