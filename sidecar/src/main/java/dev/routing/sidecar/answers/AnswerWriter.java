package dev.routing.sidecar.answers;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.routing.engine.Engine;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The one writer of the lines a host is answered with (docs/sidecar.md, docs/schema's
 * sidecar.schema.json), and a script's run prints: the ready line, each decision as the codec writes
 * it, {@code fact.accepted} and {@code fact.rejected}, one compact JSON object a line, through one
 * generator (a generator made per line was a tenth of a sidecar's answer). Each line reaches {@code
 * out} whole at its end, flushed: its callers write into a buffer and hand the buffer on. Not
 * thread-safe: it belongs to the thread writing the lines.
 */
public final class AnswerWriter {
    private final EntryCodec.JsonLines lines;
    private final JsonGenerator g;

    public AnswerWriter(OutputStream out) {
        this.lines = EntryCodec.jsonLines(out);
        this.g = lines.generator();
    }

    public void ready(Ready ready) {
        try {
            g.writeStartObject();
            g.writeStringField("type", "sidecar.ready");
            g.writeStringField("journal", ready.journal());
            if (ready.lastIndex() < 0) g.writeNullField("lastIndex");
            else g.writeNumberField("lastIndex", ready.lastIndex());
            seq("lastSeq", ready.lastSeq());
            g.writeStringField("rules", ready.rules());
            g.writeStringField("version", ready.version());
            g.writeArrayFieldStart("opening");
            for (Decision d : ready.opening()) g.writeRawValue(EntryCodec.toJson(d));
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lines.endLine();
    }

    /** Each decision's line, as the codec writes it. */
    public void decisions(List<Decision> decisions) {
        for (Decision d : decisions) lines.entry(d);
    }

    public void answer(Answer answer) {
        if (answer instanceof Answer.Accepted accepted) accepted(accepted);
        else rejected((Answer.Rejected) answer);
    }

    /** The decisions' lines, then {@code fact.accepted}. */
    private void accepted(Answer.Accepted accepted) {
        decisions(accepted.decisions());
        try {
            g.writeStartObject();
            g.writeStringField("type", "fact.accepted");
            if (accepted.index() < 0) g.writeNullField("index");
            else g.writeNumberField("index", accepted.index());
            seq("seq", accepted.seq());
            g.writeNumberField("decisions", accepted.decisions().size());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lines.endLine();
    }

    private void rejected(Answer.Rejected rejected) {
        try {
            g.writeStartObject();
            g.writeStringField("type", "fact.rejected");
            g.writeNumberField("line", rejected.line());
            if (rejected.field() == null) g.writeNullField("field");
            else g.writeStringField("field", rejected.field());
            g.writeStringField("error", rejected.error());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lines.endLine();
    }

    private void seq(String name, long seq) throws IOException {
        if (seq == Engine.NO_SEQ) g.writeNullField(name);
        else g.writeNumberField(name, seq);
    }
}
