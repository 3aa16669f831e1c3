package dev.routing.engine.testing;

import dev.routing.engine.testing.Action.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Draws random host streams (lists of {@link Action}) from a seed: the same seed, the same stream. */
public final class StreamGenerator {
    private static final Kind[] WEIGHTED = {
        Kind.CHANNEL_MESSAGE, Kind.CHANNEL_MESSAGE, Kind.OPERATOR_MESSAGE, Kind.OPERATOR_MESSAGE, Kind.WORK_MESSAGE,
        Kind.WAKE, Kind.WAKE, Kind.WAKE, Kind.START, Kind.START, Kind.START, Kind.ROUND, Kind.ROUND, Kind.ROUND,
        Kind.ROUND, Kind.BOUNDARY, Kind.BOUNDARY, Kind.END, Kind.END, Kind.SETTLE, Kind.SETTLE, Kind.SCRIPT,
        Kind.FOCUS, Kind.HISTORY, Kind.RESTART, Kind.CLOCK_JUMP, Kind.CONFIGURE, Kind.REQUEUE, Kind.STRAY
    };

    private StreamGenerator() {}

    /** {@link DraftsHost}'s steps: holds, resends, settles, dismissals, {{unsent}}, restarts, clock jumps. */
    public static final Kind[] DRAFTS = {
        Kind.HOLD, Kind.HOLD, Kind.HOLD, Kind.HOLD, Kind.HOLD, Kind.RESEND, Kind.RESEND, Kind.SETTLE, Kind.SETTLE,
        Kind.SETTLE, Kind.DISMISS, Kind.UNSENT, Kind.RESTART, Kind.CLOCK_JUMP, Kind.ENVELOPE, Kind.ENVELOPE,
        Kind.HYBRID_HOLD, Kind.REFUSED_CALL
    };

    /** Three agents' long histories on three days, a restart in the second, a message on the fourth: three sealed days. */
    public static List<Action> threeLongDays() {
        List<Action> s = new ArrayList<>();
        for (int day = 0; day < 3; day++) {
            s.add(new Action(Kind.LONG_HISTORY, day, day, 0));
            if (day == 1) s.add(new Action(Kind.RESTART, 0, 0, 0));
            s.add(new Action(Kind.CLOCK_JUMP, 0, 3, 0)); // a day later
        }
        s.add(new Action(Kind.CHANNEL_MESSAGE, 0, 1, 1));
        return s;
    }

    /** {@link #threeLongDays} without the day after: the journal ends in the third day, its ids on the heap and logged. */
    public static List<Action> threeLongDaysEndingInTheThird() {
        List<Action> days = threeLongDays();
        return days.subList(0, days.size() - 2);
    }

    public static List<Action> stream(long seed, int maxLength) {
        return stream(seed, maxLength, WEIGHTED);
    }

    /**
     * A stream whose agents first build long histories ({@link StreamHost#LONG_HISTORY} messages and
     * more each, read and answered), then go on at random: old ids are named by wakes, reads, redos
     * and scripts long after they were let go.
     */
    public static List<Action> withLongHistories(long seed, int maxLength) {
        List<Action> actions = stream(seed, maxLength);
        SplittableRandom random = new SplittableRandom(~seed);
        int agents = StreamHost.AGENTS.length;
        for (int agent = 0; agent < agents; agent++) {
            actions.add(agents + agent, new Action(Kind.LONG_HISTORY, agent, random.nextInt(100), random.nextInt(100)));
        }
        return actions;
    }

    /** Every {@code every}-th seed a stream with long histories ({@link #withLongHistories}), else a plain one. */
    public static List<Action> mixed(long seed, int maxLength, int every) {
        return every > 0 && Math.floorMod(seed, every) == 0 ? withLongHistories(seed, maxLength) : stream(seed, maxLength);
    }

    public static List<Action> stream(long seed, int maxLength, Kind[] weighted) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Action> actions = new ArrayList<>();
        for (int agent = 0; agent < StreamHost.AGENTS.length; agent++) {
            actions.add(new Action(Kind.CONFIGURE, agent, random.nextInt(100), random.nextInt(100)));
        }
        int length = 5 + random.nextInt(Math.max(1, maxLength - 5));
        for (int i = 0; i < length; i++) {
            Kind kind = weighted[random.nextInt(weighted.length)];
            actions.add(new Action(kind, random.nextInt(100), random.nextInt(100), random.nextInt(100)));
        }
        return actions;
    }
}
