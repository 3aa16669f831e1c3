package dev.routing.engine.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the entries an audit reads most (about nine in ten: messages, wakes, starts, rounds,
 * boundaries, turn ends, openings, routed speech, tool decisions, attempts, outcomes, holds) with a
 * streaming parser, into the same records {@link EntryCodec} builds; any other type, or an entry of
 * another schema version, goes to the codec. It trusts what the journal holds (the codec checked
 * every entry on its way in), passes over fields it does not know, and leaves out a connector's
 * raw data ({@code connectorData}), which the audit does not read.
 */
final class FastDecoder {
    private static final JsonFactory JSON = new JsonFactory();

    private FastDecoder() {}

    static Entry decode(int version, byte[] json, int offset, int length) {
        try (JsonParser p = JSON.createParser(json, offset, length)) {
            p.nextToken();
            return next(p, version, json, offset, offset + length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A parser over many entries' JSON, one after another (a batch is parsed with one parser). */
    static JsonParser parser(byte[] json, int offset, int length) {
        try {
            return JSON.createParser(json, offset, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The entry whose object the parser is at (its current token the object's start), which spans
     * {@code json[from, to)}; the parser is left at the object's end.
     */
    static Entry next(JsonParser p, int version, byte[] json, int from, int to) throws IOException {
        if (version != EntryCodec.SCHEMA_VERSION || p.currentToken() != JsonToken.START_OBJECT
                || p.nextToken() != JsonToken.FIELD_NAME || !"type".equals(p.currentName())
                || p.nextToken() != JsonToken.VALUE_STRING) {
            return codec(p, version, json, from, to);
        }
        Entry entry = switch (p.getText()) {
            case "message.received" -> message(p);
            case "wake.queued" -> wake(p);
            case "turn.started" -> started(p);
            case "round.spoken" -> round(p);
            case "tool.boundary" -> boundary(p);
            case "turn.ended" -> ended(p);
            case "publish.settled" -> settled(p);
            case "turn.opened" -> opened(p);
            case "speech.routed" -> routed(p);
            case "tool.decided" -> decided(p);
            case "publish.requested" -> requested(p);
            case "publish.outcome" -> outcome(p);
            case "draft.held" -> held(p);
            default -> null;
        };
        return entry != null ? entry : codec(p, version, json, from, to);
    }

    /** Leaves the object to the codec: skips to its end, then decodes its bytes. */
    private static Entry codec(JsonParser p, int version, byte[] json, int from, int to) throws IOException {
        int depth = 1;
        for (JsonToken t = p.currentToken(); depth > 0 && t != null; ) {
            t = p.nextToken();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) depth++;
            else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) depth--;
        }
        return EntryCodec.decode(version, json, from, to - from);
    }

    /** The fields of one object, as the parser meets them. */
    private static final class Fields {
        private final JsonParser p;

        Fields(JsonParser p) {
            this.p = p;
        }

        /** The next field's name, its value token current; null at the object's end. */
        String next() throws IOException {
            if (p.nextToken() != JsonToken.FIELD_NAME) return null;
            String name = p.currentName();
            p.nextToken();
            return name;
        }

        String text() throws IOException {
            return p.currentToken() == JsonToken.VALUE_NULL ? null : p.getText();
        }

        Long number() throws IOException {
            return p.currentToken() == JsonToken.VALUE_NULL ? null : p.getLongValue();
        }

        Integer integer() throws IOException {
            return p.currentToken() == JsonToken.VALUE_NULL ? null : p.getIntValue();
        }

        Boolean bool() {
            JsonToken t = p.currentToken();
            return t == JsonToken.VALUE_TRUE ? Boolean.TRUE : t == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
        }

        Instant instant() throws IOException {
            return p.currentToken() == JsonToken.VALUE_NULL ? null : FastDecoder.instant(p.getText());
        }

        List<String> strings() throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) return null;
            List<String> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) out.add(p.getText());
            return out;
        }

        void skip() throws IOException {
            p.skipChildren();
        }
    }

    private static MessageReceived message(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        String id = null, agent = null, kind = null, channel = null, server = null, text = null, writer = null;
        Boolean addressed = null, wakes = null;
        List<String> tags = null;
        Long fromTurn = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "id" -> id = f.text();
                case "agent" -> agent = f.text();
                case "kind" -> kind = f.text();
                case "channel" -> channel = f.text();
                case "server" -> server = f.text();
                case "addressed" -> addressed = f.bool();
                case "tags" -> tags = f.strings();
                case "text" -> text = f.text();
                case "writer" -> writer = MessageReceived.asJournaled(f.text());
                case "fromTurn" -> fromTurn = f.number();
                case "wakes" -> wakes = f.bool();
                default -> f.skip();
            }
        }
        return new MessageReceived(at, id, agent, kind, channel, server, addressed, tags, text, writer, fromTurn, wakes);
    }

