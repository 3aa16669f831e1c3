package dev.routing.engine.sealed;

/**
 * Raises, here, a fault that a read of a mapped file left pending on this thread.
 *
 * <p>A read of a mapped page its file no longer has (a sealed file cut in place under the engine)
 * faults (SIGBUS). HotSpot does not throw at the read: the read returns what it returns, and the
 * thread carries an {@link InternalError} ("a fault occurred in a recent unsafe memory access
 * operation") that Java 17 throws at the thread's next call into the VM. A warm engine can decide a
 * fact, journal it and answer without one, so the fact would be decided on what the cut page read
 * (seen in a test, and in a probe of the interpreter and both compilers: `docs/durability.md`). A
 * multi-dimensional array whose length is not a constant is made by a call into the VM in the
 * interpreter and in both compilers, so making one throws the pending error here: about 30 ns.
 */
public final class MappedFaults {
    /** Not a constant, so no compiler can make the array without the VM. */
    private static volatile int zero;

    private MappedFaults() {}

    /**
     * Throws the fault a read of a mapped file on this thread left pending, if any.
     *
     * @throws InternalError that fault
     */
    public static void raisePending() {
        int n = zero;
        if (new byte[n + 1][n].length != 1) throw new IllegalStateException("an array of one made of another length");
    }
}
