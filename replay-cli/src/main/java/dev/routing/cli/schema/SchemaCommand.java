package dev.routing.cli.schema;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.Version;
import dev.routing.sidecar.schema.ProtocolSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "schema", header = "Writes the protocol's JSON Schema files into a folder.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Writes the protocol's JSON Schema (draft 2020-12), generated from the",
        "journal's records, into DIR: fact.schema.json (a line a host sends),",
        "sidecar.schema.json (a line the sidecar writes) and journal.schema.json",
        "(an entry as dump prints it). docs/schema holds them, and a test fails",
        "when they differ from what this build's records give."})
public final class SchemaCommand implements Callable<Integer> {
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "where to write the files (e.g. docs/schema)")
    Path out;

    @Override
    public Integer call() throws IOException {
        PathOptions.folderToWrite("--out", out);
        Files.createDirectories(out);
        for (Map.Entry<String, String> file : ProtocolSchema.files().entrySet()) {
            Path path = out.resolve(file.getKey());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            System.out.println(path);
        }
        return ExitCodes.OK;
    }
}
