package dev.routing.engine.sealed;

import java.nio.file.Path;

/** An id day file that is not read, and why: its ids are rebuilt from the journal instead. */
public final class IdDayFileException extends RuntimeException {
    private final String why;

    public IdDayFileException(Path path, String why) {
        super(path + ": " + why);
        this.why = why;
    }

    /** Why, without the path. */
    public String why() {
        return why;
    }
}
