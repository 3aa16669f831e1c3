package dev.routing.journal.event;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component holding a host's own JSON, which the engine copies as it came (docs/protocol.md,
 * "Numbers"): the codec reads its numbers as {@link WrittenNumber}s, digit for digit, never as
 * doubles, and the record keeps them so ({@link VerbatimJson}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface Verbatim {
}
