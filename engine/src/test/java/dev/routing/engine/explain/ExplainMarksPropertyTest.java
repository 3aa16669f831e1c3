package dev.routing.engine.explain;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.Action.Kind;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.Sink;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Supplier;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sealed day's marks ({@code DAYF.marks}: its checkpoints, and the group of its last standing fact
 * of each kind and subject) change what explain reads, never what it answers: over random journals
 * of several UTC days written by the engine on Chronicle, decisions are explained on the journal as
 * written (every rolled day marked), then again after every {@code *.marks} file is deleted (every
 * day walked raw), and the explanations are equal. Every decision is asked about by one explainer
 * that answers them all, newest first (as an audit's findings share one); up to {@link #ALONE} of
 * those after the first day, each by an explainer of its own (as {@code explain --index} asks).
 *
 * <p>Our own seeded runner (docs/decisions/0001): a failing journal is shrunk to a minimal stream,
 * printed with its seed; {@code -Dproperty.seed=S -Dproperty.streams=1} replays it (S for every
 * setup). The streams are {@link Action}s read by {@link Days}, a host of its own (standing facts
 * are what this property is about, and {@code StreamHost} registers its channels once):
 *
 * <ul>
 *   <li>{@code CONFIGURE(a,b,c)}: standing configuration: an agent's {@code agent.configured} (a % 6 &lt; 3;
 *       mode, locus policy, a home, a run from b and c), else a channel's {@code channel.registered}
 *       ({@code c0} to {@code c2}, by {@code discord} or {@code slack});
 *   <li>{@code FOCUS}: the agent's focus opened on {@code c0} or {@code c1}, or closed; {@code HISTORY}: a
 *       stored message, or a notice that named drafts, taken off the agent's branch or put back (an
 *       unknown id when it has none);
 *   <li>{@code CHANNEL_MESSAGE}, {@code OPERATOR_MESSAGE}, {@code WAKE} (a self-wake, whose turn falls back
 *       on the focus; a heartbeat; a wake for the unread messages), {@code START}, {@code ROUND},
 *       {@code END}, {@code SETTLE}, {@code RESTART}: traffic, turns, published answers and their
 *       settles, restarts;
 *   <li>{@code CLOCK_JUMP}: the next day (b % 6 = 0, the generator's day ends), the day's last second, two
 *       days (a day with no file), or seconds to hours.
 * </ul>
 *
 * Every day holds a published answer (a message, a start, a plain round), and most days a
 * self-wake's turn published where the agent's focus falls back (a focus opened that day, or one
 * standing from a day before): the first day, the middle ones and the last, unsealed, one all hold
 * decisions resting on standing facts of earlier days and of their own, re-opened, re-registered and
 * re-configured on the same day and on others.
 */
class ExplainMarksPropertyTest {
    @TempDir
    Path dir;

    /**
     * How the journal is written: the rules, and a state checkpoint every so many entries (once the
     * journal has also grown by twice the last one's size: with the host's long messages, every 4
     * gives a day two or three checkpoints, every 40 about one, and some days none).
     */
    private record Setup(String name, RuleSet rules, int checkpointEvery, long base) {
    }

    private static final List<Setup> SETUPS = List.of(
            new Setup("checkpoint every 4 entries", RuleSet.CURRENT, 4, 9_700_000L),
            new Setup("checkpoint every 4 entries, 0.30.0 rules", RuleSet.V0_30_0, 4, 9_710_000L),
            new Setup("checkpoint every 40 entries", RuleSet.CURRENT, 40, 9_720_000L));

    @Test
    void anExplanationWithTheSealedDaysMarksIsTheExplanationWithoutThem() {
        // 5 journals a setup in the default build (15 in all, a few seconds), 100 under -Psoak
        int streams = Math.max(1, Property.streams(10_000) / 2_000);
        for (Setup setup : SETUPS) {
            int[] run = {0};
            Property.check("explain with marks = explain without (" + setup.name() + ")", Property.baseSeed(setup.base()), streams,
                    ExplainMarksPropertyTest::stream,
                    stream -> onItsOwnThread(() -> check(dir.resolve("j" + setup.base() + "-" + run[0]++), setup, stream)),
                    stream -> facts(setup, stream));
        }
    }

    /**
     * Runs one journal's check on a thread that ends with it. Chronicle keeps a thread-local for every
     * day file a queue opens, and each new one first looks through all those still held by live
     * threads: on the test's own thread they pile up, and a run's hundredth journal (a shrink's are
     * many) opens its days ten times slower than its first. A thread's go when it ends.
     */
    private static String onItsOwnThread(Supplier<String> check) {
        String[] said = new String[1];
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                said[0] = check.get();
            } catch (RuntimeException | Error e) {
                thrown[0] = e;
            }
        }, "explain-marks-journal");
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (thrown[0] instanceof RuntimeException r) throw r;
        if (thrown[0] instanceof Error e) throw e;
        return said[0];
    }

    // --- the streams

    private static final Kind[] WEIGHTED = {
        Kind.CONFIGURE, Kind.CONFIGURE, Kind.CONFIGURE, Kind.FOCUS, Kind.FOCUS, Kind.FOCUS, Kind.HISTORY, Kind.HISTORY,
        Kind.CHANNEL_MESSAGE, Kind.CHANNEL_MESSAGE, Kind.CHANNEL_MESSAGE, Kind.OPERATOR_MESSAGE, Kind.WAKE, Kind.WAKE,
        Kind.START, Kind.START, Kind.START, Kind.ROUND, Kind.ROUND, Kind.ROUND, Kind.END, Kind.SETTLE, Kind.SETTLE,
        Kind.RESTART, Kind.CLOCK_JUMP
    };

    /**
     * Every agent configured and every channel registered, then three to five days of 6 to 40 random
     * steps each (a random jump may begin another), a published answer and most days a focus's
     * fallback at random places in each; the days end by a jump to the next.
     */
    static List<Action> stream(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Action> actions = new ArrayList<>();
        for (int a = 0; a < 6; a++) actions.add(new Action(Kind.CONFIGURE, a, random.nextInt(100), random.nextInt(100)));
        int days = 3 + random.nextInt(3);
        for (int day = 0; day < days; day++) {
            List<Action> today = new ArrayList<>();
            int steps = 6 + random.nextInt(35);
            for (int i = 0; i < steps; i++) {
                today.add(new Action(WEIGHTED[random.nextInt(WEIGHTED.length)], random.nextInt(100), random.nextInt(100),
                        random.nextInt(100)));
            }
            int agent = random.nextInt(Days.AGENTS.length);
            // an addressed message that wakes, a start that opens a turn to read it, a plain round: published
            today.addAll(random.nextInt(today.size() + 1), List.of(new Action(Kind.CHANNEL_MESSAGE, agent, 2 * random.nextInt(50), 1),
                    new Action(Kind.START, agent, 0, 1), new Action(Kind.ROUND, agent, 0, 1)));
            if (random.nextInt(4) > 0) {
                // a self-wake's turn of its own (the agent's waiting wakes taken in by a turn before it), whose plain round
                // goes where the agent's focus falls back (P17): a focus opened before it today, or one standing from a day before
                int focused = random.nextInt(Days.AGENTS.length);
                int at = random.nextInt(today.size() + 1);
                if (random.nextInt(3) == 0) today.add(at++, new Action(Kind.FOCUS, focused, 0, random.nextInt(100)));
                today.addAll(at + random.nextInt(today.size() - at + 1), List.of(new Action(Kind.START, focused, 0, 1),
                        new Action(Kind.WAKE, focused, 1, 0), new Action(Kind.START, focused, 0, 1), new Action(Kind.ROUND, focused, 0, 1)));
            }
            actions.addAll(today);
            if (day + 1 < days) actions.add(new Action(Kind.CLOCK_JUMP, 0, 0, 0));
        }
        return actions;
    }

    /**
     * Plays {@link Action}s as a host would, on the scripted {@link Host}, reading the engine's answers
     * (turns, attempts); a step that makes no sense where it falls (a round with no turn open, a
     * settle with no attempt out) is skipped, so every part of a stream is a stream.
     */
    static final class Days {
        static final String[] AGENTS = {"qa", "ops", "dev"};
        static final String[] CHANNELS = {"c0", "c1", "c2"};
        static final String[] SERVERS = {"discord", "slack"};
        static final String[] TEXTS = {"All green.", "Line one.\n\nLine two.", ">>#c0 Deploy done.", ">>>#c1 Shipped.",
            "Plain then\n>>#c2 named", ">>>skip_reply hush"};

        private final Sink sink;
        private final Host h;
        private final Map<String, Long> open = new HashMap<>();
        private final Map<String, Integer> rounds = new HashMap<>();
        private final Map<String, List<String>> wakes = new HashMap<>();
        private final Map<String, List<String>> unread = new HashMap<>();
        private final Map<String, List<String>> stored = new HashMap<>();
        private final Map<String, List<String>> removed = new HashMap<>();
        /** Notices that named drafts, by agent: on its branch, and taken off it. */
        private final Map<String, List<Long>> noticesShown = new HashMap<>();
        private final Map<String, List<Long>> noticesHidden = new HashMap<>();
        private final Deque<Long> attemptsOut = new ArrayDeque<>();
        private int unknownIds;
        /**
         * A message's words, long: the engine writes a periodic checkpoint only once the journal has grown by
         * twice the last one's size, and a day of short facts would hold none.
         */
        static final String TEXT = "words ".repeat(1000);

        private Days(Sink sink) {
            this.sink = sink;
            this.h = new Host(sink::accept);
        }

        static void play(Sink sink, List<Action> actions) {
            Days days = new Days(sink);
            for (Action x : actions) days.act(x);
        }

        private void act(Action x) {
            String agent = AGENTS[x.a() % AGENTS.length];
            switch (x.kind()) {
                case CONFIGURE -> {
                    if (x.a() % 6 < 3) {
                        feed(new AgentConfigured(h.tick(), agent, x.b() % 5 == 4 ? Mode.HYBRID : Mode.LOCUS,
                                x.c() % 2 == 0 ? LocusPolicy.DELIVERY : LocusPolicy.LATEST_INBOUND, null, x.c() % 13 == 12,
                                x.c() % 11 == 10 ? "c1" : null));
                    } else {
                        String channel = CHANNELS[x.a() % CHANNELS.length];
                        feed(new ChannelRegistered(h.tick(), channel, SERVERS[x.b() % 2], "#" + channel + "-" + x.c(), x.c() % 17 == 16));
                    }
                }
                case FOCUS -> feed(x.b() % 4 != 3 ? new FocusOpened(h.tick(), agent, CHANNELS[x.c() % 2], open.get(agent))
                        : new FocusClosed(h.tick(), agent, null, open.get(agent)));
                case HISTORY -> history(agent, x.b());
                case CHANNEL_MESSAGE -> {
                    String channel = CHANNELS[x.b() % CHANNELS.length];
                    boolean wakes = x.c() % 3 != 0;
                    String id = message(agent, "channel-message", channel, x.b() % 2 == 0, wakes);
                    if (wakes) queue(agent, new Host.WakeSpec(agent, "message").channel(channel).messages(id));
                }
                case OPERATOR_MESSAGE -> queue(agent, new Host.WakeSpec(agent, "message").messages(message(agent, "external-message", null,
                        false, true)));
                case WAKE -> {
                    List<String> waiting = unread.getOrDefault(agent, List.of());
                    if (x.b() % 3 == 2 && !waiting.isEmpty()) {
                        queue(agent, new Host.WakeSpec(agent, "message").channel(CHANNELS[x.c() % CHANNELS.length])
                                .messages(waiting.toArray(String[]::new)));
                    } else {
                        // a self-wake names no channel: its public turn's locus falls back on the focus (P17); a heartbeat's takes none
                        queue(agent, new Host.WakeSpec(agent, x.b() % 3 == 1 ? "self-wake" : "heartbeat"));
                    }
                }
                case START -> start(agent, x.b(), x.c());
                case ROUND -> round(agent, x.b(), x.c());
                case END -> end(agent);
                case SETTLE -> settle(x.b());
                case RESTART -> {
                    open.clear();
                    rounds.clear();
                    attemptsOut.clear();
                    observe(sink.restart(h.tick()));
                }
                case CLOCK_JUMP -> {
                    long now = h.now().getEpochSecond();
                    h.advance(switch (x.b() % 6) {
                        case 0 -> 86_400;
                        case 1 -> (Math.floorDiv(now, 86_400) + 1) * 86_400 - 1 - now; // the next fact is the next day's first
                        case 2 -> 2 * 86_400;
                        case 3 -> 90;
                        case 4 -> 7_200;
                        default -> 30;
                    });
                }
                default -> { }
            }
        }

        private void start(String agent, int b, int c) {
            List<String> batch = new ArrayList<>(wakes.getOrDefault(agent, List.of()));
            List<String> reads = new ArrayList<>(unread.getOrDefault(agent, List.of()));
            Long current = open.get(agent);
            boolean continues = current != null && b % 3 != 0;
            if (current != null && !continues) end(agent);
            if (!continues && batch.isEmpty()) return;
            wakes.remove(agent);
            unread.remove(agent);
            for (Decision d : feed(new TurnStarted(h.tick(), agent, batch, reads, continues ? current : null, c % 6 == 0))) {
                if (d instanceof TurnOpened o) {
                    open.put(agent, o.turn());
                    rounds.put(agent, 0);
                }
            }
        }

        private void round(String agent, int b, int c) {
            Long turn = open.get(agent);
            if (turn == null) return;
            Call[] calls = switch (c % 8) {
                case 4 -> new Call[] {Host.call("send_message", "c0", "sent")};
                case 5 -> new Call[] {Host.call("channel_publish", "c2", "published")};
                case 6 -> new Call[] {Host.call("channel_publish", null, "published")};
                case 7 -> new Call[] {Host.call("channel_open", "c1", null)};
                default -> new Call[0];
            };
            observe(h.say(turn, rounds.merge(agent, 1, Integer::sum), TEXTS[b % TEXTS.length], calls));
        }

        private void end(String agent) {
            Long turn = open.remove(agent);
            if (turn != null) feed(new TurnEnded(h.tick(), turn));
        }

        private void settle(int b) {
            Long attempt = attemptsOut.poll();
            if (attempt == null) return;
            feed(switch (b % 4) {
                case 0, 1 -> new PublishSettled(h.tick(), attempt, true, "x" + attempt, null, null, null);
                case 2 -> new PublishSettled(h.tick(), attempt, false, null, null, null, null);
                default -> new PublishSettled(h.tick(), attempt, null, null, "not-sent", "refused", null);
            });
        }

        /** A message, or a notice that named drafts, taken off the agent's branch or put back (D7); an id never stored when it has none. */
        private void history(String agent, int b) {
            List<String> gone = removed.computeIfAbsent(agent, k -> new ArrayList<>());
            List<String> here = stored.computeIfAbsent(agent, k -> new ArrayList<>());
            List<Long> shown = noticesShown.computeIfAbsent(agent, k -> new ArrayList<>());
            List<Long> hidden = noticesHidden.computeIfAbsent(agent, k -> new ArrayList<>());
            List<String> off = List.of();
            List<String> on = List.of();
            List<Long> noticesOff = List.of();
            List<Long> noticesOn = List.of();
            if (b % 4 == 1 && !shown.isEmpty()) {
                Long n = shown.remove(b % shown.size());
                hidden.add(n);
                noticesOff = List.of(n);
            } else if (b % 4 == 2 && !hidden.isEmpty()) {
                Long n = hidden.remove(0);
                shown.add(n);
                noticesOn = List.of(n);
            } else if (b % 3 == 0 && !gone.isEmpty()) {
                String id = gone.remove(0);
                here.add(id);
                on = List.of(id);
            } else if (!here.isEmpty()) {
                String id = here.remove(b % here.size());
                gone.add(id);
                off = List.of(id);
            } else {
                off = List.of("m-never-" + ++unknownIds);
            }
            feed(new HistoryChanged(h.tick(), agent, "main", off, on, noticesOff, noticesOn));
        }

        private String message(String agent, String kind, String channel, boolean addressed, boolean wakes) {
            String id = h.message(agent, kind, channel, addressed, TEXT, "host", null, wakes);
            observe(h.last());
            unread.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
            stored.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
            return id;
        }

        private void queue(String agent, Host.WakeSpec spec) {
            String id = h.wake(spec);
            observe(h.last());
            wakes.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
        }

        private List<Decision> feed(Fact fact) {
            List<Decision> ds = h.feed(fact);
            observe(ds);
            return ds;
        }

        private void observe(List<Decision> ds) {
            for (Decision d : ds) {
                if (d instanceof PublishRequested p) attemptsOut.add(p.attempt());
                else if (d instanceof PublishOutcome o && "unknown".equals(o.outcome())) attemptsOut.remove(o.attempt());
                else if (d instanceof NoticeIssued n && n.notice() != null && n.names() != null && !n.names().drafts().isEmpty()) {
                    noticesShown.computeIfAbsent(n.agent(), k -> new ArrayList<>()).add(n.notice());
                }
            }
        }
    }

    /**
     * The minimal stream's facts as this host plays them, one JSON line each (restarts' engine.started
     * and process.restarted among them), each message's 6,000 characters of words shown as {@code
     * "words x1000"}: to read, not to run (replay the seed).
     */
    private static String facts(Setup setup, List<Action> stream) {
        CoreSink sink = new CoreSink(setup.rules());
        Days.play(sink, stream);
        StringBuilder out = new StringBuilder();
        for (Entry e : sink.entries()) if (e instanceof Fact) out.append(EntryCodec.toJson(e).replace(Days.TEXT, "words x1000")).append('\n');
        return out.toString();
    }

    // --- the property

    /** What explain said about one place: an explanation, or why it would not give one. */
    private record Answer(Explanation explanation, String refused) {
    }

    static String check(Path journal, Setup setup, List<Action> stream) {
        try {
            try (JournalSink sink = JournalSink.batched(journal, setup.rules(), setup.checkpointEvery())) {
                Days.play(sink, stream);
            }
            List<Location> asked = new ArrayList<>();
            Map<Location, String> types = new HashMap<>();
            TreeSet<Integer> days = new TreeSet<>();
            List<Location> sample;
            Map<Location, Answer> alone;
            Map<Location, Answer> shared;
            String marked;
            try (Journal j = Journal.openReader(journal)) {
                j.read(-1, Long.MAX_VALUE, r -> {
                    days.add(Journal.cycleOf(r.index()));
                    if (r.entry() instanceof Decision) {
                        Location at = new Location(r.index(), r.position());
                        asked.add(at);
                        types.put(at, r.entry().type());
                    }
                });
                Journal.MarkedDays marks = j.markedDays();
                if (!marks.problems().isEmpty()) return "the marks were not read: " + marks.problems();
                if (days.size() > 1 && marks.days().isEmpty()) return days.size() + " days written, none marked";
                if (marks.days().size() != Math.max(0, days.size() - 1)) {
                    return days.size() + " days written, " + marks.days().size() + " marked (every day but the last should be)";
                }
                marked = describe(marks.days());
                sample = days.isEmpty() ? List.of() : sample(asked, types, days.first(), stream);
                alone = eachAlone(j, sample);
                shared = newestFirst(j, asked);
            }
            try (var files = Files.list(journal)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".marks")).toList()) Files.delete(f);
            }
            try (Journal j = Journal.openReader(journal)) {
                if (!j.markedDays().days().isEmpty()) return "the marks were deleted, and still " + j.markedDays().days().size() + " days are marked";
                String differs = compare("an explainer of its own", sample, types, alone, eachAlone(j, sample));
                if (differs == null) differs = compare("one explainer, asked newest first", asked, types, shared, newestFirst(j, asked));
                return differs == null ? null : differs + "\nthe marked days: " + marked;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            // the closed queues' mapped files, released now: the build turns Chronicle's background releaser off
            BackgroundResourceReleaser.releasePendingResources();
            deleteQuietly(journal);
        }
    }

    /** How many places a journal's explainers of their own are asked about (each walks the journal again). */
    private static final int ALONE = 12;

    /**
     * The places asked about one by one: up to {@link #ALONE} of those after the first day (a
     * question on the first day has no marked day before it), turns' openings first, drawn by the stream.
     */
    private static List<Location> sample(List<Location> asked, Map<Location, String> types, int firstDay, List<Action> stream) {
        SplittableRandom random = new SplittableRandom(stream.toString().hashCode());
        List<Location> opened = new ArrayList<>();
        List<Location> others = new ArrayList<>();
        for (Location at : asked) {
            if (Journal.cycleOf(at.index()) == firstDay) continue;
            (types.get(at).equals("turn.opened") ? opened : others).add(at);
        }
        // the turns' openings first (they rest on an agent's settings and its focus), then others, drawn
        while (opened.size() > ALONE) opened.remove(random.nextInt(opened.size()));
        while (opened.size() + others.size() > ALONE) others.remove(random.nextInt(others.size()));
        List<Location> sample = new ArrayList<>(opened);
        sample.addAll(others);
        sample.sort(null);
        return sample;
    }

    /** Each place explained by a new explainer. */
    private static Map<Location, Answer> eachAlone(Journal j, List<Location> asked) {
        Map<Location, Answer> answers = new LinkedHashMap<>();
        for (Location at : asked) answers.put(at, explain(new Explainer(j, false), at));
        return answers;
    }

    /** Every place explained by one explainer, the newest first: what it walked and noted for one is there for the next. */
    private static Map<Location, Answer> newestFirst(Journal j, List<Location> asked) {
        Explainer explainer = new Explainer(j, false);
        Map<Location, Answer> answers = new LinkedHashMap<>();
        for (int i = asked.size() - 1; i >= 0; i--) answers.put(asked.get(i), explain(explainer, asked.get(i)));
        return answers;
    }

    private static Answer explain(Explainer explainer, Location at) {
        try {
            return new Answer(explainer.at(at.index(), at.position()), null);
        } catch (NotExplained refused) {
            return new Answer(null, refused.getMessage());
        }
    }

    /** Null when every place was answered alike; else the first place that was not, both answers, and how many more. */
    private static String compare(String how, List<Location> asked, Map<Location, String> types, Map<Location, Answer> withMarks,
            Map<Location, Answer> without) {
        Location first = null;
        int differ = 0;
        for (Location at : asked) {
            if (withMarks.get(at).equals(without.get(at))) continue;
            if (first == null) first = at;
            differ++;
        }
        if (first == null) return null;
        return "the " + types.get(first) + " at " + first + ", explained by " + how + ", is explained otherwise with the marks than without"
                + (differ > 1 ? " (and " + (differ - 1) + " more of the " + asked.size() + " places)" : " (of " + asked.size() + " places)")
                + "\nwith the marks:\n" + show(withMarks.get(first)) + "without them:\n" + show(without.get(first));
    }

    private static String show(Answer a) {
        if (a.refused() != null) return "  refused: " + a.refused() + "\n";
        Explanation x = a.explanation();
        StringBuilder out = new StringBuilder();
        for (Step s : x.chain().isEmpty() ? List.of(x.target()) : x.chain()) {
            out.append("  ").append(s.at()).append(' ').append(s.role()).append(' ').append(s.type())
                    .append(s.rule() == null ? "" : " (" + s.rule() + ")").append(": ").append(s.words()).append('\n');
        }
        for (Step s : x.ledTo()) out.append("  led to ").append(s.at()).append(' ').append(s.type()).append('\n');
        for (String n : x.notes()) out.append("  note: ").append(n).append('\n');
        return out.toString();
    }

    private static String describe(List<Journal.MarkedDay> days) {
        StringBuilder out = new StringBuilder();
        for (Journal.MarkedDay d : days) {
            out.append("\n  [0x").append(Long.toHexString(d.start())).append(", 0x").append(Long.toHexString(d.end())).append("): checkpoints ")
                    .append(hex(d.checkpoints())).append(", standing ").append(hex(d.standing()));
        }
        return out.toString();
    }

    private static String hex(long[] indexes) {
        List<String> out = new ArrayList<>();
        for (long i : indexes) out.add("0x" + Long.toHexString(i));
        return out.toString();
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a journal left behind is cleaned with the temp dir
        }
    }
}
