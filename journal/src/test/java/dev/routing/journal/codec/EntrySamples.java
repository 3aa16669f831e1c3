package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.journal.event.Entry;
import java.util.List;

/**
 * Realistic entries of every type, as the JSON lines a host writes and the engine journals.
 * {@link #FULL} gives each type with every optional field present (nested records included),
 * {@link #MINIMAL} with only its required fields. They are text, not constructor calls, so that
 * adding an optional field to a record does not break this file; {@code EntryCodecTest} then
 * fails until the new field has a value in {@link #FULL}.
 */
public final class EntrySamples {
    public static final String AT = "2026-11-02T09:14:03.120Z";

    public static final List<String> FULL = lines("""
        {"type":"agent.configured","at":"@AT","agent":"qa","mode":"hybrid","locusPolicy":"latest-inbound","tools":["send_message","channel_publish"],"run":true,"home":"fork-7"}
        {"type":"channel.registered","at":"@AT","channel":"work","server":"discord","label":"#work","inboundOnly":true}
        {"type":"focus.opened","at":"@AT","agent":"qa","channel":"work","turn":3}
        {"type":"focus.closed","at":"@AT","agent":"qa","channel":"work","turn":4}
        {"type":"message.received","at":"@AT","id":"m1","agent":"qa","kind":"channel-message","channel":"work","server":"discord","addressed":true,"tags":["ambient","system"],"text":"status? \\"quoted\\" \u00fcn\u00efcode \u2603 \\ud83d\\ude00\\n2nd line\\ttab","writer":"host","fromTurn":2,"wakes":false}
        {"type":"wake.queued","at":"@AT","id":"w1","agent":"qa","cause":"retake","messages":["m1","m2"],"channel":"work","armedBy":5,"retake":"nudge","waitedOn":6,"privateSurface":true}
        {"type":"turn.started","at":"@AT","agent":"qa","wakes":["w1"],"reads":["m1"],"continues":7,"silent":true}
        {"type":"tool.boundary","at":"@AT","turn":7,"injected":["m3"],"endsTurn":true}
        {"type":"round.spoken","at":"@AT","turn":7,"round":2,"text":"All green.\\n\\nShipping now.","calls":[{"tool":"send_message","channel":"work","server":"discord","text":"hi all","action":"send","draftIds":["d-a1b2c3d"],"confirmDuplicate":true,"permitted":false,"fromScript":true},{"tool":"channel_publish","channel":"home","server":"slack","text":"done","action":"publish","draftIds":[],"confirmDuplicate":false,"permitted":true,"fromScript":false}],"privateThink":true}
        {"type":"turn.ended","at":"@AT","turn":7}
        {"type":"script.called","at":"@AT","agent":"qa","turn":7,"tool":"channel_publish","channel":"work","server":"discord","text":"report"}
        {"type":"publish.settled","at":"@AT","attempt":12,"delivered":true,"messageId":"msg-991","error":"error-response","connectorText":"429 slow down","connectorData":{"retryAfter":3,"nested":{"ok":false,"list":[1,"two",null,2.5,-9007199254740993]}}}
        {"type":"history.changed","at":"@AT","agent":"qa","branch":"main","removed":["m1"],"restored":["m2"],"removedNotices":[4,5],"restoredNotices":[3]}
        {"type":"process.restarted","at":"@AT"}
        {"type":"engine.started","at":"@AT","rules":"0.30.0","cut":"cut a torn tail of 1 excerpt(s) never acknowledged"}
        {"type":"turn.opened","at":"@AT","turn":8,"agent":"qa","private":true,"why":"private-surface","locus":"work","fallback":"focus","server":"discord","trigger":"work","causes":["message","heartbeat"]}
        {"type":"turn.continued","at":"@AT","turn":8,"agent":"qa","private":true,"why":"private-wake"}
        {"type":"turn.madePrivate","at":"@AT","turn":8,"where":"boundary","why":"private-input"}
        {"type":"turn.locusMoved","at":"@AT","turn":8,"locus":"ops","server":"discord","why":"channel_open","sticky":true}
        {"type":"speech.routed","at":"@AT","turn":8,"round":1,"segment":0,"text":"Hello.","route":{"kind":"publish","channel":"work","server":"discord"},"agent":"qa","envelope":"#work"}
        {"type":"speech.routed","at":"@AT","turn":8,"round":1,"segment":1,"text":"Aside.","route":{"kind":"private","why":"private-turn"},"agent":"qa"}
        {"type":"speech.routed","at":"@AT","turn":8,"round":1,"segment":2,"text":"Later.","route":{"kind":"held","draft":"d-0000001","cause":"explicit-send"},"agent":"qa"}
        {"type":"speech.routed","at":"@AT","turn":8,"round":1,"segment":3,"text":"Oops.","route":{"kind":"bounced","draft":"d-0000002"},"agent":"qa","envelope":"skip_reply"}
        {"type":"tool.decided","at":"@AT","turn":8,"round":1,"call":0,"tool":"channel_publish","allowed":false,"channel":"work","refusal":"this turn is private","agent":"qa","result":"refused","send":true,"place":"work"}
        {"type":"publish.requested","at":"@AT","attempt":13,"agent":"qa","channel":"work","server":"discord","text":"Hello.","drafts":["d-0000001"],"via":"resend","turn":8,"queued":["d-0000004"],"confirmDuplicate":true,"envelope":true}
        {"type":"publish.outcome","at":"@AT","attempt":13,"outcome":"unknown","why":"no-response","agent":"qa","connectorText":"timeout","connectorData":{"status":504,"retry":[true,false]}}
        {"type":"draft.held","at":"@AT","draft":"d-0000003","agent":"qa","cause":"bounced","text":"Oops.","risk":true,"turn":8,"quiet":true}
        {"type":"draft.dismissed","at":"@AT","draft":"d-0000003","agent":"qa","risk":true}
        {"type":"draft.letGo","at":"@AT","draft":"d-0000003","agent":"qa"}
        {"type":"notice.issued","at":"@AT","agent":"qa","kind":"bounce","names":{"channels":["work"],"drafts":["d-0000003"]},"text":"Your words were held.","wake":true,"turn":8,"notice":12}
        {"type":"retention.checkpoint","at":"@AT","through":4294967301,"kept":3,"letGo":1}
        {"type":"state.checkpoint","at":"@AT","through":4294967302,"entries":501,"state":{"privacy":{"turns":[{"turn":8,"private":true}]},"drafts":{},"rng":12345},"lastSeq":41}
        """);

