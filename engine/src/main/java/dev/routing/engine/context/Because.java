package dev.routing.engine.context;

import dev.routing.journal.event.Decision;
import java.util.List;

/**
 * Why the engine made a decision, said by the rule that made it as it emits it: the rule's RULES id
 * and the entries the judgement rests on (the fact being decided always among them). It is recorded
 * only when a decide runs traced ({@link Trace}: explain, the audit); an untraced decide hands out
 * {@link #NONE}, which keeps nothing, so the rules' own path costs nothing more than a call that
 * returns at once. Every method returns this, so a rule says it in one chain:
 * {@code ctx.emit(d).rule("P7").message(agent, id)}.
 */
public interface Because {
    /** Keeps nothing: what every untraced decide hands out. */
    Because NONE = new Because() {
        @Override
        public Because rule(String id) {
            return this;
        }

        @Override
        public Because on(Ground.Kind kind, String agent, String key, long number) {
            return this;
        }

        @Override
        public Because decision(Decision earlier) {
            return this;
        }

        @Override
        public boolean keeps() {
            return false;
        }

        @Override
        public Because messages(String agent, List<String> ids) {
            return this;
        }

        @Override
        public Because drafts(String agent, List<String> ids) {
            return this;
        }
    };

    /** Whether anything said here is kept: a rule walks a collection to say more only when it is. */
    default boolean keeps() {
        return true;
    }

    /** The RULES id of the rule that made the decision (docs/rules-index.md): {@code P7}, {@code M6}. */
    Because rule(String id);

    /** The decision rests on this entry (see {@link Ground.Kind}). */
    Because on(Ground.Kind kind, String agent, String key, long number);

    /** The decision rests on an earlier decision answering the same fact. */
    Because decision(Decision earlier);

    /** A message the agent received: its {@code message.received}. */
    default Because message(String agent, String id) {
        return on(Ground.Kind.MESSAGE, agent, id, 0);
    }

    default Because messages(String agent, List<String> ids) {
        Because b = this;
        for (int i = 0; i < ids.size(); i++) b = b.on(Ground.Kind.MESSAGE, agent, ids.get(i), 0);
        return b;
    }

    /** A wake queued for the agent: its {@code wake.queued}. */
    default Because wake(String agent, String id) {
        return on(Ground.Kind.WAKE, agent, id, 0);
    }

    /** A turn: the decision that opened it. */
    default Because turn(long id) {
        return on(Ground.Kind.TURN, null, null, id);
    }

    /** A turn's privacy: the decision that made it private (it opened private, or became so). */
    default Because privateTurn(long id) {
        return on(Ground.Kind.PRIVATE_TURN, null, null, id);
    }

    /** A publish attempt: its {@code publish.requested}. */
    default Because attempt(long id) {
        return on(Ground.Kind.ATTEMPT, null, null, id);
    }

    /** A draft of the agent's: the {@code draft.held} that held it. */
    default Because draft(String agent, String id) {
        return on(Ground.Kind.DRAFT, agent, id, 0);
    }

    default Because drafts(String agent, List<String> ids) {
        Because b = this;
        for (int i = 0; i < ids.size(); i++) b = b.on(Ground.Kind.DRAFT, agent, ids.get(i), 0);
        return b;
    }

    /** The agent's settings in force: its newest {@code agent.configured}. */
    default Because configured(String agent) {
        return on(Ground.Kind.CONFIGURED, agent, null, 0);
    }

    /** The agent's open focus: its newest {@code focus.opened}. */
    default Because focus(String agent) {
        return on(Ground.Kind.FOCUS, agent, null, 0);
    }

    /** A channel's registrations: its {@code channel.registered} entries. */
    default Because channel(String channel) {
        return on(Ground.Kind.CHANNEL, null, channel, 0);
    }

    /** Where a turn's speech goes now: the turn's newest {@code turn.locusMoved}, else the decision that opened it. */
    default Because locus(long turn) {
        return on(Ground.Kind.LOCUS, null, null, turn);
    }

    /** M6: the newest call of the turn that counted as a send: its {@code tool.decided}. */
    default Because send(long turn) {
        return on(Ground.Kind.SEND, null, null, turn);
    }

    /** The agent's newest {@code history.changed}. */
    default Because history(String agent) {
        return on(Ground.Kind.HISTORY, agent, null, 0);
    }

    /** The newest channel message the agent received (latest-inbound's fallback). */
    default Because inbound(String agent) {
        return on(Ground.Kind.INBOUND, agent, null, 0);
    }
}
