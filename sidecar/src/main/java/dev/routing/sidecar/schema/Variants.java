package dev.routing.sidecar.schema;

import dev.routing.journal.codec.WireShape;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The variants of a nested record whose {@code kind} says which fields it has, as a route's does
 * ({@code publish}: channel, server; {@code private}: why; {@code held}: draft, cause; {@code bounced}:
 * draft). The record declares them only as its static factories, one per kind, and the engine makes
 * every route through them; so each factory is called once, with a marker for each argument, and the
 * record it makes says its kind and which fields that kind carries. A kind added as a factory is
 * described the moment it is declared, and a schema can then tell a host which fields go with which kind.
 */
final class Variants {
    /**
     * One kind of the record.
     *
     * @param kind the value its {@code kind} field holds
     * @param fields the other fields a record of this kind may have, by wire name
     */
    record Variant(String kind, Set<String> fields) {
    }

    private static final String KIND = "kind";
    private static final String MARK = "\u0000argument ";

    private Variants() {}

    /**
     * The record's variants, sorted by kind (reflection lists methods in no fixed order, and the same
     * record must give the same schema on every build); empty when it has no kind or no factory.
     */
    static List<Variant> of(Class<?> record) {
        List<WireShape.Field> fields = WireShape.fields(record);
        int kind = indexOf(fields, KIND);
        if (kind < 0) return List.of();
        List<Variant> variants = new ArrayList<>();
        for (Method factory : factories(record)) {
            Object[] marks = new Object[factory.getParameterCount()];
            for (int i = 0; i < marks.length; i++) marks[i] = MARK + i;
            List<Object> values = WireShape.values(make(factory, marks));
            if (!(values.get(kind) instanceof String name) || name.startsWith(MARK)) {
                throw new IllegalStateException(record.getSimpleName() + "." + factory.getName() + " does not fix the kind");
            }
            Set<String> carried = new LinkedHashSet<>();
            for (int i = 0; i < fields.size(); i++) {
                if (values.get(i) instanceof String s && s.startsWith(MARK)) carried.add(fields.get(i).name());
            }
            variants.add(new Variant(name, carried));
        }
        variants.sort(Comparator.comparing(Variant::kind));
        return variants;
    }

    /** Its public static methods that make one from strings alone. */
    private static List<Method> factories(Class<?> record) {
        return Arrays.stream(record.getDeclaredMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers()))
                .filter(m -> m.getReturnType() == record && m.getParameterCount() > 0)
                .filter(m -> Arrays.stream(m.getParameterTypes()).allMatch(t -> t == String.class))
                .toList();
    }

    private static Object make(Method factory, Object[] args) {
        try {
            return factory.invoke(null, args);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot call " + factory + " to learn its kind", e);
        }
    }

    private static int indexOf(List<WireShape.Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) if (fields.get(i).name().equals(name)) return i;
        return -1;
    }
}
