package dev.routing.projections;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.TextCut;
import dev.routing.projections.packed.CheckpointForm;

/**
 * The canonical JSON of a state: fields in declaration order, maps sorted by key, so two states
 * compare byte for byte. The same form is what a checkpoint stores.
 */
public final class StateCodec {
    private static final ObjectMapper MAPPER = EntryCodec.mapper().copy()
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private StateCodec() {}

    public static JsonNode toTree(EngineState state) {
        return MAPPER.valueToTree(state);
    }

    public static byte[] toBytes(EngineState state) {
        try {
            return MAPPER.writeValueAsBytes(state);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the engine state: " + e.getMessage(), e);
        }
    }

    /**
     * The state as a state checkpoint stores it: as {@link #toBytes}, but a record's sealed days of
     * ids named, not held (docs/decisions/0011), so a restore attaches them from their files, and
     * each agent's kept messages and drafts packed (a sixth and under half of their JSON, parsed
     * without a bean each: {@link CheckpointForm}).
     */
    public static byte[] toCheckpointBytes(EngineState state) {
        try {
            return MAPPER.writer().withAttribute(CheckpointForm.ATTRIBUTE, Boolean.TRUE).writeValueAsBytes(state);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the engine state: " + e.getMessage(), e);
        }
    }

    public static String toJson(EngineState state) {
        return new String(toBytes(state), java.nio.charset.StandardCharsets.UTF_8);
    }

    public static String pretty(Object tree) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One part of a state as the checkpoint writes it. */
    static JsonNode toTreeOf(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** A state from its checkpoint form, this build's or an earlier one's ({@link EarlierForms}). */
    public static EngineState fromTree(JsonNode tree) {
        JsonNode upgraded;
        try {
            upgraded = EarlierForms.upgrade(tree);
        } catch (RuntimeException e) {
            // the earlier form holding what that build never wrote (a turn id that is no number)
            throw refused("an earlier build's form holds what that build never wrote: " + said(e), e);
        }
        try {
            return reindexed(MAPPER.treeToValue(upgraded, EngineState.class));
        } catch (JsonProcessingException e) {
            String where = e instanceof com.fasterxml.jackson.databind.JsonMappingException m ? " (at " + m.getPathReference() + ")" : "";
            throw refused(shortened(e.getOriginalMessage()) + where, e);
        }
    }

    /**
     * A state from its checkpoint's JSON, parsed once straight into the state: this build's form. A
     * form this build does not bind (an earlier build's, {@link EarlierForms}, which the strict mapper
     * refuses for its unknown fields), or JSON it cannot, goes the way of {@link #fromTree}, which
     * upgrades the one and names what is wrong with the other.
     */
    public static EngineState fromJson(byte[] json) {
        EngineState state;
        try {
            state = MAPPER.readValue(json, EngineState.class);
        } catch (java.io.IOException notThisForm) {
            try {
                return fromTree(MAPPER.readTree(json));
            } catch (java.io.IOException e) {
                throw refused(shortened(e.getMessage()), e);
            }
        }
        return reindexed(state);
    }

    /** The derived indexes a state's form leaves out, rebuilt. */
    private static EngineState reindexed(EngineState state) {
        String missing = missingPart(state);
        // bound, but no state that can stand: refused as the mapper refuses a form, so a restore rebuilds it
        if (missing != null) throw refused("its " + missing + " is null", null);
        try {
            state.attempts.reindex();
            state.privacy.reindex();
        } catch (RuntimeException e) {
            // bound, but no state that can stand (a part of it null): refused as the mapper refuses a form
            throw refused("its indexes cannot be rebuilt: " + said(e), e);
        }
        return state;
    }

    /** The first part of the state a checkpoint left null (the mapper sets a final field to null as it would any), or null. */
    private static String missingPart(EngineState s) {
        if (s.rules == null) return "rules";
        if (s.roster == null) return "roster";
        if (s.turns == null) return "turns";
        if (s.privacy == null) return "privacy";
        if (s.attempts == null) return "attempts";
        if (s.drafts == null) return "drafts";
        if (s.retention == null) return "retention";
        return null;
    }

    /**
     * The one refusal of a checkpoint's state: a restore that meets it rebuilds that state from the
     * journal instead (the engine's Replay), so it names what is wrong and nothing else is thrown.
     */
    private static IllegalStateException refused(String why, Throwable cause) {
        return new IllegalStateException("cannot restore the engine state from a checkpoint: " + why, cause);
    }

    private static String said(RuntimeException e) {
        return shortened(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
    }

    /** Jackson quotes the value it could not read, and a checkpoint's value can be megabytes: a person reads the start. */
    static String shortened(String message) {
        int most = 300;
        return message == null || message.length() <= most ? message
                : TextCut.atMost(message, most) + "... (" + (message.length() - TextCut.at(message, most)) + " more characters)";
    }
}
