package dev.routing.lab.world;

import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.lab.host.Host;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One stretch of a resident's life, as a host would report it: a message arrives, a wake is queued,
 * a turn starts, rounds are spoken around tool boundaries, the turn ends. Built up front as steps,
 * each run after a pause; what the engine answers (the turn id) is read as the steps run. A step
 * that needs the turn finds it gone after a restart and ends the episode there, as a host would.
 */
final class Episode {
    /** One step and the pause before it, in milliseconds of simulated time. */
    record Step(long pause, Consumer<Episode> action) {
    }

    final World world;
    final Actor actor;
    final Random rnd;
    final ArrayDeque<Step> steps = new ArrayDeque<>();
    /** The message and wake ids this episode made, by the names its builder gave them. */
    final Map<String, String> ids = new HashMap<>();
    Long turn;
    int round;
    boolean over;
    private long pending;

    Episode(World world, Actor actor) {
        this.world = world;
        this.actor = actor;
        this.rnd = actor.rnd;
    }

    String agent() {
        return actor.name();
    }

    /** Waits about {@code seconds} (scaled by the day's pace, with jitter) before the next step. */
    Episode think(double seconds) {
        pending += (long) (seconds * 1000 * world.pace() * (0.6 + 0.8 * rnd.nextDouble()));
        return this;
    }

    /** Waits exactly this long before the next step, whatever the pace. */
    Episode pause(long millis) {
        pending += millis;
        return this;
    }

    Episode step(Consumer<Episode> action) {
        steps.add(new Step(Math.max(1, pending), action));
        pending = 0;
        return this;
    }

    Episode fact(Function<Episode, Fact> fact) {
        return step(e -> e.world.feed(fact.apply(e)));
    }

    Episode message(String key, Function<Episode, MessageReceived> message) {
        return step(e -> {
            MessageReceived m = message.apply(e);
            e.ids.put(key, m.id());
            e.world.feed(m);
        });
    }

    /** A message into a room: addressed to the resident or not, waking it or not. */
    Episode roomMessage(String key, String channel, boolean addressed, String text, List<String> tags, boolean wakes) {
        return message(key, e -> e.world.message(e.agent(), "channel-message", channel, addressed, tags,
                (addressed ? "@" + e.agent() + " " : "") + text, "host", null, wakes));
    }

    /** An operator's message from a private surface: the web UI, a terminal or the API, naming no channel. */
    Episode operatorMessage(String key, String kind, String text, boolean wakes) {
        return message(key, e -> e.world.message(e.agent(), kind, null, false, null, text, "host", null, wakes));
    }

    Episode wake(String key, String cause, List<String> messages, String channel) {
        return wake(key, cause, messages, channel, null, null, null, false);
    }

    Episode wake(String key, String cause, List<String> messages, String channel, Supplier<Long> armedBy, String retake,
            Supplier<Long> waitedOn, boolean privateSurface) {
        return step(e -> {
            List<String> ms = messages.stream().map(k -> e.ids.getOrDefault(k, k)).toList();
            String id = e.world.id("w");
            e.ids.put(key, id);
            e.world.feed(new WakeQueued(e.world.at(), id, e.agent(), cause, ms, channel,
                    armedBy == null ? null : armedBy.get(), retake, waitedOn == null ? null : waitedOn.get(), privateSurface));
        });
    }

    /** A start: it takes every wake the resident has queued and reads every message it has not read. */
    Episode start(boolean continues, boolean silent) {
        return step(e -> {
            Host host = e.world.host();
            Long continued = continues ? e.turn : null;
            if (continues && (continued == null || !host.isOpen(e.agent(), continued))) {
                e.over = true;
                return;
            }
            List<Decision> answer = e.world.feed(new TurnStarted(e.world.at(), e.agent(), host.takeWakes(e.agent()),
                    host.takeUnread(e.agent()), continued, silent));
            for (Decision d : answer) {
                if (d instanceof TurnOpened o) {
                    e.turn = o.turn();
                    e.round = 0;
                } else if (d instanceof TurnContinued c) {
                    e.turn = c.turn();
                }
            }
        });
    }

    Episode start() {
        return start(false, false);
    }

    Episode round(String text, List<Call> calls) {
        return round(e -> text, e -> calls, false);
    }

    Episode round(Function<Episode, String> text, Function<Episode, List<Call>> calls, boolean privateThink) {
        return step(e -> {
            if (!e.live()) return;
            e.world.feed(new RoundSpoken(e.world.at(), e.turn, ++e.round, text.apply(e), calls.apply(e), privateThink));
        });
    }

    /** A tool boundary that injects the named messages (each only if still unread) and may end the turn. */
    Episode boundary(List<String> injected, boolean endsTurn) {
        return step(e -> {
            if (!e.live()) return;
            List<String> ids = new ArrayList<>();
            for (String key : injected) {
                String id = e.ids.get(key);
                if (id != null && e.world.host().inject(e.agent(), id)) ids.add(id);
            }
            e.world.feed(new ToolBoundary(e.world.at(), e.turn, ids, endsTurn));
            if (endsTurn) e.endTurn();
        });
    }

    Episode end() {
        return step(Episode::endTurn);
    }

    /** Plans more of this resident's life for later (a self-wake, a script's report), as its own episode. */
    Episode later(double minutes, String name, Consumer<Episode> builder) {
        return step(e -> e.actor.plan(e.world.now() + (long) (minutes * 60_000), name, builder));
    }

    private void endTurn() {
        if (live()) world.feed(new TurnEnded(world.at(), turn));
        turn = null;
    }

    /** Whether this episode's turn is still open; if not (a restart ended it), the episode is over. */
    boolean live() {
        if (turn != null && world.host().isOpen(agent(), turn)) return true;
        over = true;
        return false;
    }
}
