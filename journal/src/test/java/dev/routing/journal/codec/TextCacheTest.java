package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.TurnEnded;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The cache of short texts gives back a text only for exactly its bytes: never for bytes that share
 * its slot, differ from it in one byte or one length, or stand around it; and so from many threads
 * at once. Decoded entries share one String per repeated text.
 */
class TextCacheTest {
    private static final Instant AT = Instant.parse(EntrySamples.AT);

    /** Runs of every length the cache takes, each with variants one byte or one length away (trailing zero bytes included). */
    private static List<byte[]> nearRuns() {
        Random random = new Random(16);
        List<byte[]> runs = new ArrayList<>();
        for (int n = 1; n <= TextCache.MAX_BYTES; n++) {
            byte[] run = new byte[n];
            for (int i = 0; i < n; i++) run[i] = (byte) ('a' + random.nextInt(26));
            runs.add(run);
            for (int i = 0; i < n; i++) {
                byte[] changed = run.clone();
                changed[i] ^= 1;
                runs.add(changed);
            }
            byte[] zeros = new byte[n]; // zeros of each length: the words past a run's end are zero too
            runs.add(zeros);
        }
        return runs;
    }

    private static String text(byte[] run) {
        return new String(run, StandardCharsets.ISO_8859_1);
    }

    /** With one slot every run collides with every other: each find sees only the run last kept. */
    @Test
    void aTextIsFoundOnlyForExactlyItsBytes() {
        List<byte[]> runs = nearRuns();
        TextCache cache = new TextCache(1);
        for (byte[] kept : runs) {
            cache.keep(kept, 0, kept.length, text(kept));
            for (byte[] other : runs) {
                String found = cache.find(other, 0, other.length);
                if (java.util.Arrays.equals(kept, other)) assertEquals(text(kept), found);
                else assertNull(found, () -> "'" + text(other) + "' found as '" + found + "'");
            }
        }
    }

    @Test
    void theBytesAroundARunDoNotCount() {
        TextCache cache = new TextCache(64);
        for (int n = 1; n <= TextCache.MAX_BYTES; n++) {
            byte[] at = new byte[n + 20];
            java.util.Arrays.fill(at, (byte) 'x');
            for (int i = 0; i < n; i++) at[7 + i] = (byte) ('0' + i % 10);
            String run = new String(at, 7, n, StandardCharsets.ISO_8859_1);
            cache.keep(at, 7, n, run);
            byte[] elsewhere = new byte[n]; // at the very end of its array: nothing past it is read
            System.arraycopy(at, 7, elsewhere, 0, n);
            assertSame(run, cache.find(elsewhere, 0, n));
        }
    }

    @Test
    void aTableThatIsNoPowerOfTwoIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TextCache(3));
    }

    /** Threads keep and find colliding texts at once in a table of two slots: every hit is its own bytes' text. */
    @Test
    void manyThreadsAtOnceFindOnlyTheirOwnBytesText() throws Exception {
        List<byte[]> runs = nearRuns();
        TextCache cache = new TextCache(2);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> wrong = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                wrong.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    int bad = 0;
                    for (int i = 0; i < 200_000; i++) {
                        byte[] run = runs.get(random.nextInt(runs.size()));
                        String found = cache.find(run, 0, run.length);
                        if (found == null) cache.keep(run, 0, run.length, text(run));
                        else if (!found.equals(text(run))) bad++;
                    }
                    return bad;
                }));
            }
            for (Future<Integer> f : wrong) assertEquals(0, f.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTextRepeatedAcrossEntriesIsDecodedToOneString() {
        Entry first = new MessageReceived(AT, "m1", "agent-qa", "channel-message", "work", "discord", true, List.of("ambient"),
                "hi", "host", null, null);
        Entry second = new MessageReceived(AT.plusSeconds(1), "m2", "agent-qa", "channel-message", "work", "discord", true,
                List.of("ambient"), "hi", "host", null, null);
        MessageReceived a = (MessageReceived) decode(EntryCodec.store(first));
        MessageReceived b = (MessageReceived) decode(EntryCodec.store(second));
        assertEquals(first, a);
        assertEquals(second, b);
        assertSame(a.agent(), b.agent());
        assertSame(a.channel(), b.channel());
        assertSame(a.tags().get(0), b.tags().get(0));
        assertTrue(!a.id().equals(b.id()));
    }

    @Test
    void aTextLongerThanTheCacheTakesIsStillReadWhole() {
        String longer = "x".repeat(TextCache.MAX_BYTES) + "y";
        Entry entry = new MessageReceived(AT, "m1", longer, "k", null, null, null, null, longer, "host", null, null);
        assertEquals(entry, decode(EntryCodec.store(entry)));
        assertEquals(new TurnEnded(AT, 7L), decode(EntryCodec.store(new TurnEnded(AT, 7L))));
    }

    private static Entry decode(byte[] stored) {
        return EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length);
    }
}
