package dev.routing.engine.drafts;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Destination;
import dev.routing.engine.calls.CallPlan;
import dev.routing.engine.context.Context;
import dev.routing.engine.context.Emitter;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.ToolDecided;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The engine's own {@code drafts} tool (RULES D4): list, read, resend, dismiss, scoped to the
 * calling resident: another resident's id reads as unknown. A resend publishes verbatim, in
 * order, stops at the first draft it cannot send, and counts as an explicit send.
 */
public final class DraftsTool {
    public static final String TOOL = "drafts";
    static final int MAX_RESEND = 20;
    static final int PAGE = 20;
    static final int PREVIEW = 60;
    /** What the drafts reads of one fact may show in all, in characters: no more than a fact may carry. */
    public static final int READ_CHARS = Fact.MAX_BYTES;

    private DraftsTool() {}

    /**
     * The call's plan, read against the drafts as earlier calls of the round leave them
     * ({@code claims}, which this call's own takings join). {@code sendsSilence}: a resend that sends
     * counts as an explicit send (locus and hybrid mode).
     */
    public static CallPlan plan(Context ctx, Turn turn, int round, int index, Call call, boolean sendsSilence, Claims claims) {
        String action = call.action() == null ? "list" : call.action();
        String extra = unexpected(action, call);
        if (extra != null) return refused(ctx, turn, round, index, "drafts " + action + " takes no " + extra + ": nothing was done");
        return switch (action) {
            case "list" -> CallPlan.reporting(CallPlan.Kind.DRAFTS,
                    c -> answer(c, turn, round, index, true, null, list(c, turn.agent), null, false));
            case "read" -> read(ctx, turn, round, index, call.draftIds());
            case "resend" -> resend(ctx, turn, round, index, call, sendsSilence, claims);
            case "dismiss" -> dismiss(ctx, turn, round, index, call, claims);
            default -> refused(ctx, turn, round, index, "unknown action '" + action + "': use list, read, resend or dismiss");
        };
    }

    /** An argument the action does not take, or null: such a call is refused rather than half-read. */
    static String unexpected(String action, Call call) {
        if (call.text() != null) return "text";
        if ("resend".equals(action)) return null;
        if ("list".equals(action) && !call.draftIds().isEmpty()) return "draftIds";
        if (call.channel() != null) return "channel";
        if (call.server() != null) return "server";
        if (call.confirmDuplicate()) return "confirmDuplicate";
        return null;
    }

    /** D4: a read answers when it names a draft of the resident's; one that names none is refused, saying why. */
    private static CallPlan read(Context ctx, Turn turn, int round, int index, List<String> ids) {
        if (ids.isEmpty()) return refused(ctx, turn, round, index, "read takes 1 or more draft ids");
        boolean any = ids.stream().anyMatch(id -> ctx.state().drafts.get(turn.agent, id) != null);
        return any ? CallPlan.reporting(CallPlan.Kind.DRAFTS, c -> answer(c, turn, round, index, true, null,
                read(c, turn.agent, ids), null, false)) : refused(ctx, turn, round, index, read(ctx, turn.agent, ids));
    }

    private static CallPlan answered(ToolDecided answer, CallPlan.Effect effect) {
        return CallPlan.answered(CallPlan.Kind.DRAFTS, answer, effect);
    }

    private static ToolDecided answer(Context ctx, Turn turn, int round, int index, boolean allowed, String channel,
            String result, String refusal, boolean send) {
        ToolDecided answer = new ToolDecided(ctx.at(), turn.id, round, index, TOOL, allowed, channel, refusal, turn.agent,
                result != null ? result : refusal, send ? true : null, send ? channel : null);
        ctx.because(answer).rule("D4").turn(turn.id);
        return answer;
    }

