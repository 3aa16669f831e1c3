package dev.routing.engine.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.store.ForkedJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * J3: an attempt is journaled (and synced) before the engine returns it. A process killed right
 * after the request reads, on restart, as an attempt of unknown outcome: never as unsent.
 */
class KilledAfterRequestReadsAsUnknownTest {

    @Test
    void J3_aWriterKilledRightAfterTheRequestLeavesAnAttemptOfUnknownOutcome(@TempDir Path dir) throws Exception {
        Process child = ForkedJvm.of(RequestThenHang.class, dir.toString()).redirectErrorStream(true).start();
        long attempt;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("requested "));
            assertTrue(line != null, "the child never reported its attempt");
            attempt = Long.parseLong(line.substring("requested ".length()));
            child.toHandle().destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
        try (Engine engine = Engine.open(dir, RuleSet.CURRENT, null)) {
            List<PublishOutcome> outcomes = engine.openingDecisions().stream()
                    .filter(d -> d instanceof PublishOutcome).map(d -> (PublishOutcome) d).toList();
            assertEquals(1, outcomes.size(), engine.openingDecisions().toString());
            assertEquals(attempt, outcomes.get(0).attempt());
            assertEquals("unknown", outcomes.get(0).outcome());
        }
    }
}
