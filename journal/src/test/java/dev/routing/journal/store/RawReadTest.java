package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.StateCheckpoint;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Journal#readRaw}: the same entries as {@link Journal#read}, in order, undecoded; checkpoint bodies not copied. */
class RawReadTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    void rawReadGivesEveryEntryInRangeAsItsKindAndJsonAcrossDays() {
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int i = 0; i < 30; i++) {
                Instant at = T0.plusSeconds(i * 7_200L);
                j.append(i % 3 == 0 ? Entries.publish(at, i) : Entries.message(at, "m" + i));
                if (i % 10 == 9) j.append(Entries.checkpoint(at, i));
            }
        }
        try (Journal j = Journal.openReader(dir)) {
            List<String> decoded = new ArrayList<>();
            List<Long> indexes = new ArrayList<>();
            j.read(-1, r -> {
                indexes.add(r.index());
                decoded.add(r.entry() instanceof StateCheckpoint ? "C" : EntryCodec.toJson(r.entry()));
            });
            List<String> raw = new ArrayList<>();
            List<Long> rawIndexes = new ArrayList<>();
            j.readRaw(-1, Long.MAX_VALUE, (index, kind, version, json, offset, length) -> {
                rawIndexes.add(index);
                if (kind == 'C') {
                    assertNull(json, "a checkpoint's body is not copied");
                    raw.add("C");
                } else {
                    var entry = EntryCodec.decode(version, json, offset, length);
                    assertEquals(entry instanceof dev.routing.journal.event.Decision ? 'D' : 'F', kind);
                    raw.add(EntryCodec.toJson(entry));
                }
            });
            assertEquals(indexes, rawIndexes);
            assertEquals(decoded, raw);

            long from = indexes.get(5);
            long to = indexes.get(20);
            List<Long> window = new ArrayList<>();
            j.readRaw(from, to, (index, kind, version, json, offset, length) -> window.add(index));
            assertEquals(indexes.subList(5, 20), window, "[from, to)");
        }
    }
}
