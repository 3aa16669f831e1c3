package dev.routing.cli;

/** Input the CLI cannot take: exit 2, with the line and field in the message. */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