    private static WakeQueued wake(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        String id = null, agent = null, cause = null, channel = null, retake = null;
        List<String> messages = null;
        Long armedBy = null, waitedOn = null;
        Boolean privateSurface = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "id" -> id = f.text();
                case "agent" -> agent = f.text();
                case "cause" -> cause = f.text();
                case "messages" -> messages = f.strings();
                case "channel" -> channel = f.text();
                case "armedBy" -> armedBy = f.number();
                case "retake" -> retake = f.text();
                case "waitedOn" -> waitedOn = f.number();
                case "privateSurface" -> privateSurface = f.bool();
                default -> f.skip();
            }
        }
        return new WakeQueued(at, id, agent, cause, messages, channel, armedBy, retake, waitedOn, privateSurface);
    }

    private static TurnStarted started(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        String agent = null;
        List<String> wakes = null, reads = null;
        Long continues = null;
        Boolean silent = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "agent" -> agent = f.text();
                case "wakes" -> wakes = f.strings();
                case "reads" -> reads = f.strings();
                case "continues" -> continues = f.number();
                case "silent" -> silent = f.bool();
                default -> f.skip();
            }
        }
        return new TurnStarted(at, agent, wakes, reads, continues, silent);
    }

    private static RoundSpoken round(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        Integer round = null;
        String text = null;
        List<Call> calls = null;
        Boolean privateThink = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                case "round" -> round = f.integer();
                case "text" -> text = f.text();
                case "calls" -> calls = calls(p);
                case "privateThink" -> privateThink = f.bool();
                default -> f.skip();
            }
        }
        return new RoundSpoken(at, turn, round, text, calls, privateThink);
    }

    private static List<Call> calls(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) return null;
        List<Call> calls = new ArrayList<>();
        Fields f = new Fields(p);
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String tool = null, channel = null, server = null, text = null, action = null;
            List<String> draftIds = null;
            Boolean confirmDuplicate = null, permitted = null, fromScript = null;
            for (String n; (n = f.next()) != null; ) {
                switch (n) {
                    case "tool" -> tool = f.text();
                    case "channel" -> channel = f.text();
                    case "server" -> server = f.text();
                    case "text" -> text = f.text();
                    case "action" -> action = f.text();
                    case "draftIds" -> draftIds = f.strings();
                    case "confirmDuplicate" -> confirmDuplicate = f.bool();
                    case "permitted" -> permitted = f.bool();
                    case "fromScript" -> fromScript = f.bool();
                    default -> f.skip();
                }
            }
            calls.add(new Call(tool, channel, server, text, action, draftIds, confirmDuplicate, permitted, fromScript));
        }
        return calls;
    }

    private static ToolBoundary boundary(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        List<String> injected = null;
        Boolean endsTurn = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                case "injected" -> injected = f.strings();
                case "endsTurn" -> endsTurn = f.bool();
                default -> f.skip();
            }
        }
        return new ToolBoundary(at, turn, injected, endsTurn);
    }

    private static TurnEnded ended(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                default -> f.skip();
            }
        }
        return new TurnEnded(at, turn);
    }

    private static PublishSettled settled(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long attempt = null;
        Boolean delivered = null;
        String messageId = null, error = null, connectorText = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "attempt" -> attempt = f.number();
                case "delivered" -> delivered = f.bool();
                case "messageId" -> messageId = f.text();
                case "error" -> error = f.text();
                case "connectorText" -> connectorText = f.text();
                default -> f.skip();
            }
        }
        return new PublishSettled(at, attempt, delivered, messageId, error, connectorText, null);
    }

    private static TurnOpened opened(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        String agent = null, why = null, locus = null, fallback = null, server = null, trigger = null;
        Boolean isPrivate = null;
        List<String> causes = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                case "agent" -> agent = f.text();
                case "private" -> isPrivate = f.bool();
                case "why" -> why = f.text();
                case "locus" -> locus = f.text();
                case "fallback" -> fallback = f.text();
                case "server" -> server = f.text();
                case "trigger" -> trigger = f.text();
                case "causes" -> causes = f.strings();
                default -> f.skip();
            }
        }
        return new TurnOpened(at, turn, agent, isPrivate, why, locus, fallback, server, trigger, causes);
    }

    private static SpeechRouted routed(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        Integer round = null, segment = null;
        String text = null, agent = null, envelope = null;
        Route route = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                case "round" -> round = f.integer();
                case "segment" -> segment = f.integer();
                case "text" -> text = f.text();
                case "route" -> route = route(f);
                case "agent" -> agent = f.text();
                case "envelope" -> envelope = f.text();
                default -> f.skip();
            }
        }
        return new SpeechRouted(at, turn, round, segment, text, route, agent, envelope);
    }

    private static Route route(Fields f) throws IOException {
        String kind = null, channel = null, server = null, why = null, draft = null, cause = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "kind" -> kind = f.text();
                case "channel" -> channel = f.text();
                case "server" -> server = f.text();
                case "why" -> why = f.text();
                case "draft" -> draft = f.text();
                case "cause" -> cause = f.text();
                default -> f.skip();
            }
        }
        return new Route(kind, channel, server, why, draft, cause);
    }

    private static ToolDecided decided(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long turn = null;
        Integer round = null, call = null;
        String tool = null, channel = null, refusal = null, agent = null, result = null, place = null;
        Boolean allowed = null, send = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "turn" -> turn = f.number();
                case "round" -> round = f.integer();
                case "call" -> call = f.integer();
                case "tool" -> tool = f.text();
                case "allowed" -> allowed = f.bool();
                case "channel" -> channel = f.text();
                case "refusal" -> refusal = f.text();
                case "agent" -> agent = f.text();
                case "result" -> result = f.text();
                case "send" -> send = f.bool();
                case "place" -> place = f.text();
                default -> f.skip();
            }
        }
        return new ToolDecided(at, turn, round, call, tool, allowed, channel, refusal, agent, result, send, place);
    }

    private static PublishRequested requested(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long attempt = null, turn = null;
        String agent = null, channel = null, server = null, text = null, via = null;
        List<String> drafts = null, queued = null;
        Boolean confirmDuplicate = null, envelope = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "attempt" -> attempt = f.number();
                case "agent" -> agent = f.text();
                case "channel" -> channel = f.text();
                case "server" -> server = f.text();
                case "text" -> text = f.text();
                case "drafts" -> drafts = f.strings();
                case "via" -> via = f.text();
                case "turn" -> turn = f.number();
                case "queued" -> queued = f.strings();
                case "confirmDuplicate" -> confirmDuplicate = f.bool();
                case "envelope" -> envelope = f.bool();
                default -> f.skip();
            }
        }
        return new PublishRequested(at, attempt, agent, channel, server, text, drafts, via, turn, queued, confirmDuplicate,
                envelope);
    }

    private static PublishOutcome outcome(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        Long attempt = null;
        String outcome = null, why = null, agent = null, connectorText = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "attempt" -> attempt = f.number();
                case "outcome" -> outcome = f.text();
                case "why" -> why = f.text();
                case "agent" -> agent = f.text();
                case "connectorText" -> connectorText = f.text();
                default -> f.skip();
            }
        }
        return new PublishOutcome(at, attempt, outcome, why, agent, connectorText, null);
    }

    private static DraftHeld held(JsonParser p) throws IOException {
        Fields f = new Fields(p);
        Instant at = null;
        String draft = null, agent = null, cause = null, text = null;
        Boolean risk = null, quiet = null;
        Long turn = null;
        for (String n; (n = f.next()) != null; ) {
            switch (n) {
                case "at" -> at = f.instant();
                case "draft" -> draft = f.text();
                case "agent" -> agent = f.text();
                case "cause" -> cause = f.text();
                case "text" -> text = f.text();
                case "risk" -> risk = f.bool();
                case "turn" -> turn = f.number();
                case "quiet" -> quiet = f.bool();
                default -> f.skip();
            }
        }
        return new DraftHeld(at, draft, agent, cause, text, risk, turn, quiet);
    }

    /** {@code 2026-11-02T09:14:03.120Z} read by hand (the journal's own form); anything else by {@link Instant#parse}. */
    static Instant instant(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (n > 20 && (s.charAt(19) != '.' || n > 30))) {
            return Instant.parse(s);
        }
        int nanos = 0;
        int digits = 0;
        for (int i = 20; i < n - 1; i++, digits++) nanos = nanos * 10 + digit(s, i);
        if (n > 20 && digits == 0) return Instant.parse(s);
        for (int i = digits; i < 9; i++) nanos *= 10;
        long day = LocalDate.of(number(s, 0, 4), number(s, 5, 7), number(s, 8, 10)).toEpochDay();
        int hour = number(s, 11, 13);
        int minute = number(s, 14, 16);
        int second = number(s, 17, 19);
        if (hour > 23 || minute > 59 || second > 59) return Instant.parse(s);
        return Instant.ofEpochSecond(day * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    }

    private static int number(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) v = v * 10 + digit(s, i);
        return v;
    }

    private static int digit(String s, int i) {
        char c = s.charAt(i);
        if (c < '0' || c > '9') throw new IllegalArgumentException("not an instant: " + s);
        return c - '0';
    }
}
