package dev.routing.journal.codec;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.util.Arrays;

/**
 * A record's canonical constructor as a function of its components' values, compiled like a
 * hand-written {@code new}: a lambda of the constructor's arity made by {@link LambdaMetafactory}.
 * Through a spread method handle instead, every entry read was allocated by the JVM's slow path
 * ({@code DirectMethodHandle.allocateInstance}, a tenth of a replay). A record of more components
 * than the arities below fails its first use, naming the arity to add.
 *
 * <p>A final class that spreads the values by a switch on the arity: a {@code Function} wrapping
 * each lambda instead put a second megamorphic call (one per record type) before every {@code new}.
 */
final class CanonicalConstructor {
    private final int arity;
    /** The lambda, an instance of {@code C<arity>}. */
    private final Object made;

    private CanonicalConstructor(int arity, Object made) {
        this.arity = arity;
        this.made = made;
    }

    @FunctionalInterface
    interface C0 {
        Object make();
    }
    @FunctionalInterface
    interface C1 {
        Object make(Object a0);
    }
    @FunctionalInterface
    interface C2 {
        Object make(Object a0, Object a1);
    }
    @FunctionalInterface
    interface C3 {
        Object make(Object a0, Object a1, Object a2);
    }
    @FunctionalInterface
    interface C4 {
        Object make(Object a0, Object a1, Object a2, Object a3);
    }
    @FunctionalInterface
    interface C5 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4);
    }
    @FunctionalInterface
    interface C6 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5);
    }
    @FunctionalInterface
    interface C7 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6);
    }
    @FunctionalInterface
    interface C8 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6, Object a7);
    }
    @FunctionalInterface
    interface C9 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6, Object a7, Object a8);
    }
    @FunctionalInterface
    interface C10 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6, Object a7, Object a8, Object a9);
    }
    @FunctionalInterface
    interface C11 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6, Object a7, Object a8, Object a9, Object a10);
    }
    @FunctionalInterface
    interface C12 {
        Object make(Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Object a6, Object a7, Object a8, Object a9, Object a10, Object a11);
    }
    private static final Class<?>[] ARITIES = {C0.class, C1.class, C2.class, C3.class, C4.class, C5.class, C6.class, C7.class, C8.class, C9.class, C10.class, C11.class, C12.class};

    static CanonicalConstructor of(MethodHandles.Lookup lookup, Constructor<?> canonical) throws ReflectiveOperationException {
        MethodHandle handle = lookup.unreflectConstructor(canonical);
        int n = canonical.getParameterCount();
        if (n >= ARITIES.length) {
            throw new IllegalStateException(canonical.getDeclaringClass() + " has " + n + " components: give CanonicalConstructor an arity of " + n);
        }
        Class<?> arity = ARITIES[n];
        Class<?>[] objects = new Class<?>[n];
        Arrays.fill(objects, Object.class);
        Object made;
        try {
            made = LambdaMetafactory.metafactory(lookup, "make", MethodType.methodType(arity), MethodType.methodType(Object.class, objects),
                    handle, handle.type()).getTarget().invoke();
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot derive the constructor of " + canonical.getDeclaringClass(), e);
        }
        return new CanonicalConstructor(n, made);
    }

    /** The record of these values, one per component in order. */
    Object make(Object[] v) {
        return switch (arity) {
            case 0 -> ((C0) made).make();
            case 1 -> ((C1) made).make(v[0]);
            case 2 -> ((C2) made).make(v[0], v[1]);
            case 3 -> ((C3) made).make(v[0], v[1], v[2]);
            case 4 -> ((C4) made).make(v[0], v[1], v[2], v[3]);
            case 5 -> ((C5) made).make(v[0], v[1], v[2], v[3], v[4]);
            case 6 -> ((C6) made).make(v[0], v[1], v[2], v[3], v[4], v[5]);
            case 7 -> ((C7) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
            case 8 -> ((C8) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
            case 9 -> ((C9) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
            case 10 -> ((C10) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
            case 11 -> ((C11) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]);
            case 12 -> ((C12) made).make(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]);
            default -> throw new IllegalStateException("no arity " + arity);
        };
    }
}
