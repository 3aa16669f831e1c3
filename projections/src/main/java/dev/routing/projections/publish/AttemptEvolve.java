package dev.routing.projections.publish;

import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.drafts.DraftBook;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.Turn;
import dev.routing.projections.turns.TurnBook;
import java.util.List;

/**
 * The attempts' evolve (RULES J3, D3, D4, D6, D7): what a publish request and its outcome leave in
 * the attempt book, in the drafts it sends or queues, and in its turn's receipt.
 */
public final class AttemptEvolve {
    private AttemptEvolve() {}

    public static void requested(AttemptBook attempts, TurnBook turns, DraftBook book, Retention retention, PublishRequested p) {
        // The entry's own box, for every map and list that keeps the id.
        Long id = p.attempt();
        Attempt a = new Attempt();
        a.id = id;
        a.agent = p.agent();
        a.channel = p.channel();
        a.server = p.server();
        a.via = p.via();
        a.text = p.text();
        a.drafts = p.drafts();
        a.queued = p.queued();
        a.confirmDuplicate = p.confirmDuplicate();
        a.envelope = Boolean.TRUE.equals(p.envelope());
        a.turn = p.turn();
        a.requestedAtMillis = p.at().toEpochMilli();
        attempts.forgetUnknownBefore(a.requestedAtMillis - AttemptBook.KEEP_UNKNOWN_MILLIS);
        attempts.attempts.put(id, a);
        attempts.out.put(id, a);
        if (p.turn() != null) {
            Turn turn = turns.withReceiptDue(p.turn());
            if (turn != null) {
                turn.requested(id, a.channel);
                a.privateTurn = turn.isPrivate;
            }
        }
        List<String> drafts = p.drafts();
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = book.get(p.agent(), drafts.get(i));
            if (d == null) continue;
            d.outAttempt = id;
            d.attempts.add(id);
            d.touchedMillis = a.requestedAtMillis;
            d.queuedBehind = null;
        }
        List<String> queued = p.queued();
        for (int i = 0; i < queued.size(); i++) {
            Draft d = book.get(p.agent(), queued.get(i));
            if (d != null) d.queuedBehind = id;
        }
        if (!drafts.isEmpty()) retention.draftEntries++;
    }

    public static void outcome(AttemptBook attempts, TurnBook turns, DraftBook book, Retention retention, PublishOutcome o) {
        Long id = o.attempt();
        Attempt a = attempts.get(id);
        if (a == null) return;
        if (a.out()) a.settledAtMillis = o.at().toEpochMilli();
        attempts.out.remove(id);
        a.outcome = o.outcome();
        for (int i = 0; i < a.drafts.size(); i++) {
            Draft d = book.get(a.agent, a.drafts.get(i));
            if (d == null) continue;
            if (d.outAttempt != null && d.outAttempt == a.id) d.outAttempt = null;
            d.touchedMillis = o.at().toEpochMilli();
            switch (o.outcome()) {
                case "delivered" -> {
                    d.delivered = true;
                    book.recheck(d);
                }
                case "unknown" -> {
                    d.unconfirmed = true;
                    d.risk = true;
                }
                default -> { }
            }
        }
        for (int i = 0; i < a.queued.size(); i++) {
            Draft d = book.get(a.agent, a.queued.get(i));
            if (d != null && d.queuedBehind != null && d.queuedBehind == a.id) d.queuedBehind = null;
        }
        a.queued = List.of();
        if (!a.drafts.isEmpty()) retention.draftEntries++;
        // The receipt reads a settled attempt's outcome from its turn once the book lets it go (D7).
        Turn turn = a.turn == null ? null : turns.withReceiptDue(a.turn);
        if (turn != null) turn.settled(id, o.outcome());
        if (!"unknown".equals(o.outcome())) attempts.attempts.remove(id);
    }
}
