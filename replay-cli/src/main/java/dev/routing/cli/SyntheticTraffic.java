package dev.routing.cli;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A plain, deterministic stream of host facts for {@code bench}: agents in every mode answering
 * channel and operator messages, with tool boundaries, sends and settled attempts. It reads the
 * engine's answers (turn and attempt ids) the way a host would.
 */
final class SyntheticTraffic {
    private static final String[] AGENTS = {"ada", "bo", "cy", "di"};
    private static final Mode[] MODES = {Mode.LOCUS, Mode.HYBRID, Mode.EXPLICIT, Mode.NAMED};
    private static final String[] CHANNELS = {"work", "ops", "noisy"};

    private final Random random;
    private Instant now = Instant.parse("2026-11-02T08:00:00Z");
    private long messages;
    private long wakes;
    private final Deque<Long> attemptsOut = new ArrayDeque<>();

    SyntheticTraffic(long seed) {
        this.random = new Random(seed);
    }

    /** Feeds the setup, then turns, until {@code engine} says to stop; returns the facts fed. */
    long run(Function<Fact, List<Decision>> engine, java.util.function.BooleanSupplier more) {
        long facts = 0;
        for (String c : CHANNELS) {
            engine.apply(new ChannelRegistered(tick(1), c, "discord", "#" + c, false));
            facts++;
        }
        for (int i = 0; i < AGENTS.length; i++) {
            engine.apply(new AgentConfigured(tick(1), AGENTS[i], MODES[i],
                    i % 2 == 0 ? LocusPolicy.DELIVERY : LocusPolicy.LATEST_INBOUND, null, false, null));
            facts++;
        }
        while (more.getAsBoolean()) facts += turn(engine);
        return facts;
    }

    private long turn(Function<Fact, List<Decision>> engine) {
        List<Fact> script = new ArrayList<>();
        String agent = AGENTS[random.nextInt(AGENTS.length)];
        boolean operator = random.nextInt(5) == 0;
        String channel = operator ? null : CHANNELS[random.nextInt(CHANNELS.length)];
        String message = "m" + (++messages);
        String wake = "w" + (++wakes);
        long facts = 0;
        facts += feed(engine, new MessageReceived(tick(30 + random.nextInt(600)), message, agent,
                operator ? "external-message" : "channel-message", channel, operator ? null : "discord",
                !operator, null, "status of the build?", "host", null, true));
        facts += feed(engine, new WakeQueued(tick(1), wake, agent, "message", List.of(message), channel, null, null, null, null));
        List<Decision> opened = engine.apply(new TurnStarted(tick(1), agent, List.of(wake), List.of(message), null, false));
        facts++;
        long turn = opened.stream().filter(d -> d instanceof TurnOpened).map(d -> ((TurnOpened) d).turn()).findFirst().orElse(-1L);
        settle(engine, opened);
        if (turn < 0) return facts;
        int rounds = 1 + random.nextInt(3);
        for (int r = 1; r <= rounds; r++) {
            List<Call> calls = random.nextInt(4) == 0 ? List.of(Call.of("shell")) : List.of();
            String text = random.nextInt(6) == 0 ? ">>#work All green on round " + r + "." : "Round " + r + ": all green.";
            List<Decision> ds = engine.apply(new RoundSpoken(tick(3), turn, r, text, calls, false));
            facts++;
            facts += settle(engine, ds);
            if (r < rounds) facts += feed(engine, new ToolBoundary(tick(2), turn, List.of(), false));
        }
        facts += feed(engine, new TurnEnded(tick(1), turn));
        return facts;
    }

    private long settle(Function<Fact, List<Decision>> engine, List<Decision> decisions) {
        for (Decision d : decisions) {
            if (d instanceof PublishRequested p) attemptsOut.add(p.attempt());
        }
        long facts = 0;
        while (!attemptsOut.isEmpty()) {
            long attempt = attemptsOut.poll();
            int kind = random.nextInt(20);
            PublishSettled settled = kind == 0 ? new PublishSettled(tick(1), attempt, null, null, "no-response", "timeout", null)
                    : kind == 1 ? new PublishSettled(tick(1), attempt, false, null, null, null, null)
                    : new PublishSettled(tick(1), attempt, true, "x" + attempt, null, null, null);
            facts += feed(engine, settled);
        }
        return facts;
    }

    private long feed(Function<Fact, List<Decision>> engine, Fact fact) {
        for (Decision d : engine.apply(fact)) {
            if (d instanceof PublishRequested p) attemptsOut.add(p.attempt());
        }
        return 1;
    }

    private Instant tick(int seconds) {
        now = now.plusSeconds(seconds);
        return now;
    }
}
