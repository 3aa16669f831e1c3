package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ToolDecided;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * D3, D4: what the drafts tool answers, word for word: its listing's page and previews, a read's
 * share of what one fact may show, a resend's and a dismissal's lines, and each refusal's reason
 * (a refusal's words are also the call's result: they are what the resident reads).
 */
class DraftsToolAnswersTest {
    private static final int READ = DraftsTool.READ_CHARS;
    private static final String CAUSE = "held beside an explicit send";
    /** A read's line before a held draft's words: its id (always 9 characters), state and cause. */
    private static final int HEAD = head("d-1234567").length();

    private final Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
    private long turn;
    private int round;

    /** A locus turn silenced by a send in its first round, whose rounds hold {@code texts} in order; their ids. */
    private List<String> hold(String... texts) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        round = 0;
        List<String> ids = new ArrayList<>();
        for (String text : texts) {
            if (round == 0) s.host.say(turn, ++round, text, call("send_message", "work", "x"));
            else s.host.say(turn, ++round, text);
            ids.add(s.host.last(DraftHeld.class).get(0).draft());
        }
        return ids;
    }

    private List<String> holdMany(int n) {
        return hold(IntStream.rangeClosed(1, n).mapToObj(i -> "Draft number " + i + ".").toArray(String[]::new));
    }

    /** One round of the open turn making {@code calls}; their answers in order. */
    private List<ToolDecided> round(Call... calls) {
        s.host.say(turn, ++round, "", calls);
        return s.host.last(ToolDecided.class);
    }

    private ToolDecided answer(Call call) {
        return round(call).get(0);
    }

    private static Call ids(String action, List<String> ids) {
        return new Call("drafts", null, null, null, action, ids, null, null, null);
    }

    private static void assertRefused(ToolDecided answer, String refusal) {
        assertFalse(answer.allowed(), answer.toString());
        assertEquals(refusal, answer.refusal());
        assertEquals(refusal, answer.result(), "the refusal's words are what the resident reads");
    }

    private static String head(String id) {
        return id + " (held, " + CAUSE + "):\n";
    }

    // --- list

    @Test
    void D4_aListOfNoDraftsSaysSo() {
        hold();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        ToolDecided listed = answer(drafts("list", (String) null));
        assertTrue(listed.allowed());
        assertEquals("No drafts.", listed.result());
    }

    @Test
    void D4_aListPreviewsSixtyCharactersAndCutsALongerDraftWithAnEllipsis() {
        String sixty = "a".repeat(60);
        String longer = "b".repeat(61);
        List<String> ids = hold(sixty, longer, "Two\nlines.");
        assertEquals(ids.get(2) + " · held · explicit-send · Two lines.\n"
                + ids.get(1) + " · held · explicit-send · " + "b".repeat(60) + "…\n"
                + ids.get(0) + " · held · explicit-send · " + sixty, answer(drafts("list", (String) null)).result());
    }

    @Test
    void D4_aPreviewCutStopsBeforeAnEmojiItWouldSplitSoTheListingIsWholeCharacters() {
        String straddling = "a".repeat(59) + "\ud83d\ude00 and after";
        List<String> ids = hold(straddling);
        ToolDecided listed = answer(drafts("list", (String) null));
        assertEquals(ids.get(0) + " · held · explicit-send · " + "a".repeat(59) + "…", listed.result());
        assertDoesNotThrow(() -> EntryCodec.store(listed), "the listing is journaled, not refused");
    }

    @Test
    void D4_aListShowsTheNewestTwentyAndCountsTheOlderOnes() {
        List<String> ids = holdMany(21);
        String listed = answer(drafts("list", (String) null)).result();
        assertTrue(listed.endsWith("\n1 older drafts not shown."), listed);
        assertEquals(21, listed.lines().count());
        assertFalse(listed.contains(ids.get(0)), "the oldest is the one left out");
        assertTrue(listed.contains(ids.get(1)), listed);
    }

    @Test
    void D4_aListOfExactlyTwentyShowsThemAll() {
        holdMany(20);
        String listed = answer(drafts("list", (String) null)).result();
        assertEquals(20, listed.lines().count(), listed);
        assertFalse(listed.contains("not shown"), listed);
    }

    // --- read

    @Test
    void D4_aReadShowsEachDraftOnceAndNamesTheIdsAskedForAgain() {
        List<String> ids = hold("First words.", "Second words.");
        String a = ids.get(0);
        String b = ids.get(1);
        assertEquals(head(a) + "First words.\n" + head(b) + "Second words.\n"
                + "Named more than once, shown once: " + a + ", " + b,
                answer(ids("read", List.of(a, b, a, b, a))).result());
        assertEquals(head(b) + "Second words.", answer(ids("read", List.of(b))).result(),
                "a read naming each once says nothing more");
    }

    @Test
    void D4_aReadNamesAtMostTwentyRepeatedIdsAndCountsTheRest() {
        String real = hold("Real words.").get(0);
        List<String> ids = new ArrayList<>(List.of(real));
        for (int i = 0; i < 21; i++) ids.add("d-unknown" + i);
        List<String> twice = new ArrayList<>(ids);
        twice.addAll(ids);
        String read = answer(ids("read", twice)).result();
        assertTrue(read.endsWith(String.join(", ", ids.subList(0, 20)) + " and 2 more"), read);
        twice.remove(twice.size() - 1);
        twice.remove(twice.size() - 1);
        read = answer(ids("read", twice)).result();
        assertTrue(read.endsWith("Named more than once, shown once: " + String.join(", ", ids.subList(0, 20))), read);
    }

    @Test
    void D4_aReadWithNoIdsIsRefused() {
        hold("Words.");
        assertRefused(answer(ids("read", List.of())), "read takes 1 or more draft ids");
    }

    @Test
    void D4_aReadShowsWholeDraftsWhileTheyFitInWhatOneFactMayShowAndNamesTheRestForALaterCall() {
        String big = "x".repeat(600_000);
        List<String> ids = hold(big, "y".repeat(600_000), "Small words.");
        String read = answer(ids("read", ids)).result();
        assertEquals(head(ids.get(0)) + big + "\nNot shown, to keep this answer within the 1,048,576 characters one read may"
                + " show: " + ids.get(1) + ", " + ids.get(2) + "; read them in another call.", read);
    }

    @Test
    void D4_aReadThatFillsWhatOneFactMayShowToTheLastCharacterShowsItAll() {
        String first = "x".repeat(500_000);
        String second = "z".repeat(READ - 2 * HEAD - first.length());
        List<String> ids = hold(first, second);
        assertEquals(head(ids.get(0)) + first + "\n" + head(ids.get(1)) + second, answer(ids("read", ids)).result());
    }

    @Test
    void D4_theReadsOfOneFactShareItsBudgetTheFirstDraftThatDoesNotFitIsShownCutAndNothingMoreAfterIt() {
        String big = "x".repeat(600_000);
        String other = "y".repeat(600_000);
        List<String> ids = hold(big, other, "Small words.");
        List<ToolDecided> answers = round(ids("read", List.of(ids.get(0))), ids("read", List.of(ids.get(1))),
                ids("read", List.of(ids.get(2))));
        assertEquals(head(ids.get(0)) + big, answers.get(0).result());
        int cut = READ - head(ids.get(0)).length() - big.length() - head(ids.get(1)).length();
        assertEquals(String.format("%s%s%n(the first %,d of its 600,000 characters: a read shows at most 1,048,576;"
                + " a resend sends it whole)", head(ids.get(1)), other.substring(0, cut), cut), answers.get(1).result());
        assertEquals("Not shown, to keep this answer within the 1,048,576 characters one read may show: " + ids.get(2)
                + "; read them in another call.", answers.get(2).result(), "the cut read spent what was left");
        assertEquals(head(ids.get(2)) + "Small words.", answer(ids("read", List.of(ids.get(2)))).result(),
                "the next fact has its own budget");
    }

    @Test
    void D4_aDraftIsNotShownCutWhenLessThanAThousandCharactersAreLeftAndAtMostTwentyAreNamed() {
        String first = "x".repeat(524_000);
        String second = "y".repeat(READ - 500 - 2 * HEAD - first.length());
        List<String> ids = new ArrayList<>(hold(first, second, "c".repeat(2_000)));
        for (int i = 1; i <= 20; i++) {
            s.host.say(turn, ++round, "Small " + i + ".");
            ids.add(s.host.last(DraftHeld.class).get(0).draft());
        }
        List<ToolDecided> answers = round(ids("read", ids.subList(0, 2)), ids("read", ids.subList(2, 22)),
                ids("read", ids.subList(2, 23)));
        assertTrue(answers.get(0).result().endsWith(second), "500 characters are left");
        assertEquals("Not shown, to keep this answer within the 1,048,576 characters one read may show: "
                + String.join(", ", ids.subList(2, 22)) + "; read them in another call.", answers.get(1).result());
        assertEquals("Not shown, to keep this answer within the 1,048,576 characters one read may show: "
                + String.join(", ", ids.subList(2, 22)) + " and 1 more; read them in another call.", answers.get(2).result());
    }

    @Test
    void D4_aReadCutStopsBeforeAnEmojiItWouldSplit() {
        String first = "x".repeat(524_000);
        int left = HEAD + 1_001;
        String second = "y".repeat(READ - left - 2 * HEAD - first.length());
        List<String> ids = hold(first, second, "c".repeat(1_000) + "\ud83d\ude00" + "c".repeat(999));
        String read = round(ids("read", ids.subList(0, 2)), ids("read", ids.subList(2, 3))).get(1).result();
        assertTrue(read.startsWith(head(ids.get(2)) + "c".repeat(1_000) + "\n(the first 1,000 of its 2,001"), read);
    }

    @Test
    void D4_aReadShowsTheFirstDraftCutOnlyWhenMoreThanAThousandCharactersOfItFit() {
        for (int left : new int[] {HEAD + 1_000, HEAD + 1_001}) {
            String first = "x".repeat(524_000);
            String second = "y".repeat(READ - left - 2 * HEAD - first.length());
            List<String> ids = hold(first, second, "c".repeat(2_000));
            List<ToolDecided> answers = round(ids("read", ids.subList(0, 2)), ids("read", ids.subList(2, 3)));
            String read = answers.get(1).result();
            if (left == HEAD + 1_000) assertTrue(read.startsWith("Not shown"), read);
            else assertTrue(read.startsWith(head(ids.get(2)) + "c".repeat(1_001) + "\n(the first 1,001 of its 2,000"), read);
        }
    }

    // --- resend

    @Test
    void D4_aResendSaysWhereItSentAndWhatItQueued() {
        List<String> ids = hold("First words.", "Second words.", "Third words.");
        assertEquals(ids.get(0) + ": sent to work, awaiting its outcome.",
                answer(drafts("resend", "work", ids.get(0))).result());
        assertEquals(ids.get(1) + ": sent to work, awaiting its outcome.\nQueued behind it, each sent once the one before"
                + " it is delivered: " + ids.get(2), answer(drafts("resend", "work", ids.get(1), ids.get(2))).result());
    }

    @Test
    void D4_aResendTakesOneToTwentyIds() {
        List<String> ids = hold("Words.");
        assertRefused(answer(drafts("resend", "work")), "resend takes 1 to 20 draft ids");
        List<String> twentyOne = new ArrayList<>(Collections.nCopies(21, ids.get(0)));
        Call tooMany = new Call("drafts", "work", null, null, "resend", twentyOne, null, null, null);
        assertRefused(answer(tooMany), "resend takes 1 to 20 draft ids");
        Call twenty = new Call("drafts", "work", null, null, "resend", twentyOne.subList(0, 20), null, null, null);
        assertTrue(answer(twenty).allowed());
        assertEquals("Words.", s.host.last(PublishRequested.class).get(0).text());
    }

    @Test
    void D4_aLaterCallOfTheSameRoundFindsTheDraftsAnEarlierResendTook() {
        List<String> ids = hold("First words.", "Second words.");
        List<ToolDecided> answers = round(drafts("resend", "work", ids.get(0), ids.get(1)),
                drafts("resend", "noisy", ids.get(0)), drafts("resend", "noisy", ids.get(1)),
                drafts("dismiss", null, ids.get(0)));
        assertRefused(answers.get(1), ids.get(0) + ": not sent: a resend earlier in this round is sending it");
        assertRefused(answers.get(2), ids.get(1) + ": not sent: a resend earlier in this round owns it");
        assertRefused(answers.get(3), ids.get(0) + ": not dismissed: a resend of this round is sending it, and words"
                + " on their way cannot be called back.");
        assertEquals(1, s.host.last(PublishRequested.class).size());
    }

    @Test
    void M6_aResendIsASendToItsOwnChannelSoSpeechForAnotherChannelStillGoesOut() {
        String id = hold("Held words.").get(0);
        s.host.end(turn);
        String ping = s.host.room("qa", "work", "@qa again", true);
        turn = s.host.answer("qa", ping, "work");
        round = 0;
        ToolDecided resent = round(drafts("resend", "noisy", id)).get(0);
        assertTrue(resent.countsAsSend());
        assertEquals("noisy", resent.place());
        s.host.say(turn, ++round, "Plain words for work.");
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void M5_P14_aPrivateTurnsResendMustNameItsChannelEvenForAFork() {
        List<String> ids = hold("Words for home.");
        s.host.end(turn);
        s.host.channel("home", "discord");
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, "home"));
        String asked = s.host.operator("qa", "resend it");
        turn = s.host.answer("qa", asked, null);
        round = 0;
        assertRefused(answer(drafts("resend", null, ids.get(0))),
                "Nothing was sent: a private turn's resend must name its channel");
        assertEquals(List.of(), s.host.all(PublishRequested.class));
    }

    // --- dismiss

    @Test
    void D4_aDismissalSaysWhatItDidAndNamesTheRiskOfADraftThatMayHaveBeenPosted() {
        List<String> ids = hold("First words.", "Second words.");
        String plain = ids.get(0);
        String risky = ids.get(1);
        answer(drafts("resend", "work", risky));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        List<ToolDecided> answers = round(drafts("dismiss", null, plain, risky), drafts("dismiss", null, plain));
        ToolDecided dismissed = answers.get(0);
        assertTrue(dismissed.allowed());
        assertNull(dismissed.refusal());
        assertEquals(plain + ": dismissed.\n" + risky + ": dismissed; it may already have been posted.", dismissed.result());
        assertRefused(answers.get(1), plain + ": already dismissed.");
        List<DraftDismissed> marks = s.host.last(DraftDismissed.class);
        assertEquals(List.of(plain, risky), marks.stream().map(DraftDismissed::draft).toList());
        assertEquals(List.of(false, true), marks.stream().map(DraftDismissed::risk).toList());
    }

    @Test
    void D4_aDismissalWhileTheDraftsAttemptIsOutSaysWhichAttempt() {
        String id = hold("Words.").get(0);
        answer(drafts("resend", "work", id));
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        assertRefused(answer(drafts("dismiss", null, id)), id + ": not dismissed: its attempt " + attempt
                + " is out, and words on their way cannot be called back.");
        assertRefused(answer(drafts("dismiss", null, "d-aaaaaaa")), "d-aaaaaaa: no draft of yours has that id");
    }

    // --- arguments an action does not take

    @Test
    void D4_eachArgumentAnActionDoesNotTakeIsNamedInItsRefusal() {
        String id = hold("Words.").get(0);
        assertRefused(answer(new Call("drafts", null, null, "some text", "resend", List.of(id), null, null, null)),
                "drafts resend takes no text: nothing was done");
        assertRefused(answer(new Call("drafts", "work", null, null, "read", List.of(id), null, null, null)),
                "drafts read takes no channel: nothing was done");
        assertRefused(answer(new Call("drafts", null, "discord", null, "dismiss", List.of(id), null, null, null)),
                "drafts dismiss takes no server: nothing was done");
        assertRefused(answer(new Call("drafts", null, null, null, "list", List.of(), true, null, null)),
                "drafts list takes no confirmDuplicate: nothing was done");
        assertRefused(answer(new Call("drafts", null, null, null, "undo", List.of(id), null, null, null)),
                "unknown action 'undo': use list, read, resend or dismiss");
    }
}
