package dev.routing.cli;

/** picocli's convention, which scripts rely on. */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILURE = 1;
    static final int BAD_INPUT = 2;

    private ExitCodes() {}
}
