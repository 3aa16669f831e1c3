package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.Group;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** The excerpt header ({@link Excerpt}), the journal's envelope: every field back as written, and what is no header of format 2. */
class ExcerptTest {
    private static final byte[] PAYLOAD = "{\"type\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    /** An excerpt: the header, then the payload right after it, as the journal writes a group in place. */
    private static byte[] excerpt(byte kind, int schema) {
        byte[] buf = new byte[Excerpt.HEADER_BYTES + PAYLOAD.length];
        System.arraycopy(PAYLOAD, 0, buf, Excerpt.HEADER_BYTES, PAYLOAD.length);
        Excerpt.writeHeader(buf, 0, kind, schema, 3, 41L, 1_000_000_007L, 0x5_0000_0002L, 1_796_000_000_123L, buf,
                Excerpt.HEADER_BYTES, PAYLOAD.length, new CRC32C());
        return buf;
    }

    @Test
    void everyFieldReadsBackAsWrittenWithTheChecksumItReturned() {
        byte[] buf = new byte[Excerpt.HEADER_BYTES + PAYLOAD.length];
        System.arraycopy(PAYLOAD, 0, buf, Excerpt.HEADER_BYTES, PAYLOAD.length);
        int crc = Excerpt.writeHeader(buf, 0, Excerpt.NUMBERED, 7, 3, 41L, 1_000_000_007L, 0x5_0000_0002L, 1_796_000_000_123L,
                buf, Excerpt.HEADER_BYTES, PAYLOAD.length, new CRC32C());
        Excerpt h = Excerpt.read(buf, buf.length);
        assertNotNull(h);
        assertEquals(new Excerpt(Excerpt.NUMBERED, 7, 3, 41L, 1_000_000_007L, 0x5_0000_0002L, 1_796_000_000_123L, PAYLOAD.length,
                crc, Excerpt.UNBOUND), h);
        assertEquals(1_000_000_010L, h.nextEntry());
        assertTrue(h.intact(buf, new CRC32C()));
    }

    @Test
    void aHeaderWrittenBeforeAPayloadElsewhereReadsTheSame() {
        byte[] head = new byte[Excerpt.HEADER_BYTES];
        int crc = Excerpt.writeHeader(head, 0, Excerpt.PART, 1, 0, 2L, 3L, 4L, 5L, PAYLOAD, 0, PAYLOAD.length, new CRC32C());
        byte[] whole = new byte[Excerpt.HEADER_BYTES + PAYLOAD.length];
        System.arraycopy(head, 0, whole, 0, Excerpt.HEADER_BYTES);
        System.arraycopy(PAYLOAD, 0, whole, Excerpt.HEADER_BYTES, PAYLOAD.length);
        Excerpt h = Excerpt.read(whole, whole.length);
        assertEquals(crc, h.crc());
        assertTrue(h.intact(whole, new CRC32C()), "the checksum covers the header and the payload, wherever the payload was");
    }

    @Test
    void aChangedByteOfTheHeaderOrThePayloadFailsTheChecksum() {
        for (int at : new int[] {2, 4, 8, 16, 24, 32, Excerpt.HEADER_BYTES, Excerpt.HEADER_BYTES + PAYLOAD.length - 1}) {
            byte[] buf = excerpt(Excerpt.GROUP, 1);
            buf[at] ^= 0x10;
            Excerpt h = Excerpt.read(buf, buf.length);
            assertNotNull(h, "byte " + at + " leaves a header of format 2");
            assertFalse(h.intact(buf, new CRC32C()), "byte " + at);
        }
        byte[] length = excerpt(Excerpt.GROUP, 1);
        length[40] ^= 0x10;
        assertNull(Excerpt.read(length, length.length), "a changed length no longer matches the excerpt's size");
    }

    @Test
    void anotherFormatAnUnknownKindATruncationOrAWrongLengthIsNoHeader() {
        byte[] format4 = excerpt(Excerpt.GROUP, 1);
        format4[0] = 4;
        assertNull(Excerpt.read(format4, format4.length));
        byte[] unknownKind = excerpt(Excerpt.GROUP, 1);
        unknownKind[1] = 'X';
        assertNull(Excerpt.read(unknownKind, unknownKind.length));
        byte[] buf = excerpt(Excerpt.GROUP, 1);
        assertNull(Excerpt.read(buf, buf.length - 1), "the length does not match the excerpt's size");
        assertNull(Excerpt.read(buf, Excerpt.HEADER_BYTES - 1), "shorter than a header");
        assertNull(Excerpt.readHeader(new byte[Excerpt.HEADER_BYTES - 1]));
        assertNotNull(Excerpt.read(buf, buf.length));
    }

    /** A day file's first excerpt is read from its first bytes alone, against the size Chronicle's framing gives. */
    @Test
    void aHeaderIsReadFromTheFirstBytesAgainstTheExcerptsSize() {
        byte[] buf = excerpt(Excerpt.CHECKPOINT, 1);
        byte[] head = java.util.Arrays.copyOf(buf, Excerpt.HEADER_BYTES);
        assertEquals(Excerpt.read(buf, buf.length), Excerpt.read(head, buf.length));
        assertNull(Excerpt.read(head, buf.length + 1));
    }

    @Test
    void entriesOfASchemaNewerThanThisBuildsAreToldApart() {
        assertFalse(Excerpt.read(excerpt(Excerpt.GROUP, EntryCodec.SCHEMA_VERSION), PAYLOAD.length + Excerpt.HEADER_BYTES).newerSchema());
        assertFalse(Excerpt.read(excerpt(Excerpt.GROUP, 0), PAYLOAD.length + Excerpt.HEADER_BYTES).newerSchema());
        assertTrue(Excerpt.read(excerpt(Excerpt.GROUP, EntryCodec.SCHEMA_VERSION + 1), PAYLOAD.length + Excerpt.HEADER_BYTES)
                .newerSchema());
    }

    @Test
    void formatOneIsToldByItsFirstByte() {
        assertTrue(Excerpt.isFormat1(new byte[] {(byte) 0xC1, 'v'}, 2));
        assertFalse(Excerpt.isFormat1(excerpt(Excerpt.GROUP, 1), Excerpt.HEADER_BYTES));
        assertFalse(Excerpt.isFormat1(new byte[] {(byte) 0xC1}, 0), "no byte read");
        assertFalse(Excerpt.isFormat1(new byte[] {(byte) 0xC1}, -1), "an excerpt too large to read");
    }

    @Test
    void onlyANumberedGroupHasASeq() {
        byte[] buf = new byte[Excerpt.HEADER_BYTES + Excerpt.SEQ_BYTES];
        Excerpt.i64(buf, Excerpt.HEADER_BYTES, 99L);
        Excerpt.writeHeader(buf, 0, Excerpt.NUMBERED, 1, 0, 0, 0, -1, 0, buf, Excerpt.HEADER_BYTES, Excerpt.SEQ_BYTES, new CRC32C());
        Excerpt numbered = Excerpt.read(buf, buf.length);
        assertEquals(99L, numbered.seq(buf));
        assertEquals(Excerpt.HEADER_BYTES + Excerpt.SEQ_BYTES, numbered.entriesOffset());
        Excerpt.writeHeader(buf, 0, Excerpt.GROUP, 1, 0, 0, 0, -1, 0, buf, Excerpt.HEADER_BYTES, Excerpt.SEQ_BYTES, new CRC32C());
        Excerpt group = Excerpt.read(buf, buf.length);
        assertEquals(Group.NO_SEQ, group.seq(buf));
        assertEquals(Excerpt.HEADER_BYTES, group.entriesOffset());
    }
}
