package dev.routing.projections.packed;

import com.fasterxml.jackson.databind.SerializerProvider;

/**
 * Whether the state is being written as a state checkpoint stores it, where a record may take a
 * form of its own (packed, or naming files beside the journal), or in the canonical form that
 * {@code state}, {@code verify} and the audit compare, which never changes with it.
 */
public final class CheckpointForm {
    /** The writer's attribute that asks for the checkpoint's form. */
    public static final String ATTRIBUTE = "state-checkpoint-form";

    private CheckpointForm() {}

    public static boolean asked(SerializerProvider provider) {
        return Boolean.TRUE.equals(provider.getAttribute(ATTRIBUTE));
    }
}
