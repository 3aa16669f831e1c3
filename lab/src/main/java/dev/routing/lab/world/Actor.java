package dev.routing.lab.world;

import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.Consumer;

/**
 * One resident as the host runs it: one episode at a time, in the order planned. Follow-ups the
 * engine asks for (a bounce's wake, a continuation) go before anything planned.
 */
final class Actor {
    /** An episode planned for a time: a named builder, or null for whatever ordinary traffic comes next. */
    record Plan(long at, long order, String name, Consumer<Episode> builder) {
    }

    final int index;
    final Cast.Resident who;
    final List<String> rooms;
    final Random rnd;
    /** The incident's focus must hold until it is answered: this resident opens no focus of its own. */
    boolean keepsFocus;
    private final World world;
    private final PriorityQueue<Plan> plans = new PriorityQueue<>((a, b) ->
            a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));
    private final ArrayDeque<Plan> followUps = new ArrayDeque<>();
    private long order;
    private Episode current;
    private boolean waiting;
    private long waitingUntil;
    /** Bumped when an earlier plan arrives while waiting, so the later wake-up is ignored. */
    private long wakeToken;
    /** Bumped when a restart abandons the current episode, so its scheduled step is ignored. */
    private long epoch;

    Actor(World world, int index, Cast.Resident who, List<String> rooms, long seed) {
        this.world = world;
        this.index = index;
        this.who = who;
        this.rooms = rooms;
        this.rnd = new Random(seed);
    }

    String name() {
        return who.name();
    }

    void plan(long at, String name, Consumer<Episode> builder) {
        plans.add(new Plan(at, order++, name, builder));
        if (waiting && current == null && at < waitingUntil) {
            wakeToken++;
            waiting = false;
        }
        poke();
    }

    void followUp(String name, Consumer<Episode> builder) {
        followUps.add(new Plan(world.now(), order++, name, builder));
        poke();
    }

    int planned() {
        return plans.size();
    }

    /** Starts the next episode when this resident is idle. */
    void poke() {
        if (current != null || waiting) return;
        long at;
        if (!followUps.isEmpty()) at = world.now() + 1_000 + rnd.nextInt(3_000);
        else if (!plans.isEmpty()) at = Math.max(world.now() + 1, plans.peek().at);
        else return;
        waiting = true;
        waitingUntil = at;
        long mine = epoch;
        long token = wakeToken;
        world.schedule(at, () -> {
            if (mine != epoch || token != wakeToken) return;
            waiting = false;
            begin();
        });
    }

    private void begin() {
        Plan plan = !followUps.isEmpty() ? followUps.poll() : plans.poll();
        if (plan == null) return;
        Episode e = new Episode(world, this);
        if (plan.builder != null) plan.builder.accept(e);
        else Episodes.ordinary(e);
        world.begun(e);
        current = e;
        next();
    }

    private void next() {
        Episode e = current;
        if (e.over || e.steps.isEmpty()) {
            current = null;
            poke();
            return;
        }
        Episode.Step step = e.steps.poll();
        long mine = epoch;
        world.schedule(world.now() + step.pause(), () -> {
            if (mine != epoch) return;
            step.action().accept(e);
            next();
        });
    }

    /** A restart ended every open turn: what this resident was doing is abandoned, as a host's run loop is. */
    void abandon() {
        epoch++;
        current = null;
        waiting = false;
        followUps.clear();
        poke();
    }
}
