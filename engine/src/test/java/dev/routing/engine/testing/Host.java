package dev.routing.engine.testing;

import dev.routing.journal.event.*;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A scripted host for tests: builds valid facts with a clock that moves a second per fact, feeds
 * them to an engine (a {@code Function<Fact, List<Decision>>}: a journaled {@code Engine} or an
 * in-memory {@code Core}), and keeps what the engine answered.
 */
public final class Host {
    private Function<Fact, List<Decision>> engine;
    private Instant now = Instant.parse("2026-11-02T09:00:00Z");
    private final List<Fact> facts = new ArrayList<>();
    private final List<Decision> all = new ArrayList<>();
    private List<Decision> last = List.of();
    private int ids;

    public Host(Function<Fact, List<Decision>> engine) {
        this.engine = engine;
    }

    /** Points the host at another engine (after a restart), keeping its clock and history. */
    public void reconnect(Function<Fact, List<Decision>> engine) {
        this.engine = engine;
    }

    public Instant tick() {
        now = now.plusSeconds(1);
        return now;
    }

    public Instant now() {
        return now;
    }

    public void advance(long seconds) {
        now = now.plusSeconds(seconds);
    }

    public List<Decision> feed(Fact fact) {
        facts.add(fact);
        last = engine.apply(fact);
        all.addAll(last);
        return last;
    }

    public List<Decision> last() {
        return last;
    }

    public List<Decision> all() {
        return all;
    }

    public List<Fact> facts() {
        return facts;
    }

    public <T extends Decision> List<T> all(Class<T> type) {
        return all.stream().filter(type::isInstance).map(type::cast).toList();
    }

    public <T extends Decision> List<T> last(Class<T> type) {
        return last.stream().filter(type::isInstance).map(type::cast).toList();
    }

    // --- configuration

    public Host channel(String channel, String server) {
        feed(new ChannelRegistered(tick(), channel, server, "#" + channel, false));
        return this;
    }

    public Host agent(String agent, Mode mode, LocusPolicy policy) {
        feed(new AgentConfigured(tick(), agent, mode, policy, null, false, null));
        return this;
    }

    public Host configure(AgentConfigured configured) {
        feed(configured);
        return this;
    }

    public Host focus(String agent, String channel) {
        feed(new FocusOpened(tick(), agent, channel, null));
        return this;
    }

    // --- input

    /** An operator's message from a private surface: names no channel (P1). */
    public String operator(String agent, String text) {
        return message(agent, "external-message", null, false, text, "host", null, true);
    }

    /** The same, stored without a wake of its own. */
    public String operatorQuietly(String agent, String text) {
        return message(agent, "external-message", null, false, text, "host", null, false);
    }

    public String room(String agent, String channel, String text, boolean addressed) {
        return message(agent, "channel-message", channel, addressed, text, "host", null, true);
    }

    public String message(String agent, String kind, String channel, boolean addressed, String text, String writer,
            Long fromTurn, boolean wakes) {
        String id = "m" + (++ids);
        feed(new MessageReceived(tick(), id, agent, kind, channel, channel == null ? null : "discord", addressed,
                null, text, writer, fromTurn, wakes));
        return id;
    }

    public String wake(String agent, String cause, String channel, String... messages) {
        return wake(new WakeSpec(agent, cause).channel(channel).messages(messages));
    }

    public String wake(WakeSpec spec) {
        String id = "w" + (++ids);
        feed(new WakeQueued(tick(), id, spec.agent, spec.cause, Arrays.asList(spec.messages), spec.channel,
                spec.armedBy, spec.retake, spec.waitedOn, spec.privateSurface));
        return id;
    }

    // --- turns

    /** A start that opens a turn; returns its id as the engine gave it (-1 when none). */
    public long start(String agent, List<String> wakes, List<String> reads) {
        feed(new TurnStarted(tick(), agent, wakes, reads, null, false));
        return last(TurnOpened.class).stream().mapToLong(TurnOpened::turn).findFirst().orElse(-1);
    }

    /** A message, its wake, and the start that reads it: the common case. */
    public long answer(String agent, String messageId, String channel) {
        String w = wake(agent, "message", channel, messageId);
        return start(agent, List.of(w), List.of(messageId));
    }

    public List<Decision> continueTurn(String agent, long turn, List<String> wakes, List<String> reads, boolean silent) {
        return feed(new TurnStarted(tick(), agent, wakes, reads, turn, silent));
    }

    public List<Decision> say(long turn, int round, String text, Call... calls) {
        return feed(new RoundSpoken(tick(), turn, round, text, List.of(calls), false));
    }

    public List<Decision> boundary(long turn, String... injected) {
        return feed(new ToolBoundary(tick(), turn, List.of(injected), false));
    }

    public List<Decision> end(long turn) {
        return feed(new TurnEnded(tick(), turn));
    }

    public List<Decision> settle(long attempt, Boolean delivered, String error) {
        return feed(new PublishSettled(tick(), attempt, delivered, delivered == Boolean.TRUE ? "x" + attempt : null,
                error, null, null));
    }

    public static Call call(String tool, String channel, String text) {
        return new Call(tool, channel, null, text, null, null, null, null, null);
    }

    public static Call drafts(String action, String channel, String... ids) {
        return new Call("drafts", channel, null, null, action, List.of(ids), null, null, null);
    }

    /** A wake's fields, for the causes that carry more than messages. */
    public static final class WakeSpec {
        final String agent;
        final String cause;
        String channel;
        String[] messages = new String[0];
        Long armedBy;
        String retake;
        Long waitedOn;
        Boolean privateSurface;

        public WakeSpec(String agent, String cause) {
            this.agent = agent;
            this.cause = cause;
        }

        public WakeSpec channel(String channel) {
            this.channel = channel;
            return this;
        }

        public WakeSpec messages(String... messages) {
            this.messages = messages;
            return this;
        }

        public WakeSpec armedBy(long turn) {
            this.armedBy = turn;
            return this;
        }

        public WakeSpec retake(String kind) {
            this.retake = kind;
            return this;
        }

        public WakeSpec waitedOn(long turn) {
            this.waitedOn = turn;
            return this;
        }

        public WakeSpec privateSurface() {
            this.privateSurface = true;
            return this;
        }
    }
}
