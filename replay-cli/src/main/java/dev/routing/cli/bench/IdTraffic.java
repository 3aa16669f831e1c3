package dev.routing.cli.bench;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * A week of busy public agents, for weighing what the engine remembers of every message: each
 * agent takes its messages in batches of {@link #BATCH}, woken by the newest and reading them all
 * in one turn. Most are room messages under Discord-like 19-digit ids; about one in 200 is an
 * operator's from a private surface, one in 100 a channel turn's work result. What a channel turn
 * publishes is delivered.
 */
final class IdTraffic {
    static final int BATCH = 20;
    private static final long SNOWFLAKE_BASE = 1_300_000_000_000_000_000L;

    private final SplittableRandom random;
    private final int agents;
    private final long messages;
    private final Duration span;
    private Instant now = Instant.parse("2026-11-02T00:00:00Z");
    private long ids;
    private final long[] lastTurn;
    /** A sample of the ids stored, for checking answers before and after a restart. */
    final List<String> sampled = new ArrayList<>();
    final List<String> sampledAgent = new ArrayList<>();

    IdTraffic(long seed, int agents, long messages, Duration span) {
        this.random = new SplittableRandom(seed);
        this.agents = agents;
        this.messages = messages;
        this.span = span;
        this.lastTurn = new long[agents];
    }

    /** Feeds the whole week; returns the facts fed. */
    long run(Function<Fact, List<Decision>> engine, LongConsumer progress) {
        long facts = 0;
        for (int c = 0; c < 2 * agents; c++) facts += feed(engine, new ChannelRegistered(now, "room-" + c, "discord", "#room-" + c, false));
        for (int a = 0; a < agents; a++) {
            facts += feed(engine, new AgentConfigured(now, agent(a), Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        }
        long batches = Math.max(1, messages / BATCH);
        long step = span.toNanos() / (batches * (BATCH + 4));
        long stored = 0;
        for (long b = 0; b < batches; b++) {
            int a = (int) (b % agents);
            String agent = agent(a);
            List<String> batch = new ArrayList<>(BATCH);
            String room = "room-" + (2 * a + random.nextInt(2));
            for (int k = 0; k < BATCH; k++) {
                now = now.plusNanos(step);
                int kind = random.nextInt(200);
                String id;
                MessageReceived m;
                if (kind == 0) {
                    id = String.format(Locale.ROOT, "op-%012x", random.nextLong() & 0xFFFF_FFFF_FFFFL);
                    m = new MessageReceived(now, id, agent, "external-message", null, null, false, null, "a question", "host", null, false);
                } else if (kind <= 2 && lastTurn[a] > 0) {
                    id = "work-" + (++ids);
                    m = new MessageReceived(now, id, agent, "work-result", null, null, false, null, "done", "host", lastTurn[a], false);
                } else {
                    id = Long.toString(SNOWFLAKE_BASE + ((++ids) << 12) + random.nextInt(4096));
                    m = new MessageReceived(now, id, agent, "channel-message", room, "discord", random.nextInt(10) == 0, null,
                            "chatter", "host", null, false);
                }
                facts += feed(engine, m);
                batch.add(id);
                if (random.nextInt(1_000) == 0) {
                    sampled.add(id);
                    sampledAgent.add(agent);
                }
            }
            stored += BATCH;
            now = now.plusNanos(step);
            String wake = "w-" + (++ids);
            facts += feed(engine, new WakeQueued(now, wake, agent, "message", List.of(batch.get(BATCH - 1)), room, null, null, null, false));
            now = now.plusNanos(step);
            List<Decision> opened = engine.apply(new TurnStarted(now, agent, List.of(wake), batch, null, false));
            facts++;
            long turn = -1;
            for (Decision d : opened) {
                if (d instanceof TurnOpened o) turn = o.turn();
            }
            if (turn > 0) {
                lastTurn[a] = turn;
                now = now.plusNanos(step);
                List<Decision> spoken = engine.apply(new RoundSpoken(now, turn, 1, "ok", List.of(), false));
                facts++;
                // The connector delivers what a channel turn publishes, as it would on a good day.
                for (Decision d : spoken) {
                    if (d instanceof PublishRequested p) {
                        facts += feed(engine, new PublishSettled(now, p.attempt(), true, "posted-" + p.attempt(), null, null, null));
                    }
                }
                now = now.plusNanos(step);
                facts += feed(engine, new TurnEnded(now, turn));
            }
            progress.accept(stored);
        }
        return facts;
    }

    static String agent(int a) {
        return "agent-" + a;
    }

    private static int feed(Function<Fact, List<Decision>> engine, Fact fact) {
        engine.apply(fact);
        return 1;
    }
}
