package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port}: refused clearly where it cannot serve (a port in use, out of range, a script's
 * run), before anything is journaled; and, where it serves, it changes no answer and no byte of the
 * journal. The endpoint itself is scraped in {@link SidecarMetricsIT}.
 */
class MetricsOptionTest {
    @TempDir
    Path tmp;

    @Test
    void aPortInUseIsRefusedNamingItBeforeAnythingIsJournaled() throws Exception {
        Path journal = tmp.resolve("journal");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            for (List<String> args : List.of(List.of("run", "-", "--journal", journal.toString(), "--metrics-port", Integer.toString(port)),
                    List.of("serve", "--journal", journal.toString(), "--socket", tmp.resolve("s.sock").toString(), "--metrics-port",
                            Integer.toString(port)))) {
                Cli.Result run = Cli.withStdin(SidecarIT.morning(1).get(0) + "\n", args.toArray(String[]::new)).exits(ExitCodes.BAD_INPUT);

                assertTrue(run.err().startsWith("error: --metrics-port " + port + ": cannot listen on 127.0.0.1:" + port
                        + ": the port is in use: another process listens there. Choose another port, or 0 for any free one"), run::toString);
                assertEquals("", run.out(), "no ready line: the sidecar never started");
                assertFalse(Files.exists(journal), "nothing journaled, not even the engine's start");
            }
        }
    }

    @Test
    void aPortOutOfRangeOrAnAddressThatIsNoneAreRefused() {
        Cli.Result range = Cli.withStdin("", "run", "-", "--ephemeral", "--metrics-port", "70000").exits(ExitCodes.BAD_INPUT);
        assertTrue(range.err().contains("--metrics-port 70000: a port is from 1 to 65535 (0: any free one)"), range::toString);
        Cli.Result address = Cli.withStdin("", "run", "-", "--ephemeral", "--metrics-port", "0", "--metrics-address", "no.such.host.invalid")
                .exits(ExitCodes.BAD_INPUT);
        assertTrue(address.err().contains("--metrics-address no.such.host.invalid: no such address"), address::toString);
    }

    @Test
    void aScriptsRunTakesNoMetricsPort() {
        Path script = Facts.write(tmp.resolve("script.jsonl"), SidecarIT.morning(1));

        Cli.Result run = Cli.run("run", script.toString(), "--metrics-port", "0").exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: --metrics-port is for run - and serve"), run::toString);
    }

    @Test
    void metricsChangeNoAnswerAndNoByteOfTheJournal() {
        StringBuilder stdin = new StringBuilder();
        List<String> morning = SidecarIT.morning(3);
        for (int i = 0; i < morning.size(); i++) stdin.append(SidecarIT.numbered(morning.get(i), i + 1)).append('\n');
        stdin.append("{\"type\":\"turn.ended\",\"at\":\"yesterday\",\"turn\":1}\n").append(SidecarIT.numbered(morning.get(2), 3)).append('\n');
        Path plain = tmp.resolve("plain");
        Path counted = tmp.resolve("counted");

        Cli.Result without = Cli.withStdin(stdin.toString(), "run", "-", "--journal", plain.toString()).exits(ExitCodes.OK);
        Cli.Result with = Cli.withStdin(stdin.toString(), "run", "-", "--journal", counted.toString(), "--metrics-port", "0").exits(ExitCodes.OK);

        assertTrue(with.err().startsWith("metrics: http://127.0.0.1:"), with::toString);
        assertEquals(answers(without), answers(with), "the same answers, line for line");
        assertEquals(Cli.dump(plain), Cli.dump(counted), "the same journal, entry for entry");
    }

    /** Every line after the ready line (which names its journal's folder). */
    private static List<JsonNode> answers(Cli.Result run) {
        List<JsonNode> lines = run.json();
        assertEquals("sidecar.ready", lines.get(0).path("type").asText());
        return lines.subList(1, lines.size());
    }
}
