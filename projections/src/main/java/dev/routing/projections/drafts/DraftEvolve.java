package dev.routing.projections.drafts;

import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.Turn;
import dev.routing.projections.turns.TurnBook;
import java.util.List;
import java.util.TreeSet;

/**
 * The drafts' evolve (RULES D1-D7, T2): what holding, dismissing, letting go and naming a draft leave
 * in the draft book; each counts as a draft entry for retention's next checkpoint (T3).
 */
public final class DraftEvolve {
    private DraftEvolve() {}

    public static void held(DraftBook book, TurnBook turns, Retention retention, DraftHeld h) {
        book.drawn++;
        Draft d = new Draft();
        d.id = h.draft();
        d.agent = h.agent();
        d.cause = h.cause();
        d.text = h.text();
        d.risk = h.risk();
        d.seq = book.nextSeq++;
        d.turn = h.turn();
        d.heldAtMillis = h.at().toEpochMilli();
        d.touchedMillis = d.heldAtMillis;
        book.put(d);
        TreeSet<String> gone = book.letGo.get(h.agent());
        if (gone != null) gone.remove(d.id);
        if ("bounced".equals(d.cause)) book.latestBounce.put(h.agent(), d.id);
        if (h.turn() != null) {
            Turn turn = turns.withReceiptDue(h.turn());
            if (turn != null) turn.held(d.id, h.quiet());
        }
        retention.draftEntries++;
    }

    public static void dismissed(DraftBook book, Retention retention, DraftDismissed x) {
        Draft d = book.get(x.agent(), x.draft());
        if (d == null) return;
        d.dismissed = true;
        book.recheck(d);
        d.touchedMillis = x.at().toEpochMilli();
        book.latestBounce.remove(x.agent(), x.draft());
        retention.draftEntries++;
    }

    public static void letGo(DraftBook book, DraftLetGo g) {
        book.remove(g.agent(), g.draft());
        book.latestBounce.remove(g.agent(), g.draft());
        TreeSet<String> gone = book.letGo.computeIfAbsent(g.agent(), a -> new TreeSet<>());
        gone.add(g.draft());
        while (gone.size() > DraftBook.REMEMBERED_LET_GO) gone.pollFirst();
    }

    /** D7: the drafts a notice names count as named. */
    public static void notice(DraftBook book, Retention retention, NoticeIssued n) {
        List<String> drafts = n.names().drafts();
        if (drafts.isEmpty()) return;
        book.named(n.agent(), n.notice(), drafts, n.at().toEpochMilli());
        retention.draftEntries++;
    }

    /** D7: whether a draft counts as named follows the notices on the agent's current branch. */
    public static void history(DraftBook book, HistoryChanged h, long lastNotice) {
        List<Long> off = h.removedNotices();
        for (int i = 0; i < off.size(); i++) book.noticeRemoved(h.agent(), off.get(i), lastNotice);
        List<Long> on = h.restoredNotices();
        for (int i = 0; i < on.size(); i++) book.noticeRestored(h.agent(), on.get(i));
    }

    /** A restart ends every open turn, aborted; D7: the notices given while one was open may never have been recorded. */
    public static void restarted(DraftBook book, TurnBook turns) {
        for (Turn turn : turns.open.values()) book.restarted(turn.agent, turn.noticesBefore);
    }

    /** T3: a retention checkpoint starts the count of draft entries again, and forgets the notices spent. */
    public static void retentionCheckpoint(DraftBook book, Retention retention) {
        retention.draftEntries = 0;
        book.forgetSpentNotices();
    }
}
