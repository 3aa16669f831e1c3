package dev.routing.journal.codec;

/**
 * Thrown by the streaming read when an entry is not in the exact form it reads (a field it does not
 * know, a value of another kind, a required field missing, a value its record refuses): the strict
 * codec then reads the entry and names what is wrong, so every error reads the same whichever path
 * met it. One instance, no stack trace: a journal written by this codec never meets it.
 */
final class NotSure extends RuntimeException {
    static final NotSure INSTANCE = new NotSure();

    private NotSure() {
        super(null, null, false, false);
    }
}