    private static String list(Context ctx, String agent) {
        Collection<Draft> all = ctx.state().drafts.newestFirst(agent);
        if (all.isEmpty()) return "No drafts.";
        // About a line's length for each draft shown, so the answer is rarely copied as it grows.
        StringBuilder out = new StringBuilder(Math.min(all.size(), PAGE) * (PREVIEW + 48));
        int shown = 0;
        for (Draft d : all) {
            if (shown++ == PAGE) break;
            String preview = TextCut.shortened(d.text, PREVIEW);
            out.append(d.id).append(" · ").append(Describe.state(d)).append(" · ").append(d.cause)
                    .append(" · ").append(preview.replace('\n', ' ')).append('\n');
        }
        if (all.size() > PAGE) out.append(all.size() - PAGE).append(" older drafts not shown.\n");
        return out.toString().strip();
    }

    /**
     * Each draft named, whole, once, while they fit in what the fact's reads may still show
     * ({@link Emitter#readBudget}: all the drafts reads of one fact share {@link #READ_CHARS}); the
     * first that does not fit is shown cut when it is the answer's first, and the rest are named
     * for a later call. So no read, however many or large the drafts, outgrows a journal group.
     */
    private static String read(Context ctx, String agent, List<String> ids) {
        StringBuilder out = new StringBuilder();
        List<String> notShown = new ArrayList<>();
        List<String> again = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean anyShown = false;
        for (String id : ids) {
            if (!seen.add(id)) {
                if (!again.contains(id)) again.add(id);
                continue;
            }
            Draft d = ctx.state().drafts.get(agent, id);
            if (d == null) {
                out.append(id).append(": ").append(missing(ctx, agent, id)).append('\n');
                continue;
            }
            String head = id + " (" + Describe.state(d) + ", " + Describe.cause(d.cause) + "):\n";
            int room = ctx.out().readBudget();
            if (!notShown.isEmpty() || head.length() + d.text.length() > room) {
                if (!anyShown && notShown.isEmpty() && room > head.length() + 1_000) {
                    int cut = TextCut.at(d.text, room - head.length());
                    out.append(head).append(d.text, 0, cut).append(String.format(Locale.ROOT, "\n(the first %,d of its %,d characters:"
                            + " a read shows at most %,d; a resend sends it whole)\n", cut, d.text.length(), READ_CHARS));
                    ctx.out().spendReadBudget(room);
                    anyShown = true;
                } else {
                    notShown.add(id);
                }
                continue;
            }
            out.append(head).append(d.text).append('\n');
            ctx.out().spendReadBudget(head.length() + d.text.length());
            anyShown = true;
        }
        if (!notShown.isEmpty()) {
            out.append(String.format(Locale.ROOT, "Not shown, to keep this answer within the %,d characters one read may show: %s%s;"
                    + " read them in another call.\n", READ_CHARS, String.join(", ", notShown.subList(0, Math.min(PAGE, notShown.size()))),
                    notShown.size() > PAGE ? " and " + (notShown.size() - PAGE) + " more" : ""));
        }
        if (!again.isEmpty()) {
            out.append("Named more than once, shown once: ").append(String.join(", ", again.subList(0, Math.min(PAGE, again.size()))))
                    .append(again.size() > PAGE ? " and " + (again.size() - PAGE) + " more" : "").append('\n');
        }
        return out.toString().strip();
    }

