package dev.routing.engine.sealed;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.Verify;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.Stderr;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/decisions/0011 over random journals (our own seeded generator, docs/decisions/0001): day rolls
 * and jumps past retention, restarts that alternate the rules, and at each restart what a kill or a
 * damaged disk leaves beside the journal (a half-written temporary file, a day file lost, a byte
 * changed in one; the same for the kept messages' tables and parts and the turn ledger's sealed
 * days, docs/decisions/0014). Every
 * lookup the engine's record answers, live (closed days in files, today on the heap) and restored by
 * a reader, equals the answer of a reference record folded from the journal's first entry on the heap
 * alone, for every id the stream named, on the last day and on days retention reaches after it; so do
 * its kept messages, P9's first private input on each branch, and every turn's owner and channel;
 * and verify passes.
 */
class SealedRecordMatchesTheHeapFoldPropertyTest {
    @TempDir
    Path dir;

    @Test
    void everyLookupOfTheSealedRecordEqualsTheHeapFoldsFromTheFirstEntry() {
        int[] run = {0};
        Property.check("sealed record = heap fold", Property.baseSeed(3_400_000L), Math.max(2, Property.streams(10_000) / 1_000),
                SealedRecordMatchesTheHeapFoldPropertyTest::stream,
                stream -> {
                    String[] failure = new String[1];
                    // a restore that rebuilds a damaged day says so on stderr: expected here, so kept out of the build's log
                    Stderr.of(() -> {
                        failure[0] = check(dir.resolve("j" + run[0]++), stream);
                        return null;
                    });
                    return failure[0];
                });
    }

    /**
     * A random host's stream (every fourth with long histories), with a day rolled at eight random
     * places more than the generator's own jumps, so most streams seal days between their restarts.
     */
    static List<Action> stream(long seed) {
        List<Action> s = new ArrayList<>(seed % 4 == 0 ? StreamGenerator.withLongHistories(seed, 60) : StreamGenerator.stream(seed, 160));
        SplittableRandom random = new SplittableRandom(seed * 31 + 7);
        for (int i = 0; i < 8; i++) s.add(random.nextInt(s.size() + 1), new Action(Action.Kind.CLOCK_JUMP, 0, 3, 0));
        return s;
    }

    static String check(Path journalDir, List<Action> stream) {
        EngineState live;
        int facts;
        try (RestartingSink sink = new RestartingSink(journalDir)) {
            facts = StreamHost.play(sink, stream).facts().size();
            live = sink.engine.state();
            String differs = differs("live", live, journalDir, facts);
            if (differs != null) return differs;
        }
        try (Journal j = Journal.openReader(journalDir)) {
            String differs = differs("restored", Replay.restore(j).state(), journalDir, facts);
            if (differs != null) return differs;
            Verify.Report report = Verify.run(j, n -> { });
            return report.ok() ? null : "verify: " + report.divergence();
        } finally {
            delete(journalDir);
        }
    }

    /** Null when every lookup of {@code record} equals the heap fold's from the journal's first entry. */
    private static String differs(String what, EngineState record, Path journalDir, int ids) {
        EngineState reference;
        try (Journal j = Journal.openReader(journalDir)) {
            reference = Replay.full(j).state();
        }
        // the kept messages (ADR 0014: a seal's table or its parts under the heap's changes) as the heap fold holds them, and P9's answer
        String keptNow = StateCodec.toTree(record).get("privacy").get("messages").toString();
        if (!keptNow.equals(StateCodec.toTree(reference).get("privacy").get("messages").toString())) return what + ": the kept messages differ";
        // the turn ledger (ADR 0014, step 2: closed days in files under the heap's) as the heap fold holds it, turn by turn
        if (!StateCodec.toTree(record).get("turns").get("ledger").equals(StateCodec.toTree(reference).get("turns").get("ledger"))) {
            return what + ": the turn ledger differs";
        }
        for (long turn = 0; turn <= reference.turns.ledger.size() + 2L * ids; turn++) {
            if (!java.util.Objects.equals(reference.turns.ledger.owner(turn, Long.MIN_VALUE), record.turns.ledger.owner(turn, Long.MIN_VALUE))
                    || !java.util.Objects.equals(reference.turns.ledger.channel(turn, Long.MIN_VALUE), record.turns.ledger.channel(turn, Long.MIN_VALUE))) {
                return what + ": turn " + turn + "'s owner or channel differs";
            }
        }
        for (String agent : StreamHost.AGENTS) {
            if (!java.util.Objects.equals(reference.privacy.firstPrivateOnBranch(agent), record.privacy.firstPrivateOnBranch(agent))) {
                return what + ": P9's first private input on " + agent + "'s branch differs";
            }
        }
        long last = Retention.day(reference.clockMillis);
        List<String> all = new java.util.ArrayList<>();
        for (int n = 1; n <= 2 * ids + 2; n++) all.add("m" + n);
        return ReadingHost.differs(what, reference, record,
                new long[] {last, last + 1, last + Retention.KEEP_IDS_DAYS - 1, last + Retention.KEEP_IDS_DAYS}, StreamHost.AGENTS, all);
    }

