package dev.routing.lab.traffic;

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
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.lab.host.Host;
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
 * in one turn (what the {@link Host} has queued and not read). Most are room messages under
 * Discord-like 19-digit ids; about one in 200 is an operator's from a private surface, one in 100 a
 * work result for the agent's last turn. What a channel turn publishes is delivered.
 */
public final class IdTraffic {
    public static final int BATCH = 20;
    private static final long SNOWFLAKE_BASE = 1_300_000_000_000_000_000L;

    private final SplittableRandom random;
    private final int agents;
    private final long messages;
    private final Duration span;
    private Instant now = Instant.parse("2026-11-02T00:00:00Z");
    private long ids;
    private long facts;
    private final Host host = new Host();
    /** A sample of the ids stored, for checking answers before and after a restart. */
    private final List<String> sampled = new ArrayList<>();
    private final List<String> sampledAgent = new ArrayList<>();

    public IdTraffic(long seed, int agents, long messages, Duration span) {
        this.random = new SplittableRandom(seed);
        this.agents = agents;
        this.messages = messages;
        this.span = span;
    }

    /** A sample of the message ids fed (about one in 1,000), in order. */
    public List<String> sampled() {
        return sampled;
    }

    /** The agent each {@link #sampled} id was fed to. */
    public List<String> sampledAgent() {
        return sampledAgent;
    }

    /** Feeds the whole week; returns the facts fed. */
    public long run(Function<Fact, List<Decision>> engine, LongConsumer progress) {
        for (int c = 0; c < 2 * agents; c++) feed(engine, new ChannelRegistered(now, "room-" + c, "discord", "#room-" + c, false));
        for (int a = 0; a < agents; a++) {
            feed(engine, new AgentConfigured(now, agent(a), Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        }
        long batches = Math.max(1, messages / BATCH);
        long step = span.toNanos() / (batches * (BATCH + 4));
        long stored = 0;
        for (long b = 0; b < batches; b++) {
            int a = (int) (b % agents);
            String agent = agent(a);
            String newest = null;
            String room = "room-" + (2 * a + random.nextInt(2));
            for (int k = 0; k < BATCH; k++) {
                now = now.plusNanos(step);
                int kind = random.nextInt(200);
                Long lastTurn = host.lastTurn(agent);
                MessageReceived m;
                if (kind == 0) {
                    String id = String.format(Locale.ROOT, "op-%012x", random.nextLong() & 0xFFFF_FFFF_FFFFL);
                    m = new MessageReceived(now, id, agent, "external-message", null, null, false, null, "a question", "host", null, false);
                } else if (kind <= 2 && lastTurn != null) {
                    m = new MessageReceived(now, "work-" + (++ids), agent, "work-result", null, null, false, null, "done", "host", lastTurn,
                            false);
                } else {
                    String id = Long.toString(SNOWFLAKE_BASE + ((++ids) << 12) + random.nextInt(4096));
                    m = new MessageReceived(now, id, agent, "channel-message", room, "discord", random.nextInt(10) == 0, null,
                            "chatter", "host", null, false);
                }
                feed(engine, m);
                newest = m.id();
                if (random.nextInt(1_000) == 0) {
                    sampled.add(m.id());
                    sampledAgent.add(agent);
                }
            }
            stored += BATCH;
            now = now.plusNanos(step);
            feed(engine, new WakeQueued(now, "w-" + (++ids), agent, "message", List.of(newest), room, null, null, null, false));
            now = now.plusNanos(step);
            feed(engine, new TurnStarted(now, agent, host.takeWakes(agent), host.takeUnread(agent), null, false));
            Long turn = host.openTurn(agent);
            if (turn != null) {
                now = now.plusNanos(step);
                // The connector delivers what a channel turn publishes, as it would on a good day.
                for (PublishRequested p : feed(engine, new RoundSpoken(now, turn, 1, "ok", List.of(), false))) {
                    feed(engine, new PublishSettled(now, p.attempt(), true, "posted-" + p.attempt(), null, null, null));
                }
                now = now.plusNanos(step);
                feed(engine, new TurnEnded(now, turn));
            }
            progress.accept(stored);
        }
        return facts;
    }

    public static String agent(int a) {
        return "agent-" + a;
    }

    /** Reports the fact and reads the answer, as the host does; returns the attempts it asks the host to send. */
    private List<PublishRequested> feed(Function<Fact, List<Decision>> engine, Fact fact) {
        facts++;
        host.reported(fact);
        return host.answered(engine.apply(fact), nobody -> { });
    }
}
