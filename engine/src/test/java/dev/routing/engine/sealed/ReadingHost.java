package dev.routing.engine.sealed;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.Verify;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.retention.Retention;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A host that lets message ids go by hand, a channel message read in a turn of its own, with ids it
 * may use again (so a later day lets an id go again), on a clock it moves itself; and the check that
 * the engine's record, live and restored, answers as the heap fold from the journal's first entry.
 */
final class ReadingHost implements AutoCloseable {
    static final String[] AGENTS = {"a0", "a1"};
    static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    private final Path dir;
    private final int checkpointEvery;
    Engine engine;
    Instant now = T0;
    private int wakes;
    private int restarts;

    ReadingHost(Path dir, int checkpointEvery) {
        this.dir = dir;
        this.checkpointEvery = checkpointEvery;
        open();
        feed(new ChannelRegistered(tick(), "c0", "discord", "#c0", false));
    }

    private void open() {
        engine = Engine.open(dir, restarts % 2 == 0 ? RuleSet.CURRENT : RuleSet.V0_30_0, now, checkpointEvery);
    }

    Instant tick() {
        now = now.plusSeconds(1);
        return now;
    }

    List<Decision> feed(Fact fact) {
        return engine.accept(fact);
    }

    /** The agent's public channel message {@code id} is stored and read in a turn: its id is let go today. */
    Long read(String agent, String id) {
        feed(new MessageReceived(tick(), id, agent, "channel-message", "c0", "discord", true, null, "words " + id, "host", null, true));
        String wake = "w" + (++wakes);
        feed(new WakeQueued(tick(), wake, agent, "message", List.of(id), "c0", null, null, null, false));
        Long turn = null;
        for (Decision d : feed(new TurnStarted(tick(), agent, List.of(wake), List.of(id), null, false))) {
            if (d instanceof TurnOpened o) turn = o.turn();
        }
        if (turn != null) feed(new TurnEnded(tick(), turn));
        return turn;
    }

    /** The clock a minute before midnight: a read (four facts) still falls on this day, the next minute's on the next. */
    void toEndOfDay() {
        now = Instant.ofEpochSecond((Math.floorDiv(now.getEpochSecond(), 86_400) + 1) * 86_400 - 60);
    }

    /** The clock just past the next midnight: the next fact is the first of the next day. */
    void pastMidnight() {
        now = Instant.ofEpochSecond((Math.floorDiv(now.getEpochSecond(), 86_400) + 1) * 86_400);
    }

    void days(long n) {
        now = now.plusSeconds(86_400 * n);
    }

    /** Closes the engine and opens it again (under the other rules each time), at the host's clock: a {@code process.restarted}. */
    void restart() {
        engine.close();
        restarts++;
        open();
    }

    long today() {
        return Retention.day(engine.state().clockMillis);
    }

    /** Null when the live record, and a restore from the newest checkpoint, answer as the heap fold from the first entry. */
    String differs(List<String> ids) {
        try (Journal j = Journal.openReader(dir)) {
            EngineState full = Replay.full(j).state();
            String live = differs("live", full, engine.state(), ids);
            if (live != null) return live;
            return differs("restored", full, Replay.restore(j).state(), ids);
        }
    }

    String verify() {
        try (Journal j = Journal.openReader(dir)) {
            Verify.Report report = Verify.run(j, n -> { });
            return report.ok() ? null : "verify: " + report.divergence();
        }
    }

    static String differs(String what, EngineState reference, EngineState record, List<String> ids) {
        long last = Retention.day(reference.clockMillis);
        long[] days = new long[Retention.KEEP_IDS_DAYS + 3];
        for (int i = 0; i < days.length; i++) days[i] = last - 1 + i;
        return differs(what, reference, record, days, AGENTS, ids);
    }

    /**
     * Null when {@code record} answers every lookup of {@code ids} by {@code agents} on {@code days} as
     * {@code reference} (the heap fold from the first entry) does, and writes the same state; else
     * the first difference, named.
     */
    static String differs(String what, EngineState reference, EngineState record, long[] days, String[] agents, List<String> ids) {
        for (long today : days) {
            for (String agent : agents) {
                for (String id : ids) {
                    long expected = reference.privacy.forgottenLookup(agent, id, today);
                    long got = record.privacy.forgottenLookup(agent, id, today);
                    if (expected != got) return what + ": " + agent + "'s " + id + " on day " + today + " answers " + got + ", the heap fold " + expected;
                }
            }
        }
        if (!Arrays.equals(StateCodec.toBytes(reference), StateCodec.toBytes(record))) {
            return what + ": the state differs from the heap fold's at "
                    + Verify.firstDifference(StateCodec.toTree(record), StateCodec.toTree(reference), "");
        }
        return null;
    }

    @Override
    public void close() {
        engine.close();
    }
}