    /**
     * A journaled engine (checkpoints every 300 entries, commits batched) whose every restart
     * alternates the rules and leaves, in turn: nothing, a half-written temporary day file (a kill
     * mid-write), the newest day file lost, a byte changed in the oldest.
     */
    static final class RestartingSink implements Sink, AutoCloseable {
        private final Path dir;
        private int restarts;
        Engine engine;

        RestartingSink(Path dir) {
            this.dir = dir;
            open(null);
        }

        private void open(Instant at) {
            engine = Engine.open(dir, restarts % 2 == 0 ? RuleSet.CURRENT : RuleSet.V0_30_0, at, 300);
            engine.deferCommits(true);
        }

        @Override
        public List<Decision> accept(Fact fact) {
            return engine.accept(fact);
        }

        @Override
        public List<Decision> restart(Instant at) {
            engine.close();
            restarts++;
            leaveBehind(restarts % 4);
            open(at);
            return engine.openingDecisions();
        }

        private void leaveBehind(int residue) {
            leaveBehindKept(residue);
            leaveBehindTurns(residue);
            List<Path> files = SealedDaysOfAJournalTest.dayFiles(dir);
            if (files.isEmpty()) return;
            try {
                switch (residue) {
                    case 1 -> Files.write(files.get(0).resolveSibling("ids-99999-0000000000000000.tbl.tmp"), new byte[100]);
                    case 2 -> Files.delete(files.get(files.size() - 1));
                    case 3 -> {
                        byte[] b = Files.readAllBytes(files.get(0));
                        b[b.length - 1] ^= 1;
                        Files.write(files.get(0), b);
                    }
                    default -> { }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The same for the kept messages' seals: a half-written table, the newest table lost, a byte changed in the oldest part. */
        private void leaveBehindKept(int residue) {
            List<Path> tables = SealedKeptOfAJournalTest.keptFiles(dir, KeptFile.Of.TABLE);
            List<Path> parts = SealedKeptOfAJournalTest.keptFiles(dir, KeptFile.Of.PART);
            try {
                switch (residue) {
                    case 1 -> {
                        if (!tables.isEmpty()) Files.write(tables.get(0).resolveSibling("kept-99999.tbl.tmp"), new byte[100]);
                    }
                    case 2 -> {
                        if (!tables.isEmpty()) Files.delete(tables.get(tables.size() - 1));
                    }
                    case 3 -> {
                        if (parts.isEmpty()) return;
                        byte[] b = Files.readAllBytes(parts.get(0));
                        b[b.length - 1] ^= 1;
                        Files.write(parts.get(0), b);
                    }
                    default -> { }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The same for the turn ledger's sealed days: a half-written file, the newest lost, a byte changed in the oldest. */
        private void leaveBehindTurns(int residue) {
            List<Path> days = SealedKeptOfAJournalTest.keptFiles(dir, KeptFile.Of.TURNS);
            if (days.isEmpty()) return;
            try {
                switch (residue) {
                    case 1 -> Files.write(days.get(0).resolveSibling("turns-99999.tbl.tmp"), new byte[100]);
                    case 2 -> Files.delete(days.get(days.size() - 1));
                    case 3 -> {
                        byte[] b = Files.readAllBytes(days.get(0));
                        b[b.length - 1] ^= 1;
                        Files.write(days.get(0), b);
                    }
                    default -> { }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            engine.close();
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // left for the temp dir's own cleanup
        }
    }
}
