package dev.routing.lab.world;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.WakeQueued;
import dev.routing.lab.host.Host;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The simulated host and its clock: a queue of things due at instants, run in order, each feeding
 * the engine facts stamped with the simulated time. It owns the engine (a {@link DrivenEngine}), restarts it
 * as a process restart would, and has it write a state checkpoint each night, as a host that
 * checkpoints nightly would.
 */
final class World {
    private record Due(long at, long order, Runnable action) {
    }

    private final Simulation sim;
    private final DrivenEngine engine;
    /** The host stops feeding once it has fed this many facts (a stream's length), else at the week's end. */
    private final long maxFacts;
    /** Whether residents wake every three hours: a week's nights are heartbeats; a stream is the day's traffic. */
    private final boolean heartbeats;
    private final Calendar calendar;
    private final Cast cast;
    private final Host host = new Host();
    /** What a notice asking to wake a resident does: its resident follows it up. */
    private final Consumer<NoticeIssued> woken = this::wokenBy;
    private final Connector connector;
    private final Random random;
    private final List<Actor> actors = new ArrayList<>();
    private final PriorityQueue<Due> queue = new PriorityQueue<>((a, b) ->
            a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));
    private final ArrayDeque<Episodes.Kind> tour = new ArrayDeque<>();
    private final Map<String, ArrayDeque<String>> recentMessages = new HashMap<>();
    private final Map<String, Integer> factTypes = new TreeMap<>();
    private final Map<String, Integer> wakeCauses = new TreeMap<>();
    private final List<Long> incidentTurns = new ArrayList<>();
    private final LongConsumer progress;
    private long now;
    private long order;
    private long ids;
    private long facts;
    private long turns;
    private long episodes;
    private int restarts;
    private double pace = 1;
    private Instant first;

    World(Simulation sim, DrivenEngine engine, long maxFacts, boolean heartbeats, LongConsumer progress) {
        this.sim = sim;
        this.engine = engine;
        this.maxFacts = maxFacts;
        this.heartbeats = heartbeats;
        this.progress = progress;
        this.calendar = new Calendar(sim.start(), sim.days());
        this.cast = Cast.of(sim.agents(), sim.channels());
        this.connector = new Connector(sim.seed());
        this.random = new Random(sim.seed());
        this.now = sim.start().toEpochMilli();
        for (int i = 0; i < cast.residents().size(); i++) {
            actors.add(new Actor(this, i, cast.residents().get(i), cast.roomsOf(i), sim.seed() * 7_919 + i));
        }
        List<Episodes.Kind> kinds = new ArrayList<>(List.of(Episodes.Kind.values()));
        java.util.Collections.shuffle(kinds, random);
        tour.addAll(kinds);
    }

    Summary run() {
        try {
            setUp();
            for (int d = 0; d < sim.days(); d++) {
                int day = d;
                schedule(calendar.dayStart(d), () -> planDay(day));
            }
            planRoutine();
            if (sim.incident()) Incident.weave(this, calendar, sim.days());
            drain();
            // Top up to the size asked for, late on the last day.
            while (engine.entries() < sim.events() && facts < maxFacts) {
                long end = calendar.dayStart(sim.days() - 1) + Calendar.DAY - 1;
                long from = Math.max(now, end - Calendar.HOUR);
                int n = (int) Math.max(4, (sim.events() - engine.entries()) / averageEntries());
                for (int i = 0; i < n; i++) {
                    Actor a = pickActor();
                    a.plan(from + (long) (random.nextDouble() * Math.max(1, end - from)), null, null);
                }
                drain();
            }
        } finally {
            engine.close();
        }
        return new Summary(engine.entries(), facts, turns, restarts, first, Instant.ofEpochMilli(now),
                List.copyOf(incidentTurns), factTypes, wakeCauses);
    }

    private void drain() {
        while (!queue.isEmpty() && facts < maxFacts) {
            Due due = queue.poll();
            now = Math.max(now, due.at);
            due.action.run();
        }
    }

    private void setUp() {
        for (Cast.Channel c : cast.channels()) feed(new ChannelRegistered(at(), c.id(), c.server(), c.label(), false));
        feed(new ChannelRegistered(at(), Cast.SHARED, "discord", "#shared", false));
        feed(new ChannelRegistered(at(), Cast.SHARED, "slack", "#shared", false));
        feed(new ChannelRegistered(at(), Cast.INBOUND_ONLY, "discord", "#announcements", true));
        for (Actor a : actors) configure(a, a.who.mode());
    }

    private void configure(Actor a, Mode mode) {
        feed(new AgentConfigured(at(), a.name(), mode, a.who.policy(), null, false, a.who.home()));
    }

    /**
     * What happens whatever the traffic: a checkpoint each night at 03:00, deploys (restarts) early
     * on Tuesday and Friday, a crash mid-afternoon on Wednesday, and on Wednesday morning a resident
     * switched to another mode until Friday.
     */
    private void planRoutine() {
        for (int d = 1; d < sim.days(); d++) schedule(calendar.dayStart(d) + 3 * Calendar.HOUR, this::checkpoint);
        for (int d = 0; d < sim.days(); d++) {
            long day = calendar.dayStart(d);
            switch (Instant.ofEpochMilli(day).atOffset(java.time.ZoneOffset.UTC).getDayOfWeek()) {
                case TUESDAY, FRIDAY -> schedule(day + 4 * Calendar.HOUR + 10 * 60_000, this::restart);
                case WEDNESDAY -> {
                    schedule(day + 14 * Calendar.HOUR + 37 * 60_000, this::restart);
                    if (actors.size() > 2) {
                        Actor switching = actors.get(2);
                        Mode other = switching.who.mode() == Mode.HYBRID ? Mode.LOCUS : Mode.HYBRID;
                        schedule(day + 7 * Calendar.HOUR, () -> configure(switching, other));
                        long friday = day + 2 * Calendar.DAY + 7 * Calendar.HOUR;
                        if (friday < calendar.dayStart(sim.days() - 1) + Calendar.DAY) {
                            schedule(friday, () -> configure(switching, switching.who.mode()));
                        }
                    }
                }
                default -> { }
            }
        }
    }

    /** Plans a day: heartbeats every three hours for each resident, and the day's share of traffic. */
    private void planDay(int day) {
        long start = calendar.dayStart(day);
        for (Actor a : heartbeats ? actors : List.<Actor>of()) {
            for (int h = 1; h < 24; h += 3) {
                a.plan(start + h * Calendar.HOUR + random.nextInt(20 * 60_000), "heartbeat", Wakes::heartbeat);
            }
        }
        double target = sim.events() * calendar.cumulative(day);
        double heartbeats = actors.size() * 8 * 5.0;
        int n = (int) Math.max(calendar.quiet(day) ? 2 : 6, (target - engine.entries() - heartbeats) / averageEntries());
        double perActor = (double) n / actors.size();
        pace = Math.max(0.05, Math.min(1.0, 11 * 3_600 / (perActor * 60.0)));
        for (long t : calendar.times(random, day, n)) pickActor().plan(t, null, null);
    }

    private double averageEntries() {
        return episodes < 50 ? 14 : Math.max(4, (double) engine.entries() / episodes);
    }

    private Actor pickActor() {
        double total = 0;
        for (Actor a : actors) total += a.who.busy() ? 3 : 1;
        double x = random.nextDouble() * total;
        for (Actor a : actors) {
            x -= a.who.busy() ? 3 : 1;
            if (x < 0) return a;
        }
        return actors.get(actors.size() - 1);
    }

    private void checkpoint() {
        engine.checkpoint();
    }

    /** A process restart: the engine is closed and opened again from what it kept. */
    private void restart() {
        List<Decision> opening = engine.restart(at());
        restarts++;
        count("engine.started");
        count("process.restarted");
        facts += 2;
        host.reported(new ProcessRestarted(at()));
        answered(opening);
        for (Actor a : actors) a.abandon();
    }

    // --- what episodes use

    List<Decision> feed(Fact fact) {
        if (first == null) {
            first = fact.at();
            count("engine.started");
            facts++;
        }
        host.reported(fact);
        List<Decision> answer = engine.accept(fact);
        facts++;
        count(fact.type());
        if (fact instanceof WakeQueued w) wakeCauses.merge(w.cause(), 1, Integer::sum);
        if (fact instanceof MessageReceived m) {
            ArrayDeque<String> recent = recentMessages.computeIfAbsent(m.agent(), a -> new ArrayDeque<>());
            recent.add(m.id());
            if (recent.size() > 8) recent.poll();
        }
        answered(answer);
        if ((facts & 0xFFF) == 0) progress.accept(engine.entries());
        return answer;
    }

    private void answered(List<Decision> answer) {
        for (Decision d : answer) {
            if (d instanceof TurnOpened) turns++;
        }
        for (PublishRequested p : host.answered(answer, woken)) connector.answer(this, p);
    }

    private void count(String type) {
        factTypes.merge(type, 1, Integer::sum);
    }

    /** A bounce or a continuation asked the host to wake the resident. */
    private void wokenBy(NoticeIssued notice) {
        for (Actor a : actors) {
            if (!a.name().equals(notice.agent())) continue;
            if ("bounce".equals(notice.kind())) a.followUp("bounce", Wakes.bounceWake(notice.turn()));
            else if ("continuation".equals(notice.kind())) a.followUp("continuation", Wakes.continuation(notice.turn()));
        }
    }

    MessageReceived message(String agent, String kind, String channel, boolean addressed, List<String> tags, String text,
            String writer, Long fromTurn, boolean wakes) {
        Cast.Channel c = channel == null ? null : cast.channels().stream().filter(x -> x.id().equals(channel)).findFirst().orElse(null);
        return new MessageReceived(at(), id("m"), agent, kind, channel, c == null ? null : c.server(), addressed, tags, text,
                writer, fromTurn, wakes);
    }

    Episodes.Kind tour(Actor actor) {
        return tour.poll();
    }

    void begun(Episode e) {
        episodes++;
    }

    void incidentTurn(Long turn) {
        if (turn != null) incidentTurns.add(turn);
    }

    List<String> recentMessages(String agent) {
        return List.copyOf(recentMessages.getOrDefault(agent, new ArrayDeque<>()));
    }

    void schedule(long at, Runnable action) {
        queue.add(new Due(Math.max(at, now), order++, action));
    }

    String id(String prefix) {
        return prefix + (++ids);
    }

    long now() {
        return now;
    }

    Instant at() {
        return Instant.ofEpochMilli(now);
    }

    double pace() {
        return pace;
    }

    Host host() {
        return host;
    }

    List<Actor> actors() {
        return actors;
    }
}
