package dev.routing.cli.options;

/**
 * What a command cannot take from its command line (an option's value, a file it names, a run it
 * would repeat): exit 2, the message naming the option and what is wrong. A line of facts that cannot
 * be taken is the sidecar's {@code BadLineException}, which exits 2 as well.
 */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