    /**
     * D4: a resend. It counts as a send (and silences its round, M6) only when it requests an
     * attempt; one that sends nothing counts for nothing. A walk that sends nothing is refused,
     * unless it answered a delivered draft with its historical receipt.
     */
    private static CallPlan resend(Context ctx, Turn turn, int round, int index, Call call, boolean sendsSilence,
            Claims claims) {
        List<String> ids = call.draftIds();
        if (ids.isEmpty() || ids.size() > MAX_RESEND) return refused(ctx, turn, round, index, "resend takes 1 to " + MAX_RESEND + " draft ids");
        Destination to = destination(ctx, turn, call);
        if (!to.ok()) return refused(ctx, turn, round, index, "Nothing was sent: " + to.refusal());
        StringBuilder result = new StringBuilder();
        Resend.Next next = Resend.next(ctx, turn.agent, ids, call.confirmDuplicate(), claims, result);
        if (next.draft() == null) {
            String said = result.toString().strip();
            if (next.stoppedAt() != null || !next.receipts()) return refused(ctx, turn, round, index, said);
            return answered(answer(ctx, turn, round, index, true, to.channel(), said, null, false), CallPlan.Effect.NONE);
        }
        Draft first = next.draft();
        claims.send(first.id);
        claims.queue(next.queued());
        result.append(first.id).append(": sent to ").append(to.channel()).append(", awaiting its outcome.\n");
        if (!next.queued().isEmpty()) {
            result.append("Queued behind it, each sent once the one before it is delivered: ")
                    .append(String.join(", ", next.queued())).append('\n');
        }
        ToolDecided answer = answer(ctx, turn, round, index, true, to.channel(), result.toString().strip(), null, sendsSilence);
        ctx.because(answer).drafts(turn.agent, ids);
        return CallPlan.sending(CallPlan.Kind.DRAFTS, answer, to.channel(), c -> Attempts.request(c, turn.agent, turn.id,
                to, first.text, List.of(first.id), Attempts.RESEND, next.queued(), call.confirmDuplicate()).rule("D4")
                .decision(answer));
    }

    /**
     * Where a resend goes: the channel it names, strictly (O4: an empty server selector is refused,
     * not read as absent); with none, a conversation fork's home, except for a named agent (M5) or
     * in a private turn (P14: nothing picks a channel for it); otherwise it is refused.
     */
    static Destination destination(Context ctx, Turn turn, Call call) {
        if (call.server() != null && call.server().isBlank()) return Destination.refused(Destination.EMPTY_SERVER);
        if (call.namesChannel() || turn.home == null) return Destination.resolve(ctx.state(), call.channel(), call.server());
        if (turn.mode == Mode.NAMED) {
            return Destination.refused("a named agent's resend must name its channel: nothing is sent to the fork's home");
        }
        if (turn.isPrivate) return Destination.refused("a private turn's resend must name its channel");
        return Destination.resolve(ctx.state(), turn.home, call.server());
    }

    private static CallPlan refused(Context ctx, Turn turn, int round, int index, String why) {
        return answered(answer(ctx, turn, round, index, false, null, null, why, false), CallPlan.Effect.NONE);
    }

    private static CallPlan dismiss(Context ctx, Turn turn, int round, int index, Call call, Claims claims) {
        List<Draft> dismissed = new ArrayList<>();
        StringBuilder result = new StringBuilder();
        for (String id : call.draftIds()) {
            Draft d = ctx.state().drafts.get(turn.agent, id);
            if (d == null) {
                result.append(id).append(": ").append(missing(ctx, turn.agent, id)).append('\n');
            } else if (d.outAttempt != null || claims.sending(id)) {
                result.append(id).append(": not dismissed: ")
                        .append(d.outAttempt != null ? "its attempt " + d.outAttempt + " is out" : "a resend of this round is sending it")
                        .append(", and words on their way cannot be called back.\n");
            } else if (d.dismissed || claims.dismissed(id)) {
                result.append(id).append(": already dismissed.\n");
            } else {
                dismissed.add(d);
                claims.dismiss(id);
                result.append(id).append(": dismissed")
                        .append(d.unconfirmed || d.risk ? "; it may already have been posted" : "").append(".\n");
            }
        }
        boolean any = !dismissed.isEmpty();
        ToolDecided answer = answer(ctx, turn, round, index, any, null, any ? result.toString().strip() : null,
                any ? null : result.toString().strip(), false);
        ctx.because(answer).drafts(turn.agent, call.draftIds());
        return answered(answer, c -> {
            for (Draft d : dismissed) {
                c.emit(new DraftDismissed(c.at(), d.id, turn.agent, d.unconfirmed || d.risk)).rule("D4").draft(turn.agent, d.id)
                        .decision(answer);
            }
        });
    }

    /** T4: an id retention let go is refused by name; any other unknown id is just unknown. */
    static String missing(Context ctx, String agent, String id) {
        return ctx.state().drafts.wasLetGo(agent, id)
                ? "that draft was let go by retention; nothing was sent"
                : "no draft of yours has that id";
    }
}
