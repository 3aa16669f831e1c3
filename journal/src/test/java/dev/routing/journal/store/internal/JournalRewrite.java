package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.function.IntPredicate;
import java.util.zip.CRC32C;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Rewrites a journal excerpt by excerpt into a new directory, each excerpt at the index it had, its
 * checksum made right: as an older build wrote it (entries as JSON under schema 1), or with a fault
 * that no checksum shows (an entry's bytes replaced) or one that the checksum shows (a changed byte
 * after it). A checkpoint's excerpt is copied as it is.
 */
public final class JournalRewrite {
    /** The bytes to keep for entry {@code entry} of group excerpt {@code excerpt} (counted from 0, checkpoints too). */
    public interface EntryBytes {
        byte[] of(int excerpt, int entry, int schema, byte[] bytes);
    }

    private JournalRewrite() {}

    /**
     * @param schema the schema each group excerpt's header names after the rewrite, by its number
     * @param damaged the excerpts whose last byte is changed after their checksum is taken
     */
    public static void rewrite(Path from, Path to, java.util.function.IntUnaryOperator schema, EntryBytes entries, IntPredicate damaged) {
        try (SingleChronicleQueue q = DayFiles.chronicle(from).readOnly(true).build(); ExcerptTailer t = q.createTailer();
                Writer target = Writer.open(to)) {
            ExcerptReader reader = new ExcerptReader(from, 1 << 20);
            CRC32C crc = new CRC32C();
            Excerpt previous = null;
            long previousIndex = -1;
            for (int n = 0; ; n++) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) break;
                    assertNull(reader.check(dc, previous, previousIndex));
                    Excerpt h = reader.checked();
                    boolean group = h.kind() == Excerpt.GROUP || h.kind() == Excerpt.NUMBERED;
                    ByteArrayOutputStream payload = new ByteArrayOutputStream();
                    if (!group) {
                        payload.write(reader.buffer(), Excerpt.HEADER_BYTES, h.length());
                    } else {
                        if (h.kind() == Excerpt.NUMBERED) payload.write(reader.buffer(), Excerpt.HEADER_BYTES, Excerpt.SEQ_BYTES);
                        int excerpt = n;
                        int[] entry = {0};
                        reader.entries(dc.index(), h, (kind, offset, length) -> {
                            byte[] bytes = entries.of(excerpt, entry[0]++, h.schema(),
                                    java.util.Arrays.copyOfRange(reader.buffer(), offset, offset + length));
                            byte[] prefix = new byte[Excerpt.ENTRY_PREFIX_BYTES];
                            prefix[0] = kind;
                            Excerpt.u32(prefix, 1, bytes.length);
                            payload.writeBytes(prefix);
                            payload.writeBytes(bytes);
                        });
                    }
                    byte[] body = payload.toByteArray();
                    byte[] excerpt = new byte[Excerpt.HEADER_BYTES + body.length];
                    System.arraycopy(body, 0, excerpt, Excerpt.HEADER_BYTES, body.length);
                    Excerpt.writeHeader(excerpt, 0, h.kind(), group ? schema.applyAsInt(n) : h.schema(), h.count(), h.ordinal(),
                            h.firstEntry(), h.prevIndex(), h.time(), excerpt, Excerpt.HEADER_BYTES, body.length, crc);
                    Excerpt copied = Excerpt.read(excerpt, excerpt.length);
                    if (damaged.test(n)) excerpt[excerpt.length - 1] ^= 0x01;
                    target.copy(excerpt, excerpt.length, copied, dc.index());
                    previous = h;
                    previousIndex = dc.index();
                }
            }
            target.sync();
        }
    }
}
