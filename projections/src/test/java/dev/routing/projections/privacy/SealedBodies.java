package dev.routing.projections.privacy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A sealed day's table held in memory, as the engine's mapped file holds it: for the record's own tests. */
final class SealedBodies {
    private SealedBodies() {}

    static SealedIds.Body of(ByteBuffer bytes) {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        return new SealedIds.Body() {
            @Override
            public long length() {
                return b.capacity();
            }

            @Override
            public long longAt(long at) {
                return b.getLong((int) at);
            }

            @Override
            public byte byteAt(long at) {
                return b.get((int) at);
            }
        };
    }
}
