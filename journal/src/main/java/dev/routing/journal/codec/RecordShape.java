package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.routing.journal.event.Verbatim;
import java.lang.annotation.Annotation;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaConversionException;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How one record reads and writes, as JSON and in its stored form, derived once from its
 * components: their names, their values' kinds, which are required and which are written even
 * when null. Nothing here is written by hand per record, so a component a record gains is read and
 * written the moment it is declared.
 */
final class RecordShape {
    private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
        @Override
        protected RecordShape computeValue(Class<?> type) {
            return new RecordShape(type);
        }
    };

    final Class<?> type;
    /** The wire name written as {@code type} before the components; null for a nested record. */
    final String typeName;
    /** {@link #typeName}'s ASCII bytes, as the stored form writes them. */
    final byte[] typeNameBytes;
    /** Each component's name on the wire (its {@code @JsonProperty} name, else its own). */
    final String[] names;
    final ValueKind[] kinds;
    final boolean[] alwaysWritten;
    /** Bit i set when component i is required (at most 64 components, checked at derivation). */
    final long required;
    private final Map<String, Integer> index = new HashMap<>();
    private final CanonicalConstructor constructor;
    private final Function<Object, Object>[] accessors;

    static RecordShape of(Class<?> type) {
        return SHAPES.get(type);
    }

    private RecordShape(Class<?> type) {
        if (!type.isRecord()) throw new IllegalStateException(type + " is no record: the codec derives only records");
        this.type = type;
        JsonTypeName typed = type.getAnnotation(JsonTypeName.class);
        this.typeName = typed == null ? null : typed.value();
        this.typeNameBytes = typeName == null ? null : typeName.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        RecordComponent[] components = type.getRecordComponents();
        if (components.length > 64) throw new IllegalStateException(type + " has over 64 components");
        names = new String[components.length];
        kinds = new ValueKind[components.length];
        alwaysWritten = new boolean[components.length];
        accessors = accessors(components.length);
        long required = 0;
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                JsonProperty property = annotation(type, c, JsonProperty.class);
                String wire = property != null && !property.value().isEmpty() ? property.value() : c.getName();
                // interned, so that a field name the parser canonicalised matches by identity first
                names[i] = wire.intern();
                index.put(names[i], i);
                kinds[i] = ValueKind.of(c.getGenericType(), annotation(type, c, Verbatim.class) != null, type + "." + c.getName());
                JsonInclude include = annotation(type, c, JsonInclude.class);
                alwaysWritten[i] = include != null && include.value() == JsonInclude.Include.ALWAYS;
                if (property != null && property.required()) required |= 1L << i;
                accessors[i] = accessor(lookup, type, c);
            }
            Class<?>[] parameters = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
            Constructor<?> canonical = type.getConstructor(parameters);
            constructor = CanonicalConstructor.of(lookup, canonical);
        } catch (ReflectiveOperationException | LambdaConversionException e) {
            throw new IllegalStateException("cannot derive the codec of " + type, e);
        }
        this.required = required;
    }

    /**
     * A component's Jackson annotation: written on the component, Java puts it on the field (and
     * parameter), not on the component itself, since Jackson's annotations do not target components.
     */
    private static <A extends Annotation> A annotation(Class<?> type, RecordComponent c, Class<A> kind)
            throws NoSuchFieldException {
        A onField = type.getDeclaredField(c.getName()).getAnnotation(kind);
        return onField != null ? onField : c.getAccessor().getAnnotation(kind);
    }

    /** The component named {@code name}: by identity at {@code expected} (the written order), else looked up; -1 for none. */
    int indexOf(String name, int expected) {
        if (expected < names.length && names[expected] == name) return expected;
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    /** The component named {@code name}, which the record has. */
    int indexOf(String name) {
        Integer i = index.get(name);
        if (i == null) throw new IllegalArgumentException(typeName + " has no component " + name);
        return i;
    }

    /** The record of these component values; the record's own checks may refuse them (a {@link dev.routing.journal.event.BadValue}). */
    Object construct(Object[] values) {
        return constructor.make(values);
    }

    /**
     * This record as JSON with only its required fields, each an example of its kind (a closed set's
     * first value): for an error that shows what a line should look like.
     */
    String example() {
        StringBuilder json = new StringBuilder("{");
        if (typeName != null) json.append("\"type\":\"").append(typeName).append('"');
        for (int i = 0; i < names.length; i++) {
            if ((required & 1L << i) == 0) continue;
            if (json.length() > 1) json.append(',');
            json.append('"').append(names[i]).append("\":").append(example(i));
        }
        return json.append('}').toString();
    }

    /** An example of component {@code i}'s value, as JSON. */
    String example(int i) {
        List<String> closed = HostFacts.closedSets(type, true).get(names[i]);
        return closed != null ? "\"" + closed.get(0) + "\"" : kinds[i].example();
    }

    /** What component {@code i} takes, in the protocol's words. */
    String what(int i) {
        List<String> closed = HostFacts.closedSets(type, true).get(names[i]);
        return closed != null ? "one of " + Words.either(closed) : kinds[i].what();
    }

    Object component(Object record, int i) {
        return accessors[i].apply(record);
    }

    @SuppressWarnings("unchecked")
    private static Function<Object, Object>[] accessors(int n) {
        return (Function<Object, Object>[]) new Function<?, ?>[n];
    }

    /**
     * A component's accessor as a function the JIT compiles like a hand-written one: a method handle
     * held in an array is invoked through a generic adapter on every call (a tenth of an append).
     */
    @SuppressWarnings("unchecked")
    private static Function<Object, Object> accessor(MethodHandles.Lookup lookup, Class<?> type, RecordComponent c)
            throws IllegalAccessException, LambdaConversionException {
        MethodHandle getter = lookup.unreflect(c.getAccessor());
        try {
            CallSite site = LambdaMetafactory.metafactory(lookup, "apply", MethodType.methodType(Function.class),
                    MethodType.methodType(Object.class, Object.class), getter, MethodType.methodType(c.getType(), type));
            return (Function<Object, Object>) site.getTarget().invoke();
        } catch (LambdaConversionException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot derive the accessor of " + type.getSimpleName() + "." + c.getName(), e);
        }
    }
}
