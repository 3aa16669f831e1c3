package dev.routing.journal.event;

/** What the host reported. Facts are appended before the engine decides anything about them. */
public sealed interface Fact extends Entry permits AgentConfigured, ChannelRegistered, FocusOpened,
        FocusClosed, MessageReceived, WakeQueued, TurnStarted, ToolBoundary, RoundSpoken, TurnEnded,
        ScriptCalled, PublishSettled, HistoryChanged, ProcessRestarted, EngineStarted {
    /**
     * The largest fact, in bytes encoded: a round's text and calls, a message. A larger one is refused
     * before it is decided. The rules size what one fact's decisions may carry by it, so it lives with
     * the facts, where they may read it, rather than in the store that enforces it.
     */
    int MAX_BYTES = 1 << 20;
}
