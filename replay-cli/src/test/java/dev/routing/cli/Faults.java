package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;

/**
 * What the fault tests share: a journal of three days written by {@code run}, the faults injected
 * into its files by hand (as a disk, an operator or a crash would leave them), and the check that
 * every command answers a damaged journal with one clear refusal.
 */
final class Faults {
    /** The days the journal spans: a file each. */
    static final List<String> DAY_FILES = List.of("20261102F.cq4", "20261103F.cq4", "20261104F.cq4");
    private static final Duration HANG = Duration.ofSeconds(60);

    private Faults() {}

    /** A journal {@code run} wrote, and what it acknowledged: every decision it printed, every entry it holds. */
    record Journal3Days(Path dir, List<String> printed, List<String> entries) {
    }

    /** Four turns a day, over three days; each day's first turn holds a draft beside a send. */
    static Journal3Days journal(Path tmp) {
        Path dir = tmp.resolve("journal");
        Path script = Facts.write(tmp.resolve("three-days.jsonl"), script());
        Cli.Result run = Cli.run("run", script.toString(), "--journal", dir.toString()).exits(ExitCodes.OK);
        withoutPersistedAudits(dir);
        List<String> entries = Cli.dump(dir).stream().map(JsonNode::toString).toList();
        assertEquals(DAY_FILES, dayFiles(dir), "the journal spans three day files");
        return new Journal3Days(dir, run.lines(), entries);
    }

