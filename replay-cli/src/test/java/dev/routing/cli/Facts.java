package dev.routing.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.testing.Scripts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Fact lines for scripts (PROTOCOL.md), and the project's scenario scripts. */
final class Facts {
    static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Facts() {}

    /** {@code T0} plus some seconds, as a fact's {@code at}. */
    static String at(int seconds) {
        return T0.plusSeconds(seconds).toString();
    }

    /** One fact line: {@code type}, {@code at}, then name/value pairs (a String value that is JSON text is inlined). */
    static String fact(String type, int seconds, Object... fields) {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", type);
        node.put("at", at(seconds));
        for (int i = 0; i < fields.length; i += 2) {
            node.set((String) fields[i], JSON.valueToTree(fields[i + 1]));
        }
        return node.toString();
    }

    static String channel(int s, String channel) {
        return fact("channel.registered", s, "channel", channel, "server", "discord", "label", "#" + channel);
    }

    static String agent(int s, String agent) {
        return fact("agent.configured", s, "agent", agent, "mode", "locus", "locusPolicy", "delivery");
    }

    /**
     * A whole turn answering an addressed message in {@code channel}: message, wake, start, one
     * round (with {@code calls}, a JSON list), end. Five facts, at {@code s} to {@code s + 4}.
     */
    static List<String> channelTurn(int s, String agent, long turn, String channel, String text, String calls) {
        String m = "m" + agent + turn;
        String w = "w" + agent + turn;
        try {
            return List.of(
                    fact("message.received", s, "id", m, "agent", agent, "kind", "channel-message", "channel", channel,
                            "server", "discord", "addressed", true, "text", "@" + agent + " status?", "writer", "host"),
                    fact("wake.queued", s + 1, "id", w, "agent", agent, "cause", "message", "messages", List.of(m),
                            "channel", channel),
                    fact("turn.started", s + 2, "agent", agent, "wakes", List.of(w), "reads", List.of(m)),
                    fact("round.spoken", s + 3, "turn", turn, "round", 1, "text", text, "calls", JSON.readTree(calls)),
                    fact("turn.ended", s + 4, "turn", turn));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> channelTurn(int s, String agent, long turn, String text) {
        return channelTurn(s, agent, turn, "work", text, "[]");
    }

    /** Writes lines, one per line, to {@code file}. */
    static Path write(Path file, List<String> lines) {
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(String... lines) {
        return new ArrayList<>(List.of(lines));
    }

    /**
     * A scenario script of the project (engine's test resources, scenarios/), copied into
     * {@code dir} so {@code run} reads it from a file as a user would.
     */
    static Path scenario(String name, Path dir) {
        try {
            return Files.copy(Scripts.named(name), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
