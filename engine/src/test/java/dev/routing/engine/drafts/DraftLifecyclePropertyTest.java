package dev.routing.engine.drafts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.DraftsHost;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.projections.retention.Retention;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The draft state machine over random streams of holds, resends, settles of every shape,
 * dismissals, {{unsent}} sends, restarts and clock jumps (D4, D6, J3, T1-T4): nothing is published
 * twice unless confirmDuplicate said so; never two attempts out for one draft; retention never lets
 * go one of a resident's 100 newest, one touched in the last 7 days, or one whose attempt is out.
 * Over envelopes whose delivery fails, hybrid's hold, bare {{unsent}} and refused calls too: no
 * placeholder or routing prefix is ever held or posted (D1, D5); a provably failed envelope bounces
 * its words with no failure marker (D1); hybrid's plain speech after a bad envelope is never
 * published (M2); a refused call makes no drafts round (M6, M7); a receipt never comes before an
 * outcome of its turn's attempts (D7).
 * (Restored state equal to live state is J2's property, over the same streams.)
 */
class DraftLifecyclePropertyTest {

    @Test
    void D4_T1_T2_T4_draftsAreNeverSentTwiceUnbiddenNorLetGoTooSoon() {
        int[] retention = {0};
        Property.check("draft lifecycle", Property.baseSeed(5_000_000L), Math.max(2, Property.streams(10_000) / 250),
                seed -> StreamGenerator.stream(seed, 1_500, StreamGenerator.DRAFTS),
                DraftLifecyclePropertyTest::violation, DraftLifecyclePropertyTest::facts);
        for (int i = 0; i < 5; i++) {
            List<Decision> ds = DraftsHost.play(new CoreSink(RuleSet.CURRENT),
                    StreamGenerator.stream(5_000_000L + i, 1_500, StreamGenerator.DRAFTS)).decisions();
            if (ds.stream().anyMatch(d -> d instanceof RetentionCheckpoint)) retention[0]++;
        }
        assertTrue(retention[0] > 0, "no stream reached a retention checkpoint: the retention half checked nothing");
    }

    /** What the oracle knows of one draft. */
    private static final class Seen {
        String agent;
        long seq;
        long touched;
        String last = "held";
        boolean risk;
    }

    static String facts(List<Action> stream) {
        CoreSink sink = new CoreSink(RuleSet.CURRENT);
        DraftsHost.play(sink, stream);
        StringBuilder out = new StringBuilder();
        sink.entries().stream().filter(e -> e instanceof dev.routing.journal.event.Fact)
                .forEach(f -> out.append(dev.routing.journal.codec.EntryCodec.toJson(f)).append('\n'));
        return out.toString();
    }

    static String violation(List<Action> stream) {
        CoreSink sink = new CoreSink(RuleSet.CURRENT);
        DraftsHost.play(sink, stream);
        Map<String, Seen> drafts = new HashMap<>();
        Map<Long, List<String>> attempts = new HashMap<>();
        long seq = 0;
        long now = 0;
        Map<Long, PublishRequested> requested = new HashMap<>();
        Map<Long, List<Long>> outByTurn = new HashMap<>();
        java.util.Set<String> allowedDrafts = new java.util.HashSet<>();
        java.util.Set<String> pendingDraftsRound = new java.util.HashSet<>();
        String bounceDue = null;
        for (var entry : sink.entries()) {
            now = Math.max(now, entry.at().toEpochMilli());
            if (entry instanceof dev.routing.journal.event.Fact) {
                if (bounceDue != null) return "a failed envelope's words '" + bounceDue + "' were not bounced into a draft";
                for (String round : pendingDraftsRound) {
                    if (!allowedDrafts.contains(round)) return "round " + round + " kept its speech as a drafts round beside refused calls only";
                }
                allowedDrafts.clear();
                pendingDraftsRound.clear();
            }
            String words = entry instanceof DraftHeld h ? h.text() : entry instanceof PublishRequested p ? p.text() : null;
            if (words != null && (words.contains("{{unsent}}") || words.startsWith(">>"))) {
                return entry.getClass().getSimpleName() + " holds routing syntax: '" + words + "'";
            }
            if (entry instanceof PublishRequested p) {
                requested.put(p.attempt(), p);
                if (p.turn() != null) outByTurn.computeIfAbsent(p.turn(), t -> new ArrayList<>()).add(p.attempt());
            } else if (entry instanceof PublishOutcome o) {
                PublishRequested p = requested.get(o.attempt());
                if (p != null && p.turn() != null) outByTurn.getOrDefault(p.turn(), new ArrayList<>()).remove(o.attempt());
                if (p != null && Boolean.TRUE.equals(p.envelope()) && o.outcome().equals("failed")) bounceDue = p.text();
            } else if (entry instanceof NoticeIssued n && n.kind().equals("send-failed") && bounceDue != null) {
                return "a failed envelope got the failure marker: " + n.text();
            } else if (entry instanceof NoticeIssued n && n.kind().equals("receipt") && n.turn() != null
                    && !outByTurn.getOrDefault(n.turn(), List.of()).isEmpty()) {
                return "turn " + n.turn() + "'s receipt came while attempts " + outByTurn.get(n.turn()) + " were out";
            } else if (entry instanceof dev.routing.journal.event.ToolDecided t && t.tool().equals("drafts") && t.allowed()) {
                allowedDrafts.add(t.turn() + "/" + t.round());
            } else if (entry instanceof dev.routing.journal.event.SpeechRouted r) {
                if (r.agent().equals("hy") && r.envelope() == null && r.text().startsWith(DraftsHost.HELD_AFTER)
                        && r.route().isPublish()) {
                    return "hybrid published plain speech after a bad envelope: " + r.text();
                }
                // A round's tool.decided follows its speech: checked at the next fact.
                if ("drafts-round".equals(r.route().why())) pendingDraftsRound.add(r.turn() + "/" + r.round());
            }
            if (entry instanceof DraftHeld h) {
                if (h.cause().equals("bounced") && h.text().equals(bounceDue)) bounceDue = null;
                Seen s = new Seen();
                s.agent = h.agent();
                s.seq = seq++;
                s.touched = now;
                s.risk = h.risk();
                drafts.put(h.agent() + "/" + h.draft(), s);
            } else if (entry instanceof PublishRequested p) {
                attempts.put(p.attempt(), p.drafts().stream().map(id -> p.agent() + "/" + id).toList());
                for (String key : attempts.get(p.attempt())) {
                    Seen s = drafts.get(key);
                    if (s == null) return "attempt " + p.attempt() + " names an unknown draft " + key;
                    if (s.last.equals("out")) return "two attempts out at once for " + key;
                    if (s.last.equals("delivered")) return key + " was delivered, yet attempt " + p.attempt() + " sends it again";
                    if ((s.last.equals("unknown") || s.risk) && !p.confirmDuplicate()) {
                        return key + " may have been posted, yet attempt " + p.attempt() + " sends it without confirmDuplicate";
                    }
                    s.last = "out";
                    s.touched = now;
                }
            } else if (entry instanceof PublishOutcome o) {
                for (String key : attempts.getOrDefault(o.attempt(), List.of())) {
                    Seen s = drafts.get(key);
                    if (s == null) continue;
                    s.touched = now;
                    if (o.outcome().equals("delivered")) s.last = "delivered";
                    else if (o.outcome().equals("unknown") || s.last.equals("unknown")) s.last = "unknown";
                    else s.last = "held";
                }
            } else if (entry instanceof DraftDismissed x) {
                Seen s = drafts.get(x.agent() + "/" + x.draft());
                if (s != null && s.last.equals("out")) return "dismissed " + x.draft() + " while its attempt was out";
                if (s != null) s.touched = now;
            } else if (entry instanceof NoticeIssued n) {
                for (String id : n.names().drafts()) {
                    Seen s = drafts.get(n.agent() + "/" + id);
                    if (s != null) s.touched = now;
                }
            } else if (entry instanceof DraftLetGo g) {
                String key = g.agent() + "/" + g.draft();
                Seen s = drafts.get(key);
                if (s == null) return "let go an unknown draft " + key;
                if (s.last.equals("out")) return "let go " + key + " while its attempt was out";
                if (now - s.touched < Retention.KEEP_TOUCHED_MILLIS) return "let go " + key + ", touched " + (now - s.touched) + " ms ago";
                long newer = drafts.values().stream().filter(o -> o.agent.equals(s.agent) && o.seq > s.seq).count();
                if (newer < Retention.KEEP_NEWEST) return "let go " + key + ", one of its resident's " + Retention.KEEP_NEWEST + " newest";
                drafts.remove(key);
            }
        }
        return null;
    }
}
