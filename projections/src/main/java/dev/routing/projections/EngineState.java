package dev.routing.projections;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.routing.projections.drafts.DraftBook;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.publish.AttemptBook;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.roster.Roster;
import dev.routing.projections.turns.TurnBook;

/**
 * Everything the engine knows, as a fold over the journal. Each part belongs to one concept's
 * package; {@link Evolve} is the only code that changes it. Every set is sorted and the codec writes
 * every map sorted by key (a map no reader walks may hash), so the canonical JSON of two equal
 * states is byte-identical however each was reached.
 */
public final class EngineState {
    /** The next turn id to give: 1 in a new journal, one more each time, for ever (J4). */
    public long nextTurn = 1;
    /** The next publish attempt id (J4). */
    public long nextAttempt = 1;
    /**
     * The newest notice id given (0 before the first): the next notice is this plus one, for ever
     * (D7). Left out of a checkpoint while 0, as in every journal from before notice ids.
     */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public long lastNotice;
    /** Entries folded so far (facts and decisions). */
    public long entries;
    /** The rule set deciding now, as the newest engine.started said ({@code current} or {@code 0.30.0}). */
    public String rules = "current";
    /** The newest fact's time, in epoch millis: the engine's only clock. */
    public long clockMillis;

    public final Roster roster = new Roster();
    public final TurnBook turns = new TurnBook();
    public final PrivacyRecord privacy = new PrivacyRecord();
    public final AttemptBook attempts = new AttemptBook();
    public final DraftBook drafts = new DraftBook();
    public final Retention retention = new Retention();
}
