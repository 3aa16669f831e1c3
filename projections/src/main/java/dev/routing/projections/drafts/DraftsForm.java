package dev.routing.projections.drafts;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.routing.projections.packed.CheckpointForm;
import dev.routing.projections.packed.PackedIn;
import dev.routing.projections.packed.PackedOut;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;

/**
 * One resident's drafts ({@link DraftBook#drafts}) in a state checkpoint: packed, not one JSON
 * object a draft. A sidecar's simulated week kept about 6,000 drafts, 2 MB of its 2.8 MB checkpoint;
 * written as beans and read back token by token at every checkpoint, they were most of its cost.
 *
 * <p>The form, in {@link PackedOut}'s chunks: the count, then each draft in id order: its id (UTF-8
 * length and bytes), its flags ({@link #RISK} ...), its seq, held and touched times, then as its
 * flags say: its cause and text (strings), its turn, its attempts (a count, then each), the attempt
 * out, the attempt it waits behind, and its namings. The agent is the key the drafts are filed
 * under, and the id each is filed by: a draft filed under another is not packed. Read back
 * strictly: ids in increasing order, no flag this build does not know, no flag for what a writer
 * leaves out (no attempts, no namings), every string valid UTF-8. Nothing in the form is redundant:
 * a flipped bit may read as other drafts a writer could have written, which the journal's checksum of
 * each entry, not this form, rules out.
 *
 * <p>The canonical form ({@code state}, {@code verify}) and any checkpoint an earlier build wrote
 * stay a JSON object of drafts by id, which is read as before.
 */
final class DraftsForm {
    static final int RISK = 1;
    static final int DELIVERED = 1 << 1;
    static final int DISMISSED = 1 << 2;
    static final int UNCONFIRMED = 1 << 3;
    static final int NAMED = 1 << 4;
    static final int RENAME_DUE = 1 << 5;
    static final int CAUSE = 1 << 6;
    static final int TEXT = 1 << 7;
    static final int TURN = 1 << 8;
    static final int ATTEMPTS = 1 << 9;
    static final int OUT_ATTEMPT = 1 << 10;
    static final int QUEUED_BEHIND = 1 << 11;
    static final int NAMINGS = 1 << 12;
    static final int KNOWN = (1 << 13) - 1;

    private DraftsForm() {}

    /** Writes one resident's drafts as an object by id, or packed when a checkpoint's form is asked for. */
    static final class Write extends StdSerializer<HashMap<String, Draft>> {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Write() {
            super((Class) HashMap.class);
        }

        @Override
        public void serialize(HashMap<String, Draft> drafts, JsonGenerator out, SerializerProvider provider) throws IOException {
            String[] ids = drafts.keySet().toArray(new String[0]);
            Arrays.sort(ids);
            if (CheckpointForm.asked(provider)) {
                // the agent is the name the outer map gave this value, before the array opens a context of its own
                List<String> chunks = pack(out.getOutputContext().getCurrentName(), ids, drafts);
                out.writeStartArray();
                for (String chunk : chunks) out.writeString(chunk);
                out.writeEndArray();
                return;
            }
            // as the mapper writes any map: its entries in key order
            out.writeStartObject(drafts);
            for (String id : ids) {
                Draft d = drafts.get(id);
                if (d == null) continue; // left out, as the mapper leaves out a map's null values
                out.writeFieldName(id);
                provider.defaultSerializeValue(d, out);
            }
            out.writeEndObject();
        }
    }

    /** Reads either form: an object by id (canonical, or an earlier build's checkpoint), or packed chunks. */
    static final class Read extends StdDeserializer<HashMap<String, Draft>> {
        Read() {
            super(HashMap.class);
        }

