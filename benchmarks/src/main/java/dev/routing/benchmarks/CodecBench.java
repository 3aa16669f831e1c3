package dev.routing.benchmarks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Encode and decode, per entry type, in ns per entry: the codec (its streaming path) against the
 * candidates weighed in docs/decisions/0002-codec.md: databind and Blackbird on the codec's own
 * mapper, Smile on a mapper as strict but for two value readers. {@code type=all} is the week's mix in journal order.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", ChronicleFlags.E1, ChronicleFlags.E2, ChronicleFlags.E3, ChronicleFlags.E4,
    ChronicleFlags.E5, ChronicleFlags.O1, ChronicleFlags.O2, ChronicleFlags.O3, ChronicleFlags.O4, ChronicleFlags.Q1,
    ChronicleFlags.Q2, ChronicleFlags.Q3})
public class CodecBench {
    @Param({"all", "message.received", "wake.queued", "turn.started", "round.spoken", "tool.boundary", "turn.ended",
        "turn.opened", "speech.routed", "tool.decided", "publish.requested", "publish.settled", "publish.outcome",
        "draft.held", "notice.issued"})
    public String type;

    private Entry[] entries;
    private byte[][] json;
    private byte[][] stored;
    private byte[][] smile;
    private ObjectWriter databindWriter;
    private ObjectReader databindReader;
    private ObjectReader blackbirdReader;
    private ObjectWriter blackbirdWriter;
    private ObjectReader smileReader;
    private ObjectWriter smileWriter;
    private int next;

    @Setup
    public void setUp() throws Exception {
        List<Entry> of = Traffic.ofType(Traffic.week(), type);
        if (of.isEmpty()) throw new IllegalStateException("the simulated week holds no " + type);
        entries = of.toArray(Entry[]::new);
        json = Traffic.encoded(of);
        stored = of.stream().map(EntryCodec::store).toArray(byte[][]::new);
        ObjectMapper databind = EntryCodec.mapper();
        databindWriter = databind.writerFor(Entry.class);
        databindReader = databind.readerFor(Entry.class);
        ObjectMapper blackbird = databind.copy().registerModule(new BlackbirdModule());
        blackbirdWriter = blackbird.writerFor(Entry.class);
        blackbirdReader = blackbird.readerFor(Entry.class);
        // the codec's mapper cannot be copied onto another format; this one has its strictness but not
        // its two hand-written value readers (ISO instants, lone surrogates)
        ObjectMapper smileMapper = SmileMapper.builder().addModule(new JavaTimeModule())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .serializationInclusion(JsonInclude.Include.NON_NULL).build();
        smileWriter = smileMapper.writerFor(Entry.class);
        smileReader = smileMapper.readerFor(Entry.class);
        smile = new byte[entries.length][];
        for (int i = 0; i < entries.length; i++) smile[i] = smileWriter.writeValueAsBytes(entries[i]);
    }

    private int next() {
        int i = next;
        next = i + 1 == entries.length ? 0 : i + 1;
        return i;
    }

    /** The journal's form (schema 2, ADR 0003). */
    @Benchmark
    public byte[] store() {
        return EntryCodec.store(entries[next()]);
    }

    @Benchmark
    public Entry decodeStored() {
        byte[] b = stored[next()];
        return EntryCodec.decode(EntryCodec.SCHEMA_VERSION, b, 0, b.length);
    }

    /** The JSON codec (the wire, and journals of schema 1). */
    @Benchmark
    public byte[] encode() {
        return EntryCodec.encode(entries[next()]);
    }

    @Benchmark
    public Entry decode() {
        byte[] b = json[next()];
        return EntryCodec.decode(EntryCodec.JSON_SCHEMA, b, 0, b.length);
    }

    @Benchmark
    public byte[] encodeDatabind() throws Exception {
        return databindWriter.writeValueAsBytes(entries[next()]);
    }

    @Benchmark
    public Object decodeDatabind() throws Exception {
        byte[] b = json[next()];
        return databindReader.readValue(b, 0, b.length);
    }

    @Benchmark
    public byte[] encodeBlackbird() throws Exception {
        return blackbirdWriter.writeValueAsBytes(entries[next()]);
    }

    @Benchmark
    public Object decodeBlackbird() throws Exception {
        byte[] b = json[next()];
        return blackbirdReader.readValue(b, 0, b.length);
    }

    @Benchmark
    public byte[] encodeSmile() throws Exception {
        return smileWriter.writeValueAsBytes(entries[next()]);
    }

    @Benchmark
    public Object decodeSmile() throws Exception {
        byte[] b = smile[next()];
        return smileReader.readValue(b, 0, b.length);
    }

    /** Keeps the JIT from proving the arrays constant. */
    @Benchmark
    public void baseline(Blackhole hole) {
        hole.consume(json[next()]);
    }
}
