package dev.routing.journal.event;

/** What the engine decided in answer to a fact. Journaled before it is returned to the host. */
public sealed interface Decision extends Entry permits TurnOpened, TurnContinued, TurnMadePrivate, TurnLocusMoved,
        SpeechRouted, ToolDecided, PublishRequested, PublishOutcome, DraftHeld, DraftDismissed,
        DraftLetGo, NoticeIssued, RetentionCheckpoint {
}
