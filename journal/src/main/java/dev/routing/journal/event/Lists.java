package dev.routing.journal.event;

import java.util.List;

/** Absent list fields read as empty lists, so that no reader has to test for null. */
final class Lists {
    private Lists() {}

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
