package dev.routing.cli;

/** Input the CLI cannot take: exit 2, with the line and field in the message. */
final class BadInputException extends RuntimeException {
    BadInputException(String message) {
        super(message);
    }
}
