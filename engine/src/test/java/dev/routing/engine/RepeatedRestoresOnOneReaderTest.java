package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * J5 on one reader: the state at each of many points, asked one after another (as `state --at`,
 * explain and an engine's rebuild after a failed write ask), each from the newest checkpoint before
 * it, equals the fold of every entry before it. Chronicle's count of a day's excerpts failed on the
 * reader's tailer as an earlier restore left it, and every other such search threw.
 */
class RepeatedRestoresOnOneReaderTest {
    @TempDir
    Path dir;

    @Test
    void J5_theStateAtEachPointInTurnIsTheFoldOfWhatCameBeforeIt() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 9)) {
            StreamHost.play(sink, StreamGenerator.withLongHistories(2, 200));
        }
        try (Journal j = Journal.openReader(dir)) {
            List<Long> groups = new ArrayList<>();
            j.read(-1, Long.MAX_VALUE, r -> {
                if (groups.isEmpty() || groups.get(groups.size() - 1) != r.index()) groups.add(r.index());
            });
            List<Long> points = new ArrayList<>(groups.subList(0, 8));
            for (int k = 8; k < groups.size(); k += groups.size() / 10) points.add(groups.get(k));
            points.add(j.lastIndex() + 1);
            for (long point : points) {
                Fold fold = new Fold();
                j.read(-1, point, r -> fold.accept(r.entry()));
                assertEquals(StateCodec.toJson(fold.state()), StateCodec.toJson(Replay.upTo(j, point, n -> { }).state()),
                        "the state before index 0x" + Long.toHexString(point));
            }
        }
    }
}
