package dev.routing.engine.explain;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.JournalSink;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.WakeQueued;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.internal.JournalRewrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * explain, on journals written by the engine on Chronicle: a decision's rule and the chain of facts
 * and decisions it rests on, found by re-deciding from the checkpoint before it; a fact says so and
 * names what it led to; what names nothing, or cannot be re-decided as recorded, is refused.
 */
class ExplainerTest {
    @TempDir
    Path dir;

    private Host host(JournalSink sink) {
        Host h = new Host(sink::accept);
        h.channel("work", "discord");
        h.agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
        return h;
    }

    /** Every entry's location that matches, in journal order. */
    private static List<Location> where(Journal j, Predicate<Entry> which) {
        List<Location> found = new ArrayList<>();
        j.read(-1, Long.MAX_VALUE, r -> {
            if (which.test(r.entry())) found.add(new Location(r.index(), r.position()));
        });
        return found;
    }

    private static Step step(Explanation x, String type) {
        return x.chain().stream().filter(s -> s.type().equals(type)).findFirst().orElseThrow(() -> new AssertionError(type + " in " + x.chain()));
    }

    /** qa's focus holds #work; an operator asks qa, and qa answers in one round. */
    private void anOperatorsQuestionAnsweredInFocus(RuleSet rules) {
        try (JournalSink sink = new JournalSink(dir, rules, 20_000)) {
            Host h = host(sink);
            h.focus("qa", "work");
            String m = h.operator("qa", "status?");
            long turn = h.answer("qa", m, null);
            h.say(turn, 1, "All green.");
        }
    }

    private static void assertRestsOnAFactBefore(Explanation x) {
        assertTrue(x.chain().stream().anyMatch(s -> s.isFact() && s.at().compareTo(x.target().at()) < 0), x.chain().toString());
    }

    @Test
    void P4_aPrivateTurnsWordsKeptPrivateAreExplainedByTheOperatorsMessageAndTheTurnItOpened() {
        anOperatorsQuestionAnsweredInFocus(RuleSet.CURRENT);
        try (Journal j = Journal.openReader(dir)) {
            Location kept = where(j, e -> e instanceof SpeechRouted).get(0);
            Explanation x = new Explainer(j, false).at(kept.index(), kept.position());
            assertFalse(x.isFact());
            assertEquals("P4", x.target().rule());
            assertEquals("P4", step(x, "turn.opened").rule(), "the turn opened private: an operator's message read (P4)");
            assertTrue(step(x, "message.received").words().contains("a private surface's message (P1)"));
            assertEquals(Step.ANSWERS, step(x, "round.spoken").role());
            assertRestsOnAFactBefore(x);
            List<Location> order = x.chain().stream().map(Step::at).toList();
            assertEquals(order.stream().sorted().toList(), order, "oldest first");
        }
    }

    @Test
    void P17_under0300TheLeakIsExplainedByTheFocusItFellBackOn() {
        anOperatorsQuestionAnsweredInFocus(RuleSet.V0_30_0);
        try (Journal j = Journal.openReader(dir)) {
            Location attempt = where(j, e -> e instanceof PublishRequested).get(0);
            Explanation x = new Explainer(j, false).at(attempt.index(), attempt.position());
            assertEquals("M1", x.target().rule(), "plain speech goes to the turn's locus");
            assertEquals("M1", step(x, "speech.routed").rule());
            assertEquals("P17", step(x, "turn.opened").rule(), "the locus was the focus's fallback");
            assertNotNull(step(x, "focus.opened"));
        }
    }

