package dev.routing.journal.event;

import java.util.List;

/** Absent list fields read as empty lists, so that no reader has to test for null. */
final class Lists {
    private Lists() {}

    /** The list, immutable; an absent one as empty. A null element is refused naming it ({@code field[i]}). */
    static <T> List<T> orEmpty(String field, List<T> list) {
        if (list == null) return List.of();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) throw new BadValue(field + "[" + i + "]", "a list element is null");
        }
        return List.copyOf(list);
    }
}
