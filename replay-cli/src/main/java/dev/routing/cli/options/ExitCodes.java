package dev.routing.cli.options;

/** picocli's convention, which scripts rely on. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int BAD_INPUT = 2;

    private ExitCodes() {}
}