    @Test
    void aFactAskedAboutSaysItIsAFactAndNamesTheDecisionsItLedTo() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            h.answer("qa", m, "work");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location opened = where(j, e -> e instanceof TurnOpened).get(0);
            Explanation x = new Explainer(j, false).at(opened.index(), 0);
            assertTrue(x.isFact());
            assertEquals("turn.started", x.target().type());
            assertEquals(List.of("turn.opened", "notice.issued"), x.ledTo().stream().map(Step::type).toList());
            assertEquals(List.of("M1", "M1"), x.ledTo().stream().map(Step::rule).toList());
            assertEquals(opened, x.ledTo().get(0).at());
        }
    }

    @Test
    void anIndexThatNamesNoEntryIsRefusedAsBadInput() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            h.answer("qa", m, "work");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location opened = where(j, e -> e instanceof TurnOpened).get(0);
            NotExplained past = assertThrows(NotExplained.class, () -> new Explainer(j, false).at(opened.index(), 9));
            assertTrue(past.badInput());
            assertTrue(past.getMessage().contains("holds 3 entries (positions 0 to 2): position 9 is none"), past.getMessage());
            NotExplained none = assertThrows(NotExplained.class, () -> new Explainer(j, false).at(opened.index() + 1_000, 0));
            assertTrue(none.badInput() && none.getMessage().startsWith("no group of this journal has index"), none.getMessage());
        }
    }

    @Test
    void P4_aGroundStoredBeforeTheCheckpointIsFoundInTheSpanBeforeIt() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            String m = h.operatorQuietly("qa", "status?");
            for (int i = 0; i < 30; i++) h.channel("c" + i, "discord");
            String ping = h.room("qa", "work", "@qa ping", true);
            long turn = h.answer("qa", ping, "work");
            h.say(turn, 1, "Kept.");
            assertEquals(m, "m1");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location kept = where(j, e -> e instanceof SpeechRouted).get(0);
            Location stored = where(j, e -> e instanceof MessageReceived r && r.id().equals("m1")).get(0);
            assertTrue(j.newestCheckpoint(kept.index()) != null && j.newestCheckpoint(kept.index()).index() > stored.index(),
                    "the operator's message is before the checkpoint the re-decision starts from");
            Explanation x = new Explainer(j, false).at(kept.index(), kept.position());
            assertEquals("P7", step(x, "turn.opened").rule(), "stored private input made the start private");
            assertEquals(stored, step(x, "message.received").at());
        }
    }

    @Test
    void M1_aFactGroundSpansBackIsFoundWithoutReDecidingTheSpansBetween() {
        publishedBesideManySpans(true);
        try (Journal j = Journal.openReader(dir)) {
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            Location registered = where(j, e -> e instanceof ChannelRegistered c && c.channel().equals("work")).get(0);
            long between = checkpointsBetween(j, registered, published);
            assertTrue(between >= 3, "spans between the registration and the publication: " + between);
            Explainer explainer = new Explainer(j, false);
            Explanation x = explainer.at(published.index(), published.position());
            assertEquals(registered, step(x, "channel.registered").at(), "the registration, " + between + " spans back");
            assertEquals(1, explainer.spansDecided(), "only the span of the decision asked about is re-decided");
        }
    }

    @Test
    void M1_anEarlyDecisionIsExplainedFromTheJournalUpToIt() {
        publishedBesideManySpans(false);
        try (Journal j = Journal.openReader(dir)) {
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            Explainer explainer = new Explainer(j, false);
            Explanation x = explainer.at(published.index(), published.position());
            assertEquals("M1", x.target().rule());
            assertTrue(explainer.checkpointsWalkedTo() == published.index() && published.index() + 100 < j.lastIndex(),
                    "the walk for checkpoints went to " + Long.toHexString(explainer.checkpointsWalkedTo()) + ", not to the decision at "
                            + published + ", the journal ends at " + Long.toHexString(j.lastIndex()));
        }
    }

    @Test
    void M1_aChannelRegisteredFurtherBackThanTheSpansSearchedIsFoundByTheWalk() {
        publishedAfterRegistrations(dir, 3000);
        try (Journal j = Journal.openReader(dir)) {
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            Location registered = where(j, e -> e instanceof ChannelRegistered c && c.channel().equals("work")).get(0);
            Location configured = where(j, e -> e instanceof AgentConfigured).get(0);
            long between = checkpointsBetween(j, registered, published);
            assertTrue(between > Explainer.SPANS_BACK, "spans between the registration and the publication: " + between);
            Explainer explainer = new Explainer(j, false);
            Explanation x = explainer.at(published.index(), published.position());
            assertEquals(registered, step(x, "channel.registered").at(), "the registration, " + between + " spans back");
            assertEquals(configured, step(x, "agent.configured").at(), "qa's configuration, as far back");
            assertEquals(List.of(), x.notes(), "nothing the decision rests on is missing");
            assertEquals(1, explainer.spansRead(), "only the span of the decision asked about is read");
        }
    }

    @Test
    void M1_aGroundNotFoundWithinTheSpansSearchedIsNotSaidToBeMissingFromTheJournal() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            // ops is never configured: a standing ground the whole journal lacks
            String ping = h.room("ops", "work", "@ops ping", true);
            String wake = h.wake("ops", "message", "work", ping);
            spareRegistrations(h, 3000);
            assertEquals("w2", wake);
            h.say(h.start("ops", List.of(wake), List.of(ping)), 1, "Spoken.");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location queued = where(j, e -> e instanceof WakeQueued).get(0);
            Location opened = where(j, e -> e instanceof TurnOpened).get(0);
            Location routed = where(j, e -> e instanceof SpeechRouted).get(0);
            assertTrue(checkpointsBetween(j, queued, opened) > Explainer.SPANS_BACK + 1);
            Explainer explainer = new Explainer(j, false);
            Explanation x = explainer.at(routed.index(), routed.position());
            assertEquals(Explainer.SPANS_BACK + 1, explainer.spansRead(), "the decision's span and the 16 before it, no more");
            String note = x.notes().stream().filter(n -> n.startsWith("wake w2 for ops")).findFirst().orElseThrow(() -> new AssertionError(x.notes().toString()));
            assertTrue(note.contains("not found in the " + Explainer.SPANS_BACK + " spans before") && !note.contains("in the journal"), note);
            assertTrue(x.notes().stream().anyMatch(n -> n.startsWith("the agent.configured of ops: not found in the journal before ")), x.toString());
        }
    }

    @Test
    void M1_anExplainerToldHowFarItWillBeAskedReDecidesNoFurtherAndAnswersTheSame() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            long first = h.answer("qa", h.room("qa", "work", "@qa ping", true), "work");
            h.say(first, 1, "First.");
            spareRegistrations(h, 200);
            long second = h.answer("qa", h.room("qa", "work", "@qa again", true), "work");
            h.say(second, 1, "Second.");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            assertEquals(0, checkpointsBetween(j, published, new Location(j.lastIndex() + 1, 0)), "one span to the journal's end");
            Explainer upTo = Explainer.upTo(j, published.index() + 1);
            Explainer whole = new Explainer(j, true);
            assertEquals(whole.at(published.index(), published.position()), upTo.at(published.index(), published.position()));
            assertTrue(upTo.entriesDecided() * 4 < whole.entriesDecided(),
                    upTo.entriesDecided() + " entries re-decided, " + whole.entriesDecided() + " in the whole span");
        }
    }

    @Test
    void M1_sealedDaysAreNotWalkedTheirMarksSayWhereTheirCheckpointsAndRegistrationsLieAndTheAnswerIsTheWalks() throws IOException {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 50)) {
            Host h = host(sink);
            for (int day = 0; day < 3; day++) {
                for (int i = 0; i < 100; i++) h.room("qa", "work", "chatter " + day + "-" + i, false);
                h.advance(86_400);
            }
            published(h);
        }
        Explanation marked;
        long walkedMarked;
        long groupsBefore;
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(3, j.markedDays().days().size(), "the three rolled days are sealed and marked");
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            Location registered = where(j, e -> e instanceof ChannelRegistered c && c.channel().equals("work")).get(0);
            groupsBefore = where(j, e -> true).stream().map(Location::index).filter(i -> i < published.index()).distinct().count();
            Explainer explainer = new Explainer(j, false);
            marked = explainer.at(published.index(), published.position());
            walkedMarked = explainer.groupsWalked();
            assertEquals(registered, step(marked, "channel.registered").at(), "the registration, three days back, found by its day's marks");
            assertEquals(List.of(), marked.notes());
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".marks")).toList()) Files.delete(f);
        }
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(0, j.markedDays().days().size());
            Location published = where(j, e -> e instanceof PublishRequested).get(0);
            Explainer walker = new Explainer(j, false);
            assertEquals(marked, walker.at(published.index(), published.position()), "the marks change what is read, not the answer");
            assertEquals(groupsBefore, walker.groupsWalked(), "without marks every group before the decision is walked");
        }
        assertTrue(walkedMarked * 10 < groupsBefore, "with them " + walkedMarked + " of the " + groupsBefore + " groups before the decision");
    }

    @Test
    void M1_aChainThatReachesBackIntoAMarkedDayFindsTheRegistrationThatStoodThenNotTheDaysLast() throws IOException {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            spareRegistrations(h, 50);
            published(h);
            spareRegistrations(h, 20);
            h.channel("work", "discord"); // registered again after the attempt: the day's last, which its marks keep
            h.advance(86_400);
            h.settle(1, false, "the connector failed");
            h.advance(86_400);
            h.room("qa", "work", "chatter", false);
        }
        assertSameWithMarksAsWithout(j -> {
            List<Location> decisions = where(j, e -> e instanceof Decision);
            Location last = decisions.get(decisions.size() - 1); // the failed attempt's notice, a day after the attempt
            return List.of(new Explainer(j, false).at(last.index(), last.position()));
        }, x -> step(x.get(0), "channel.registered"));
    }

    @Test
    void M1_oneExplainerAskedTheNewestFirstAnswersAnOlderDecisionAsWithoutMarks() throws IOException {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            spareRegistrations(h, 50);
            published(h);
            spareRegistrations(h, 50);
            h.channel("work", "discord");
            h.advance(86_400);
            published(h);
            h.advance(86_400);
            h.room("qa", "work", "chatter", false);
        }
        assertSameWithMarksAsWithout(j -> {
            List<Location> published = where(j, e -> e instanceof PublishRequested);
            Explainer explainer = new Explainer(j, false); // as the audit's findings ask one explainer
            Explanation newer = explainer.at(published.get(1).index(), published.get(1).position());
            return List.of(newer, explainer.at(published.get(0).index(), published.get(0).position()));
        }, x -> step(x.get(1), "channel.registered"));
    }

    /** The answers with the journal's marks, then with them deleted: the same, and {@code check} holds of them. */
    private void assertSameWithMarksAsWithout(java.util.function.Function<Journal, List<Explanation>> ask,
            java.util.function.Consumer<List<Explanation>> check) throws IOException {
        List<Explanation> marked;
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(2, j.markedDays().days().size(), "two sealed days, marked");
            marked = ask.apply(j);
        }
        check.accept(marked);
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".marks")).toList()) Files.delete(f);
        }
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(0, j.markedDays().days().size());
            assertEquals(ask.apply(j), marked, "the marks change what is read, never the answer");
        }
    }

    @Test
    void anUnreadableRegistrationTheWalkMeetsIsDamageNamedWhereItIs() {
        Path clean = dir.resolve("clean");
        publishedAfterRegistrations(clean, 300);
        Location spare;
        Location published;
        try (Journal j = Journal.openReader(clean)) {
            spare = where(j, e -> e instanceof ChannelRegistered c && c.channel().equals("spare")).get(0);
            published = where(j, e -> e instanceof PublishRequested).get(0);
        }
        // the first spare registration's bytes replaced, the checksum made right around them: no checksum shows it
        Path damaged = dir.resolve("damaged");
        boolean[] replaced = {false};
        JournalRewrite.rewrite(clean, damaged, excerpt -> EntryCodec.SCHEMA_VERSION, (excerpt, entry, schema, bytes) -> {
            if (replaced[0] || !(EntryCodec.decode(schema, bytes, 0, bytes.length) instanceof ChannelRegistered c && c.channel().equals("spare"))) {
                return bytes;
            }
            replaced[0] = true;
            return unreadableRegistration();
        }, excerpt -> false);
        assertTrue(replaced[0]);
        try (Journal j = Journal.openReader(damaged)) {
            JournalDamagedException refused = assertThrows(JournalDamagedException.class,
                    () -> new Explainer(j, false).at(published.index(), published.position()));
            assertTrue(refused.getMessage().contains("index 0x" + Long.toHexString(spare.index())), refused.getMessage());
        }
    }

    /** A channel.registered whose instant is epoch second -1, which no reader takes: its type reads, the entry does not. */
    private static byte[] unreadableRegistration() {
        byte[] stored = EntryCodec.store(new ChannelRegistered(Instant.EPOCH, "spare", "discord", null, null));
        int second = 1 + "channel.registered".length() + 1;
        assertEquals(0, stored[second], "channel.registered's stored form moved: its instant is not where this expects");
        stored[second] = 1;
        assertThrows(BadEntryException.class, () -> EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length));
        return stored;
    }

    private static long checkpointsBetween(Journal j, Location from, Location to) {
        return where(j, e -> e instanceof StateCheckpoint).stream().filter(c -> c.index() > from.index() && c.index() < to.index()).count();
    }

    /** Registrations of one spare channel: the state stays small, so a checkpoint comes every few entries. */
    private static void spareRegistrations(Host h, int count) {
        for (int i = 0; i < count; i++) h.channel("spare", "discord");
    }

    /** qa answers a ping in #work with one published round, {@code after} or before 300 registrations of a spare channel. */
    private void publishedBesideManySpans(boolean after) {
        if (after) {
            publishedAfterRegistrations(dir, 300);
            return;
        }
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            published(h);
            spareRegistrations(h, 300);
        }
    }

    /** A journal in {@code where}: {@code count} registrations of a spare channel, then qa's published answer to a ping in #work. */
    private void publishedAfterRegistrations(Path where, int count) {
        try (JournalSink sink = new JournalSink(where, RuleSet.CURRENT, 10)) {
            Host h = host(sink);
            spareRegistrations(h, count);
            published(h);
        }
    }

    private static void published(Host h) {
        String ping = h.room("qa", "work", "@qa ping", true);
        long turn = h.answer("qa", ping, "work");
        h.say(turn, 1, "Published.");
    }

    @Test
    void aJournalThatDoesNotReDecideAsRecordedIsNotExplained() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            h.focus("qa", "work");
            // a host-sent engine.started: the live engine goes on under today's rules, a re-decision switches
            h.feed(new EngineStarted(h.tick(), "0.30.0", null));
            String m = h.operator("qa", "status?");
            h.answer("qa", m, null);
        }
        try (Journal j = Journal.openReader(dir)) {
            Location opened = where(j, e -> e instanceof TurnOpened).get(0);
            NotExplained refused = assertThrows(NotExplained.class, () -> new Explainer(j, false).at(opened.index(), opened.position()));
            assertFalse(refused.badInput());
            assertTrue(refused.getMessage().contains("does not give what it records"), refused.getMessage());
            assertTrue(refused.getMessage().contains("was recorded as") && refused.getMessage().contains("but re-deciding gives"),
                    "the refusal names the first decision that differs: " + refused.getMessage());
        }
    }

    @Test
    void O1_aPostIsExplainedByTheAttemptThatPostedItAndAReceivedMessageByWhatTookItIn() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            long turn = h.answer("qa", m, "work");
            h.say(turn, 1, "pong");
            h.settle(h.all(PublishRequested.class).get(0).attempt(), true, null);
        }
        try (Journal j = Journal.openReader(dir)) {
            Explanation post = new Explainer(j, false).message("x1");
            assertEquals("publish.requested", post.target().type());
            assertEquals("publish.settled", post.asked().get(0).type());
            assertEquals("M1", post.target().rule());
            Explanation read = new Explainer(j, false).message("m1");
            assertEquals("message.received", read.asked().get(0).type());
            assertEquals("turn.opened", read.target().type());
            NotExplained none = assertThrows(NotExplained.class, () -> new Explainer(j, false).message("nope"));
            assertTrue(none.badInput());
        }
    }

    @Test
    void M1_aTurnIsExplainedByItsOpeningAndItsDecisionsInOrder() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            long turn = h.answer("qa", m, "work");
            h.say(turn, 1, "pong", call("send_message", "work", "posted"));
            h.end(turn);
        }
        try (Journal j = Journal.openReader(dir)) {
            Explanation x = new Explainer(j, false).turn("qa", 1);
            assertEquals("turn.opened", x.target().type());
            assertEquals(List.of("notice.issued", "draft.held", "speech.routed", "tool.decided", "notice.issued"),
                    x.turn().stream().map(Step::type).toList());
            assertTrue(x.turn().stream().allMatch(s -> s.rule() != null), x.turn().toString());
            NotExplained other = assertThrows(NotExplained.class, () -> new Explainer(j, false).turn("ops", 1));
            assertTrue(other.badInput() && other.getMessage().contains("is qa's, not ops's"), other.getMessage());
        }
    }

    @Test
    void D7_aCatchUpIsExplainedByTheHistoryChangeThatTookItsReceiptAway() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            long turn = h.answer("qa", m, "work");
            h.say(turn, 1, "Held.", call("send_message", "work", "posted"));
            h.end(turn);
            long receipt = h.all(NoticeIssued.class).stream().filter(n -> n.kind().equals("receipt")).findFirst().orElseThrow().notice();
            h.feed(new HistoryChanged(h.tick(), "qa", "main", List.of(), List.of(), List.of(receipt), List.of()));
            String again = h.room("qa", "work", "@qa again", true);
            h.answer("qa", again, "work");
        }
        try (Journal j = Journal.openReader(dir)) {
            Location catchUp = where(j, e -> e instanceof NoticeIssued n && n.kind().equals("catch-up")).get(0);
            Explanation x = new Explainer(j, false).at(catchUp.index(), catchUp.position());
            assertEquals("D7", x.target().rule());
            assertNotNull(step(x, "history.changed"));
            assertEquals("M6", step(x, "draft.held").rule());
        }
    }

    @Test
    void T2_aDraftLetGoIsExplainedByRetentionAndTheHoldItLetGo() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            for (int t = 0; t < 200; t++) {
                String m = h.room("qa", "work", "@qa ping", true);
                long turn = h.answer("qa", m, "work");
                h.say(turn, 1, "Held " + t + ".", call("send_message", "work", "posted"));
                h.say(turn, 2, "Also held " + t + ".");
                h.end(turn);
                if (t == 0) h.advance(8 * 86_400L);
            }
        }
        try (Journal j = Journal.openReader(dir)) {
            List<Location> letGo = where(j, e -> e instanceof DraftLetGo);
            assertFalse(letGo.isEmpty(), "retention let a draft go");
            Explanation x = new Explainer(j, false).at(letGo.get(0).index(), letGo.get(0).position());
            assertEquals("T2", x.target().rule());
            assertEquals("M6", step(x, "draft.held").rule());
            Location checkpoint = where(j, e -> e instanceof dev.routing.journal.event.RetentionCheckpoint).get(0);
            assertEquals("T3", new Explainer(j, false).at(checkpoint.index(), checkpoint.position()).target().rule());
        }
    }

    @Test
    void aSettleIsAFactAndItsOutcomeRestsOnTheAttempt() {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 20_000)) {
            Host h = host(sink);
            String m = h.room("qa", "work", "@qa ping", true);
            long turn = h.answer("qa", m, "work");
            h.say(turn, 1, "pong");
            h.settle(h.all(PublishRequested.class).get(0).attempt(), false, null);
        }
        try (Journal j = Journal.openReader(dir)) {
            Location settle = where(j, e -> e instanceof PublishSettled).get(0);
            Explanation fact = new Explainer(j, false).at(settle.index(), 0);
            assertTrue(fact.isFact());
            Step outcome = fact.ledTo().get(0);
            assertEquals("O2", outcome.rule());
            Explanation x = new Explainer(j, false).at(outcome.at().index(), outcome.at().position());
            assertNotNull(step(x, "publish.requested"));
            assertEquals(Step.ANSWERS, step(x, "publish.settled").role());
        }
    }
}
