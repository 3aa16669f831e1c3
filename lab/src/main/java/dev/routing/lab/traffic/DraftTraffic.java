package dev.routing.lab.traffic;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.lab.host.Host;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * Traffic that is nearly all drafts, for timing how long a journal with millions of draft entries
 * takes to open: a resident holds words beside sends, resends one of the last drafts it held now and
 * then, and the connector answers; each turn starts with what the {@link Host} has queued and not
 * read. Counts draft entries as retention does (T3): holds, draft attempts and their outcomes,
 * dismissals, notices naming drafts.
 */
public final class DraftTraffic {
    private static final String AGENT = "lo";

    private final Random random;
    private final Host host = new Host();
    private Instant now = Instant.parse("2026-11-02T08:00:00Z");
    private long ids;
    private long draftEntries;
    private final List<String> held = new ArrayList<>();
    private final Set<Long> draftAttempts = new HashSet<>();

    public DraftTraffic(long seed) {
        this.random = new Random(seed);
    }

    public long draftEntries() {
        return draftEntries;
    }

    /** Feeds turns until {@code target} draft entries have been written; returns the facts fed. */
    public long run(Function<Fact, List<Decision>> engine, long target, java.util.function.LongConsumer progress) {
        long facts = 2;
        feed(engine, new ChannelRegistered(tick(), "work", "discord", "#work", false));
        feed(engine, new AgentConfigured(tick(), AGENT, Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        while (draftEntries < target) {
            facts += turn(engine);
            progress.accept(draftEntries);
        }
        return facts;
    }

    private long turn(Function<Fact, List<Decision>> engine) {
        String m = "m" + (++ids);
        String w = "w" + (++ids);
        feed(engine, new MessageReceived(tick(), m, AGENT, "channel-message", "work", "discord", true, null, "go", "host", null, true));
        feed(engine, new WakeQueued(tick(), w, AGENT, "message", List.of(m), "work", null, null, null, null));
        feed(engine, new TurnStarted(tick(), AGENT, host.takeWakes(AGENT), host.takeUnread(AGENT), null, false));
        Long opened = host.openTurn(AGENT);
        long turn = opened == null ? -1 : opened;
        long facts = 4;
        boolean resend = !held.isEmpty() && random.nextInt(4) == 0;
        Call call = resend
                ? new Call("drafts", "work", null, null, "resend", List.of(held.get(random.nextInt(held.size()))), true, null, null)
                : new Call("send_message", "work", null, "see thread", null, null, null, null, null);
        for (PublishRequested p : feed(engine, new RoundSpoken(tick(), turn, 1, "Words " + ids + " for the room.", List.of(call), false))) {
            facts++;
            feed(engine, new PublishSettled(tick(), p.attempt(), random.nextInt(10) > 0 ? Boolean.TRUE : null,
                    "x" + p.attempt(), null, null, null));
        }
        feed(engine, new TurnEnded(tick(), turn));
        return facts + 1;
    }

    /** Reports the fact and reads the answer, as the host does; returns the attempts it asks the host to send. */
    private List<PublishRequested> feed(Function<Fact, List<Decision>> engine, Fact fact) {
        host.reported(fact);
        List<Decision> ds = engine.apply(fact);
        for (Decision d : ds) {
            if (d instanceof DraftHeld h) {
                draftEntries++;
                held.add(h.draft());
                if (held.size() > 200) held.remove(0);
            } else if (d instanceof PublishRequested p && !p.drafts().isEmpty()) {
                draftEntries++;
                draftAttempts.add(p.attempt());
            } else if (d instanceof PublishOutcome o && draftAttempts.remove(o.attempt())) {
                draftEntries++;
            } else if (d instanceof DraftDismissed) {
                draftEntries++;
            } else if (d instanceof NoticeIssued n && !n.names().drafts().isEmpty()) {
                draftEntries++;
            }
        }
        return host.answered(ds, nobody -> { });
    }

    private Instant tick() {
        now = now.plusSeconds(1 + random.nextInt(20));
        return now;
    }
}