    /**
     * Removes what {@code run}'s day auditor persisted before its close stopped it: how far it got
     * depends on the machine's speed, and an audit that reads a persisted fold reads no sealed day
     * file (SealedDayFileTest says what it prints then). Without them, every audit reads the files.
     */
    static void withoutPersistedAudits(Path dir) {
        try (Stream<Path> s = Files.list(dir.resolve("state"))) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith("audit-")).toList()) Files.delete(p);
        } catch (java.nio.file.NoSuchFileException none) {
            // no state directory: nothing was persisted
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> script() {
        List<String> lines = Facts.lines(Facts.channel(1, "work"), Facts.agent(2, "qa"));
        long turn = 1;
        for (int day = 0; day < 3; day++) {
            for (int k = 0; k < 4; k++) {
                int s = day * 86_400 + 100 + k * 10;
                String calls = k == 0 ? "[{\"tool\":\"send_message\",\"channel\":\"work\",\"text\":\"see thread\"}]" : "[]";
                lines.addAll(Facts.channelTurn(s, "qa", turn++, "work", "day " + day + ", turn " + k + ": the words", calls));
            }
        }
        return lines;
    }

    /** A short script for {@code run} to continue a journal with: one more turn, on the fourth day. */
    static Path more(Path tmp) {
        return Facts.write(tmp.resolve("more.jsonl"), Facts.channelTurn(3 * 86_400 + 100, "qa", 13, "one more turn"));
    }

    static List<String> dayFiles(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cq4")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes a day file holds before its zero padding: where its last excerpt ends. */
    static long usedBytes(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer b = ByteBuffer.allocate(1 << 16);
            long used = 0;
            for (long pos = 0; pos < size; pos += b.capacity()) {
                b.clear();
                int n = ch.read(b, pos);
                if (n <= 0) break;
                for (int i = 0; i < n; i++) if (b.get(i) != 0) used = pos + i + 1;
                if (n > 0 && used < pos - (1 << 20)) break; // a megabyte of zeros: the rest is padding
            }
            return used;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void truncate(Path file, long size) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Overwrites {@code length} bytes at {@code at} with zeros, as a page that never reached the disk. */
    static void zero(Path file, long at, int length) {
        write(file, at, new byte[length]);
    }

    static void write(Path file, long at, byte[] bytes) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), at);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where {@code text} first occurs in the file, from {@code from}, or -1. */
    static long find(Path file, String text, long from) {
        try {
            byte[] all = Files.readAllBytes(file);
            byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            outer:
            for (int i = (int) from; i <= all.length - needle.length; i++) {
                for (int j = 0; j < needle.length; j++) if (all[i + j] != needle[j]) continue outer;
                return i;
            }
            return -1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A SHA-256 of every file in the directory, by name. */
    static Map<String, String> hashes(Path dir) {
        BackgroundResourceReleaser.releasePendingResources();
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                if (!Files.isRegularFile(p)) continue;
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                out.put(p.getFileName().toString(), HexFormat.of().formatHex(sha.digest(Files.readAllBytes(p))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Every reader of the journal: verify, dump, state, audit, diff. */
    static List<Cli.Result> readers(Path dir) {
        String j = dir.toString();
        List<Cli.Result> out = new ArrayList<>();
        for (String[] args : List.of(new String[] {"verify", "--journal", j}, new String[] {"dump", "--journal", j},
                new String[] {"state", "--journal", j}, new String[] {"audit", "--journal", j},
                new String[] {"diff", "--journal", j, "--rules", "0.30.0"})) {
            out.add(bounded(args));
        }
        return out;
    }

    /** Runs a command, failing (not hanging) the test if it does not answer in a minute. */
    static Cli.Result bounded(String... args) {
        return assertTimeoutPreemptively(HANG, () -> Cli.run(args), () -> String.join(" ", args) + " hangs");
    }

    /**
     * Every command refuses the damaged journal: the readers and {@code run} exit 1 with one and the
     * same message, which says it is damaged, names {@code mustName} and points to salvage; no stack
     * trace, and {@code run} journals nothing.
     */
    static String assertEveryCommandRefuses(Path dir, Path tmp, String... mustName) {
        Map<String, String> before = hashes(dir);
        List<Cli.Result> all = new ArrayList<>(readers(dir));
        all.add(bounded("run", more(tmp).toString(), "--journal", dir.toString()));
        String message = null;
        for (Cli.Result r : all) {
            r.exits(ExitCodes.FAILURE);
            String error = errorLine(r);
            assertTrue(error.contains("is damaged"), () -> "says the journal is damaged: " + r);
            assertTrue(error.contains("salvage"), () -> "points to salvage: " + r);
            for (String name : mustName) assertTrue(error.contains(name), () -> "names " + name + ": " + r);
            assertNoStackTrace(r);
            if (message == null) message = error;
            String first = message;
            assertEquals(first, error, () -> "every command gives the same message: " + r);
        }
        assertEquals(before, hashes(dir), "no command changed a byte of the damaged journal");
        return message;
    }

    static String errorLine(Cli.Result r) {
        return r.err().lines().filter(l -> l.startsWith("error: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no error line: " + r));
    }

    static void assertNoStackTrace(Cli.Result r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread"), () -> "no stack trace: " + r);
    }

    /**
     * {@code salvage} copies the journal up to its damage into a new one, which holds exactly the
     * entries {@code expected} (the acknowledged ones before the damage, in order), verifies, and
     * can be continued with {@code run}.
     */
    static Path assertSalvageKeeps(Path dir, Path tmp, List<String> expected) {
        return assertSalvageKeeps(dir, tmp, expected, expected);
    }

    /**
     * As {@link #assertSalvageKeeps(Path, Path, List)}, where the damage lies inside what a reader can
     * still read of a file: the copy is a prefix of {@code all} holding at least {@code atLeast}.
     */
    static Path assertSalvageKeeps(Path dir, Path tmp, List<String> atLeast, List<String> all) {
        Path to = tmp.resolve("salvaged");
        Map<String, String> before = hashes(dir);
        Cli.Result salvage = bounded("salvage", "--journal", dir.toString(), "--to", to.toString()).exits(ExitCodes.OK);
        assertTrue(salvage.out().contains("stopped at the damage"), () -> "says where it stopped: " + salvage);
        assertEquals(before, hashes(dir), "salvage only reads the damaged journal");
        List<String> kept = Cli.dump(to).stream().map(JsonNode::toString).toList();
        assertTrue(kept.size() >= atLeast.size() && kept.size() <= all.size(), () -> kept.size() + " entries kept: " + salvage);
        assertEquals(all.subList(0, kept.size()), kept, "salvage kept the entries before the damage, as they were");
        assertTrue(salvage.out().contains("salvaged " + String.format("%,d", kept.size()) + " entries"), () -> "counts: " + salvage);
        Cli.assertVerifies(to);
        Cli.run("run", more(tmp).toString(), "--journal", to.toString()).exits(ExitCodes.OK);
        Cli.assertVerifies(to);
        return to;
    }

    /** The entries dump printed, up to (not including) the first one on {@code day} (yyyy-MM-dd). */
    static List<String> before(List<String> entries, String day) {
        List<String> out = new ArrayList<>();
        for (String e : entries) {
            if (Cli.parse(e, "entry").path("at").asText().compareTo(day) >= 0) break;
            out.add(e);
        }
        return out;
    }
}
