package dev.routing.engine.counterfactual;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine draws attempt and draft ids from its state, so two rule sets that publish or hold a
 * different number of times number what follows differently. This pairs each re-decided attempt
 * and draft with the recorded one it stands for (same fact, same words, same place), translates
 * the recorded facts that name them (a connector's answer, a drafts call), and writes re-decided
 * decisions with the recorded ids, so that equal decisions compare equal.
 */
final class IdMap {
    private static final Pattern ATTEMPT_FIELD = Pattern.compile("\"attempt\":(\\d+)");
    private static final Pattern ATTEMPT_WORD = Pattern.compile("([Aa]ttempt )(\\d+)");
    private static final Pattern DRAFT = Pattern.compile("d-[a-z0-9]{7}");
    private static final Pattern NOTICE_FIELD = Pattern.compile("\"notice\":(\\d+)");

    private final Map<Long, Long> attemptToRedecided = new HashMap<>();
    private final Map<Long, Long> attemptToRecorded = new HashMap<>();
    private final Map<String, String> draftToRedecided = new HashMap<>();
    private final Map<String, String> draftToRecorded = new HashMap<>();
    private final Map<Long, Long> noticeToRedecided = new HashMap<>();
    private final Map<Long, Long> noticeToRecorded = new HashMap<>();
    /** The newest notice id the journal records so far: a history change naming a later one names an id never given. */
    private long newestRecordedNotice;

    /** The fact as the re-deciding engine must see it, or null when it answers an attempt that was never made there. */
    Fact translate(Fact fact) {
        if (fact instanceof PublishSettled s) {
            Long mapped = attemptToRedecided.get(s.attempt());
            if (mapped == null) return null;
            if (mapped.equals(s.attempt())) return s;
            return new PublishSettled(s.at(), mapped, s.delivered(), s.messageId(), s.error(), s.connectorText(), s.connectorData());
        }
        if (fact instanceof HistoryChanged h && !(h.removedNotices().isEmpty() && h.restoredNotices().isEmpty())) {
            return new HistoryChanged(h.at(), h.agent(), h.branch(), h.removed(), h.restored(), notices(h.removedNotices()),
                    notices(h.restoredNotices()));
        }
        if (fact instanceof RoundSpoken r && r.calls().stream().anyMatch(c -> !c.draftIds().isEmpty())) {
            List<Call> calls = new ArrayList<>();
            for (Call c : r.calls()) {
                List<String> ids = c.draftIds().stream().map(id -> draftToRedecided.getOrDefault(id, id)).toList();
                calls.add(ids.equals(c.draftIds()) ? c : new Call(c.tool(), c.channel(), c.server(), c.text(), c.action(),
                        ids, c.confirmDuplicate(), c.permitted(), c.fromScript()));
            }
            return new RoundSpoken(r.at(), r.turn(), r.round(), r.text(), calls, r.privateThink());
        }
        return fact;
    }

    /**
     * The notices a history change names, as the re-deciding engine numbered them: one the other rules
     * never issued names nothing there and is dropped; an id the journal never gave stays one.
     */
    private List<Long> notices(List<Long> recorded) {
        List<Long> out = new ArrayList<>(recorded.size());
        for (Long id : recorded) {
            Long mapped = noticeToRedecided.get(id);
            if (mapped != null) out.add(mapped);
            else if (id > newestRecordedNotice || id < 1) out.add(Long.MAX_VALUE);
        }
        return out;
    }

    /**
     * Pairs the attempts, drafts and notices one fact's two answers made: in order, by agent, turn,
     * place and words (a notice by agent, turn and kind).
     */
    void pair(List<Decision> recorded, List<Decision> redecided) {
        List<NoticeIssued> toldThere = new ArrayList<>();
        for (Decision d : redecided) {
            if (d instanceof NoticeIssued n && n.notice() != null) toldThere.add(n);
        }
        for (Decision d : recorded) {
            if (!(d instanceof NoticeIssued n) || n.notice() == null) continue;
            newestRecordedNotice = Math.max(newestRecordedNotice, n.notice());
            for (int i = 0; i < toldThere.size(); i++) {
                NoticeIssued o = toldThere.get(i);
                if (o.agent().equals(n.agent()) && Objects.equals(o.turn(), n.turn()) && o.kind().equals(n.kind())) {
                    noticeToRedecided.put(n.notice(), o.notice());
                    noticeToRecorded.put(o.notice(), n.notice());
                    toldThere.remove(i);
                    break;
                }
            }
        }
        List<DraftHeld> heldThere = new ArrayList<>();
        List<PublishRequested> requestedThere = new ArrayList<>();
        for (Decision d : redecided) {
            if (d instanceof DraftHeld h) heldThere.add(h);
            if (d instanceof PublishRequested p) requestedThere.add(p);
        }
        for (Decision d : recorded) {
            if (d instanceof DraftHeld h) {
                for (int i = 0; i < heldThere.size(); i++) {
                    DraftHeld o = heldThere.get(i);
                    if (o.agent().equals(h.agent()) && Objects.equals(o.turn(), h.turn()) && o.cause().equals(h.cause())
                            && o.text().equals(h.text())) {
                        draftToRedecided.put(h.draft(), o.draft());
                        draftToRecorded.put(o.draft(), h.draft());
                        heldThere.remove(i);
                        break;
                    }
                }
            }
        }
        for (Decision d : recorded) {
            if (d instanceof PublishRequested p) {
                for (int i = 0; i < requestedThere.size(); i++) {
                    PublishRequested o = requestedThere.get(i);
                    if (o.agent().equals(p.agent()) && Objects.equals(o.turn(), p.turn()) && o.channel().equals(p.channel())
                            && o.via().equals(p.via()) && o.text().equals(p.text())
                            && recordedDrafts(o.drafts()).equals(p.drafts())) {
                        attemptToRedecided.put(p.attempt(), o.attempt());
                        attemptToRecorded.put(o.attempt(), p.attempt());
                        requestedThere.remove(i);
                        break;
                    }
                }
            }
        }
    }

    private List<String> recordedDrafts(List<String> ids) {
        return ids.stream().map(id -> draftToRecorded.getOrDefault(id, id)).toList();
    }

    /** A recorded decision, as JSON for comparison. */
    static String recordedForm(Decision d) {
        return EntryCodec.toJson(d);
    }

    /** A re-decided decision as JSON, with its ids written as the recorded ones it stands for ({@code *N} when none). */
    String redecidedForm(Decision d) {
        String json = EntryCodec.toJson(d);
        json = replace(ATTEMPT_FIELD, json, m -> "\"attempt\":" + attempt(Long.parseLong(m.group(1))));
        json = replace(ATTEMPT_WORD, json, m -> m.group(1) + attempt(Long.parseLong(m.group(2))));
        json = replace(NOTICE_FIELD, json, m -> "\"notice\":" + notice(Long.parseLong(m.group(1))));
        return replace(DRAFT, json, m -> draftToRecorded.getOrDefault(m.group(), m.group()));
    }

    private String notice(long redecided) {
        Long recorded = noticeToRecorded.get(redecided);
        return recorded != null ? recorded.toString() : "*" + redecided;
    }

    private String attempt(long redecided) {
        Long recorded = attemptToRecorded.get(redecided);
        return recorded != null ? recorded.toString() : "*" + redecided;
    }

    private static String replace(Pattern pattern, String text, java.util.function.Function<Matcher, String> with) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) return text;
        StringBuilder out = new StringBuilder();
        do {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
        } while (m.find());
        m.appendTail(out);
        return out.toString();
    }
}
