package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * One journal entry: a {@link Fact} the host reported, a {@link Decision} the engine made, or a
 * {@link StateCheckpoint} the runtime wrote so that a restore need not replay all history.
 * Every entry is immutable; its JSON names are fixed by PROTOCOL.md.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(AgentConfigured.class),
    @JsonSubTypes.Type(ChannelRegistered.class),
    @JsonSubTypes.Type(FocusOpened.class),
    @JsonSubTypes.Type(FocusClosed.class),
    @JsonSubTypes.Type(MessageReceived.class),
    @JsonSubTypes.Type(WakeQueued.class),
    @JsonSubTypes.Type(TurnStarted.class),
    @JsonSubTypes.Type(ToolBoundary.class),
    @JsonSubTypes.Type(RoundSpoken.class),
    @JsonSubTypes.Type(TurnEnded.class),
    @JsonSubTypes.Type(ScriptCalled.class),
    @JsonSubTypes.Type(PublishSettled.class),
    @JsonSubTypes.Type(HistoryChanged.class),
    @JsonSubTypes.Type(ProcessRestarted.class),
    @JsonSubTypes.Type(EngineStarted.class),
    @JsonSubTypes.Type(TurnOpened.class),
    @JsonSubTypes.Type(TurnContinued.class),
    @JsonSubTypes.Type(TurnMadePrivate.class),
    @JsonSubTypes.Type(TurnLocusMoved.class),
    @JsonSubTypes.Type(SpeechRouted.class),
    @JsonSubTypes.Type(ToolDecided.class),
    @JsonSubTypes.Type(PublishRequested.class),
    @JsonSubTypes.Type(PublishOutcome.class),
    @JsonSubTypes.Type(DraftHeld.class),
    @JsonSubTypes.Type(DraftDismissed.class),
    @JsonSubTypes.Type(DraftLetGo.class),
    @JsonSubTypes.Type(NoticeIssued.class),
    @JsonSubTypes.Type(RetentionCheckpoint.class),
    @JsonSubTypes.Type(StateCheckpoint.class),
})
public sealed interface Entry permits Fact, Decision, StateCheckpoint {

    Instant at();

    /** The wire name, e.g. {@code message.received}. */
    @JsonIgnore
    default String type() {
        return EntryTypes.nameOf(getClass());
    }

    /**
     * Whether the journal must sync this entry to disk before the engine acts on it (RULES J3):
     * publish attempts, holds, outcomes and dismissals. A kill -9 loses nothing either way; a power
     * loss can lose an unsynced entry.
     */
    @JsonIgnore
    default boolean durable() {
        return false;
    }

    /** Reads a type name off its record class; cached, since encode and decode ask per entry. */
    final class EntryTypes {
        private static final ClassValue<String> NAMES = new ClassValue<>() {
            @Override
            protected String computeValue(Class<?> type) {
                JsonTypeName name = type.getAnnotation(JsonTypeName.class);
                if (name == null) throw new IllegalStateException(type + " has no @JsonTypeName");
                return name.value();
            }
        };

        private EntryTypes() {}

        static String nameOf(Class<?> type) {
            return NAMES.get(type);
        }
    }
}