        @Override
        public HashMap<String, Draft> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String agent = CheckpointForm.nameOfValue(p);
            if (p.currentToken() == JsonToken.START_ARRAY) {
                String whose = "the drafts of " + agent;
                return CheckpointForm.unpacked(p, whose, chunks -> unpack(whose, agent, chunks));
            }
            if (p.currentToken() != JsonToken.START_OBJECT) throw JsonMappingException.from(p, "the drafts of " + agent + ": neither an object nor chunks");
            HashMap<String, Draft> drafts = new HashMap<>();
            for (String id = p.nextFieldName(); id != null; id = p.nextFieldName()) {
                if (p.nextToken() == JsonToken.VALUE_NULL) throw JsonMappingException.from(p, "the draft " + id + " of " + agent + " is null");
                Draft d = ctxt.readValue(p, Draft.class);
                // filed as itself, or no checkpoint could be written of it again (the packed form names each once)
                if (!id.equals(d.id) || !Objects.equals(agent, d.agent)) {
                    throw JsonMappingException.from(p, "the draft " + d.id + " of " + d.agent + " is filed as " + id + " of " + agent);
                }
                drafts.put(id, d);
            }
            return drafts;
        }
    }

    /** {@code ids}: the drafts' keys, sorted. */
    static List<String> pack(String agent, String[] ids, HashMap<String, Draft> drafts) {
        String whose = "a draft of " + agent;
        PackedOut out = new PackedOut(drafts.size() * 128 + 16);
        out.varLong(ids.length);
        for (String id : ids) {
            Draft d = drafts.get(id);
            if (d == null) throw new IllegalStateException("the draft " + id + " of " + agent + " is null: it cannot be packed");
            if (!id.equals(d.id) || !Objects.equals(agent, d.agent)) {
                throw new IllegalStateException("the draft " + d.id + " of " + d.agent + " is filed as " + id + " of " + agent + ": it cannot be packed");
            }
            out.string(id, whose);
            out.varLong(flags(d)).varLong(d.seq).varLong(d.heldAtMillis).varLong(d.touchedMillis);
            if (d.cause != null) out.string(d.cause, whose);
            if (d.text != null) out.string(d.text, whose);
            if (d.turn != null) out.varLong(d.turn);
            if (!d.attempts.isEmpty()) {
                out.varLong(d.attempts.size());
                for (Long attempt : d.attempts) out.varLong(Objects.requireNonNull(attempt, () -> "an attempt of the draft " + id + " of " + agent + " is null"));
            }
            if (d.outAttempt != null) out.varLong(d.outAttempt);
            if (d.queuedBehind != null) out.varLong(d.queuedBehind);
            if (d.namings != 0) out.varLong(d.namings);
        }
        return out.chunks();
    }

    private static long flags(Draft d) {
        return (d.risk ? RISK : 0) | (d.delivered ? DELIVERED : 0) | (d.dismissed ? DISMISSED : 0) | (d.unconfirmed ? UNCONFIRMED : 0)
                | (d.named ? NAMED : 0) | (d.renameDue ? RENAME_DUE : 0) | (d.cause != null ? CAUSE : 0) | (d.text != null ? TEXT : 0)
                | (d.turn != null ? TURN : 0) | (d.attempts.isEmpty() ? 0 : ATTEMPTS) | (d.outAttempt != null ? OUT_ATTEMPT : 0)
                | (d.queuedBehind != null ? QUEUED_BEHIND : 0) | (d.namings != 0 ? NAMINGS : 0);
    }

    static HashMap<String, Draft> unpack(String what, String agent, List<String> chunks) {
        PackedIn in = new PackedIn(what, chunks);
        // an id, flags, seq and two times: at least 5 bytes a draft
        int count = in.count("drafts", 5);
        HashMap<String, Draft> drafts = new HashMap<>(Math.max(16, count * 4 / 3 + 1));
        String previous = null;
        for (int k = 0; k < count; k++) {
            Draft d = new Draft();
            d.id = in.string("the id of draft", k);
            if (previous != null && previous.compareTo(d.id) >= 0) throw in.refused("draft " + k + "'s id " + d.id + " is not after " + previous);
            previous = d.id;
            d.agent = agent;
            long flags = in.varLong();
            if ((flags & ~KNOWN) != 0) throw in.refused("draft " + d.id + " has flags this build does not know: " + flags);
            d.risk = (flags & RISK) != 0;
            d.delivered = (flags & DELIVERED) != 0;
            d.dismissed = (flags & DISMISSED) != 0;
            d.unconfirmed = (flags & UNCONFIRMED) != 0;
            d.named = (flags & NAMED) != 0;
            d.renameDue = (flags & RENAME_DUE) != 0;
            d.seq = in.varLong();
            d.heldAtMillis = in.varLong();
            d.touchedMillis = in.varLong();
            if ((flags & CAUSE) != 0) d.cause = in.string("the cause of draft", k);
            if ((flags & TEXT) != 0) d.text = in.string("the text of draft", k);
            if ((flags & TURN) != 0) d.turn = in.varLong();
            if ((flags & ATTEMPTS) != 0) {
                int attempts = in.count("attempts", 1);
                if (attempts == 0) throw in.refused("draft " + d.id + " is flagged with attempts and has no attempts");
                for (int a = 0; a < attempts; a++) d.attempts.add(in.varLong());
            }
            if ((flags & OUT_ATTEMPT) != 0) d.outAttempt = in.varLong();
            if ((flags & QUEUED_BEHIND) != 0) d.queuedBehind = in.varLong();
            if ((flags & NAMINGS) != 0) {
                long namings = in.varLong();
                if (namings == 0 || namings != (int) namings) throw in.refused("draft " + d.id + " has namings " + namings + ", not a count a writer flags");
                d.namings = (int) namings;
            }
            drafts.put(d.id, d);
        }
        in.end();
        return drafts;
    }
}
