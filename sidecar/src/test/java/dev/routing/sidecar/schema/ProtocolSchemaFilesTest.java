package dev.routing.sidecar.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/schema holds exactly what this build's records give: regenerated here in memory and compared
 * byte for byte, so a field added to a record fails the build until the files are written again.
 */
class ProtocolSchemaFilesTest {
    private static final Path PROJECT = Path.of("..");
    private static final Path DIRECTORY = PROJECT.resolve(ProtocolSchema.DIRECTORY);
    private static final String REFRESH = "refresh them from the project's root with: mvn -B -q -DskipTests package && "
            + ProtocolSchema.REFRESH;

    @Test
    void eachFileInDocsSchemaIsWhatTheRecordsGive() throws IOException {
        for (Map.Entry<String, String> file : ProtocolSchema.files().entrySet()) {
            Path path = DIRECTORY.resolve(file.getKey());
            String where = ProtocolSchema.DIRECTORY + "/" + file.getKey();
            if (!Files.isRegularFile(path)) fail(where + " is missing: " + REFRESH);
            String kept = Files.readString(path, StandardCharsets.UTF_8);
            if (!kept.equals(file.getValue())) fail(where + " differs from what the records give (" + firstDifference(kept, file.getValue())
                    + "): " + REFRESH);
        }
    }

    @Test
    void docsSchemaHoldsNoSchemaTheRecordsDoNotGive() throws IOException {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            List<String> strays = files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".json") && !ProtocolSchema.files().containsKey(name))
                    .sorted().toList();
            assertEquals(List.of(), strays, "schema files in " + ProtocolSchema.DIRECTORY + " that no record gives: remove them, then "
                    + REFRESH);
        }
    }

    private static String firstDifference(String kept, String generated) {
        String[] a = kept.split("\n", -1);
        String[] b = generated.split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) return "line " + (i + 1) + " is `" + a[i].strip() + "`, the records give `" + b[i].strip() + "`";
        }
        return a.length < b.length ? "the file ends at line " + a.length + ", the records give more"
                : "the records end at line " + b.length + ", the file has more";
    }
}
