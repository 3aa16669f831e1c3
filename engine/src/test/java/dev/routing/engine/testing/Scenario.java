package dev.routing.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.*;
import java.util.List;

/**
 * A rule test's world: two registered channels ({@code work} on discord, {@code noisy} on discord),
 * an agent {@code qa}, and a {@link Host} on the pure core in memory. Assertions read decisions.
 */
public class Scenario {
    public final CoreSink sink;
    public final Host host;

    public Scenario(RuleSet rules) {
        this(rules, false);
    }

    /** {@code traced}: the core decides with a trace, and {@link CoreSink#why} reads what each rule said. */
    public Scenario(RuleSet rules, boolean traced) {
        sink = new CoreSink(rules, traced);
        host = new Host(sink::accept);
        host.channel("work", "discord").channel("noisy", "discord");
    }

    public Scenario() {
        this(RuleSet.CURRENT);
    }

    /** Agent {@code qa} in locus mode under delivery, with a focus on {@code work}: speech that failed open would publish there. */
    public static Scenario withFocusFallback() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        return s;
    }

    public Scenario agent(Mode mode, LocusPolicy policy) {
        host.agent("qa", mode, policy);
        return this;
    }

    public List<Decision> restart() {
        List<Decision> ds = sink.restart(host.tick());
        host.all().addAll(ds);
        return ds;
    }

    public List<SpeechRouted> speech(long turn) {
        return host.all(SpeechRouted.class).stream().filter(s -> s.turn() == turn).toList();
    }

    public List<SpeechRouted> published() {
        return host.all(SpeechRouted.class).stream().filter(s -> s.route().isPublish()).toList();
    }

    public List<NoticeIssued> notices(String kind) {
        return host.all(NoticeIssued.class).stream().filter(n -> n.kind().equals(kind)).toList();
    }

    public TurnOpened opened(long turn) {
        return host.all(TurnOpened.class).stream().filter(o -> o.turn() == turn).findFirst().orElseThrow();
    }

    public void assertKeptPrivate(long turn, String why) {
        List<SpeechRouted> routed = speech(turn);
        assertTrue(!routed.isEmpty(), "turn " + turn + " routed no speech");
        for (SpeechRouted s : routed) assertEquals(Route.keptPrivate(why), s.route(), "segment '" + s.text() + "'");
    }

    public void assertPublishedIn(long turn, String channel) {
        List<SpeechRouted> routed = speech(turn);
        assertTrue(!routed.isEmpty(), "turn " + turn + " routed no speech");
        for (SpeechRouted s : routed) {
            assertTrue(s.route().isPublish() && channel.equals(s.route().channel()),
                    "segment '" + s.text() + "' went " + s.route() + ", not to " + channel);
        }
    }

    public void assertNothingPublished() {
        assertEquals(List.of(), published(), "speech published");
        assertEquals(List.of(), host.all(PublishRequested.class), "attempts requested");
    }
}
