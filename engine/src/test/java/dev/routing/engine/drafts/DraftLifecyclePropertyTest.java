package dev.routing.engine.drafts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.DraftsHost;
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
        for (var entry : sink.entries()) {
            now = Math.max(now, entry.at().toEpochMilli());
            if (entry instanceof DraftHeld h) {
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
