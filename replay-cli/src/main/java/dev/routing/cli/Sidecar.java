package dev.routing.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.Engine;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The sidecar protocol (docs/sidecar.md), over standard input or a socket: a {@code sidecar.ready}
 * line first, then, for each line read, the fact's decisions and a {@code fact.accepted}, or one
 * {@code fact.rejected} naming the line and field (nothing journaled for it, and the sidecar reads
 * on).
 *
 * <p>Group commit: the facts waiting on the input are decided and journaled in order, then one
 * sync covers them all, and only then are their answers written. No answer leaves before the sync
 * that covers it, so whatever a host was answered is on disk, and a host that resends what it has
 * no answer for (with its {@code seq}) loses nothing and has nothing decided twice.
 */
final class Sidecar {
    /** Facts one sync may cover at most, so a host piping a day in gets answers as it goes. */
    static final int BATCH = 512;

    private final ScriptRunner runner;
    private final Path journal;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(1 << 16);
    private final EntryCodec.JsonLines answers = EntryCodec.jsonLines(pending);

    Sidecar(ScriptRunner runner, Path journal) {
        this.runner = runner;
        this.journal = journal;
    }

    /**
     * Answers every line of {@code lines} on {@code out} until the input ends; the ready line first,
     * with {@code opening} (the decisions opening the journal made, which no line asked for).
     *
     * @throws IOException when the input or output fails (a socket's client went away): what was
     *         journaled and not answered is answered from the journal when the host resends it
     * @throws IllegalStateException when the engine stopped for good, after answering every fact
     *         before it that a sync could still cover
     */
    void serve(ScriptLines lines, OutputStream out, List<Decision> opening) throws IOException {
        runner.sync();
        out.write(line(ready(opening)));
        out.flush();
        int batch = 0;
        try {
            while (true) {
                String line;
                try {
                    line = lines.next();
                } catch (BadInputException bytes) {
                    pending.writeBytes(line(rejected(bytes)));
                    batch++;
                    line = "";
                }
                if (line == null) break;
                try {
                    Engine.Accepted accepted = runner.feed(lines.number(), line);
                    if (accepted != null) {
                        answer(accepted);
                        batch++;
                    }
                } catch (BadInputException bad) {
                    pending.writeBytes(line(rejected(bad)));
                    batch++;
                }
                if (batch >= BATCH || (batch > 0 && !lines.ready())) {
                    commit(out);
                    batch = 0;
                }
            }
        } catch (IllegalStateException stopped) {
            try {
                commit(out);
            } catch (RuntimeException | IOException cannot) {
                // the journal cannot sync: what it holds unsynced was never answered, and is kept or cut at the next open
            }
            throw stopped;
        }
        commit(out);
    }

    /** Syncs every group journaled so far, then writes their answers. */
    private void commit(OutputStream out) throws IOException {
        try {
            runner.sync();
        } catch (RuntimeException e) {
            pending.reset();
            throw e;
        }
        pending.writeTo(out);
        pending.reset();
        out.flush();
    }

    /** The decisions' lines, then {@code fact.accepted}: the bytes the mapper writes for that object. */
    private void answer(Engine.Accepted accepted) throws IOException {
        for (Decision d : accepted.decisions()) answers.entry(d);
        JsonGenerator g = answers.generator();
        g.writeStartObject();
        g.writeStringField("type", "fact.accepted");
        if (accepted.index() < 0) g.writeNullField("index");
        else g.writeNumberField("index", accepted.index());
        if (accepted.seq() == Engine.NO_SEQ) g.writeNullField("seq");
        else g.writeNumberField("seq", accepted.seq());
        g.writeNumberField("decisions", accepted.decisions().size());
        g.writeEndObject();
        answers.endLine();
    }

    private ObjectNode ready(List<Decision> opening) {
        Engine engine = runner.engine();
        ObjectNode r = EntryCodec.mapper().createObjectNode();
        r.put("type", "sidecar.ready");
        r.put("journal", journal.toAbsolutePath().toString());
        putIndex(r, "lastIndex", engine.journal().lastIndex());
        putSeq(r, "lastSeq", engine.lastSeq());
        r.put("rules", engine.rules().label());
        r.put("version", Version.NUMBER);
        ArrayNode decisions = r.putArray("opening");
        try {
            for (Decision d : opening) decisions.add(EntryCodec.mapper().readTree(EntryCodec.toJson(d)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    private static ObjectNode rejected(BadInputException e) {
        ObjectNode r = EntryCodec.mapper().createObjectNode();
        r.put("type", "fact.rejected");
        r.put("line", e.line());
        r.put("field", e.field());
        r.put("error", e.detail());
        return r;
    }

    private static void putIndex(ObjectNode node, String name, long index) {
        if (index < 0) node.putNull(name);
        else node.put(name, index);
    }

    private static void putSeq(ObjectNode node, String name, long seq) {
        if (seq == Engine.NO_SEQ) node.putNull(name);
        else node.put(name, seq);
    }

    private static byte[] line(ObjectNode node) {
        try {
            return (EntryCodec.mapper().writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
