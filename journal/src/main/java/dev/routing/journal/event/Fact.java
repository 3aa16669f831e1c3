package dev.routing.journal.event;

/** What the host reported. Facts are appended before the engine decides anything about them. */
public sealed interface Fact extends Entry permits AgentConfigured, ChannelRegistered, FocusOpened,
        FocusClosed, MessageReceived, WakeQueued, TurnStarted, ToolBoundary, RoundSpoken, TurnEnded,
        ScriptCalled, PublishSettled, HistoryChanged, ProcessRestarted, EngineStarted {
}
