package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import net.openhft.chronicle.core.io.IORuntimeException;
import org.junit.jupiter.api.Test;

/**
 * HotSpot raises a fault in a mapped file where compiled code next checks, which can be inside
 * Chronicle: it then arrives wrapped in Chronicle's own exception (FlippedLengthTest met it one run
 * in two). Each of the journal's edges finds it along the causes.
 */
class MappedFaultTest {
    private static final InternalError FAULT = new InternalError("a fault occurred in a recent unsafe memory access operation in compiled Java code");

    @Test
    void aFaultRaisedAsItselfIsFound() {
        assertSame(FAULT, FreeSpace.mappedFault(FAULT));
    }

    @Test
    void aFaultChronicleWrappedIsFound() {
        assertSame(FAULT, FreeSpace.mappedFault(new IllegalStateException(new IORuntimeException(FAULT))));
    }

    @Test
    void anyOtherFailureIsNoMappedFault() {
        assertNull(FreeSpace.mappedFault(new IORuntimeException("no such file")));
        assertNull(FreeSpace.mappedFault(new IllegalStateException(new OutOfMemoryError())));
    }
}
