package dev.routing.engine;

/** The engine stopped for good (decide threw, or the journal could not take a group): it decides nothing more. */
public final class EngineStoppedException extends RuntimeException {
    EngineStoppedException(String message, Throwable cause) {
        super(message, cause);
    }
}
