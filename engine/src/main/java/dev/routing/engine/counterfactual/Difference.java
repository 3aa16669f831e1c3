package dev.routing.engine.counterfactual;

import java.time.Instant;

/**
 * One decision that differs between the recorded journal and its re-decision, in plain words.
 *
 * <p>{@code change} classifies it: {@code withheld} (a publication the other rules do not make:
 * kept private, held, or a call refused), {@code published} (the reverse), {@code moved} (published
 * elsewhere), {@code made-private} and {@code made-public} (a turn), {@code refused} and
 * {@code allowed} (a tool call), {@code changed} (same decision, other content), {@code only-recorded}
 * and {@code only-redecided} (no counterpart). {@code recorded} and {@code redecided} are the
 * decisions as JSON, null on the side that has none. {@code plainSpeech}: the recorded decision
 * publishes plain speech (a segment with no envelope, or a {@code channel_publish} that named no
 * channel), the kind of publication an audit's finding is about.
 */
public record Difference(
        long index,
        Instant at,
        Long turn,
        String agent,
        Integer round,
        String type,
        String change,
        boolean plainSpeech,
        String words,
        String recorded,
        String redecided) {

    public boolean withheld() {
        return "withheld".equals(change);
    }

    /** A publication of plain speech the other rules do not make: what an audit calls a leak, prevented. */
    public boolean withheldPlainSpeech() {
        return withheld() && plainSpeech;
    }
}
