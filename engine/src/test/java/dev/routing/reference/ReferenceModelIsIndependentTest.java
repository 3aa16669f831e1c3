package dev.routing.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference model is an oracle only while it is not the engine: it reads the wire's records and nothing else. */
class ReferenceModelIsIndependentTest {

    @Test
    void theReferenceModelImportsNothingButTheJournalsRecordsAndTheJdk() throws IOException {
        Path source = Path.of("src/test/java/dev/routing/reference/ReferenceModel.java");
        List<String> lines = Files.readAllLines(source);
        List<String> foreign = lines.stream().filter(l -> l.startsWith("import ") && !l.startsWith("import java.")
                && !l.equals("import dev.routing.journal.event.*;")).toList();
        assertEquals(List.of(), foreign, "the reference model must share no code with engine/ or projections/");
        List<String> named = lines.stream().filter(l -> l.contains("dev.routing.engine") || l.contains("dev.routing.projections")).toList();
        assertEquals(List.of(), named, "nor name their classes in full");
    }
}