    public static final List<String> MINIMAL = lines("""
        {"type":"agent.configured","at":"@AT","agent":"qa","mode":"locus"}
        {"type":"channel.registered","at":"@AT","channel":"work","server":"discord"}
        {"type":"focus.opened","at":"@AT","agent":"qa","channel":"work"}
        {"type":"focus.closed","at":"@AT","agent":"qa"}
        {"type":"message.received","at":"@AT","id":"m1","agent":"qa","kind":"external-message","writer":"module"}
        {"type":"wake.queued","at":"@AT","id":"w1","agent":"qa","cause":"message"}
        {"type":"turn.started","at":"@AT","agent":"qa"}
        {"type":"tool.boundary","at":"@AT","turn":7}
        {"type":"round.spoken","at":"@AT","turn":7,"round":1,"text":""}
        {"type":"turn.ended","at":"@AT","turn":7}
        {"type":"script.called","at":"@AT","agent":"qa","turn":7,"tool":"send_message"}
        {"type":"publish.settled","at":"@AT","attempt":12}
        {"type":"history.changed","at":"@AT","agent":"qa"}
        {"type":"process.restarted","at":"@AT"}
        {"type":"engine.started","at":"@AT","rules":"current"}
        {"type":"turn.opened","at":"@AT","turn":1,"agent":"qa","private":false}
        {"type":"turn.continued","at":"@AT","turn":1,"private":false}
        {"type":"turn.madePrivate","at":"@AT","turn":1,"where":"start","why":"private-wake"}
        {"type":"turn.locusMoved","at":"@AT","turn":1,"locus":"ops","why":"latest-inbound"}
        {"type":"speech.routed","at":"@AT","turn":1,"round":1,"segment":0,"text":"Hi.","route":{"kind":"private"}}
        {"type":"tool.decided","at":"@AT","tool":"drafts","allowed":true}
        {"type":"publish.requested","at":"@AT","attempt":1,"agent":"qa","channel":"work","text":"Hi.","via":"speech"}
        {"type":"publish.outcome","at":"@AT","attempt":1,"outcome":"delivered"}
        {"type":"draft.held","at":"@AT","draft":"d-0000001","agent":"qa","cause":"no-destination","text":"Hi."}
        {"type":"draft.dismissed","at":"@AT","draft":"d-0000001","agent":"qa"}
        {"type":"draft.letGo","at":"@AT","draft":"d-0000001","agent":"qa"}
        {"type":"notice.issued","at":"@AT","agent":"qa","kind":"receipt","text":"Nothing was posted."}
        {"type":"retention.checkpoint","at":"@AT","through":0,"kept":0,"letGo":0}
        {"type":"state.checkpoint","at":"@AT","through":0,"entries":0,"state":{}}
        """);

    private EntrySamples() {}

    public static List<Entry> full() {
        return FULL.stream().map(EntryCodec::readEntry).toList();
    }

    public static List<Entry> minimal() {
        return MINIMAL.stream().map(EntryCodec::readEntry).toList();
    }

    public static JsonNode tree(String json) {
        try {
            return EntryCodec.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static List<String> lines(String block) {
        return block.lines().map(String::strip).filter(l -> !l.isEmpty()).map(l -> l.replace("@AT", AT)).toList();
    }
}
