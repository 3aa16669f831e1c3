package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.JournalSink;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain}: a decision, its rule and the chain it rests on, with journal indexes; a fact
 * says it is one and names its decisions; a question by message or turn; bad questions exit 2 naming
 * the option, and a journal that does not re-decide as recorded exits 1.
 */
class ExplainCommandTest {
    @TempDir
    Path tmp;
    private Path journal;

    /** focus-then-operator-question: ada's focus holds #builds; an operator's question opens turn 1, whose answer stays private. */
    @BeforeEach
    void anOperatorsQuestionAnsweredPrivately() {
        journal = tmp.resolve("journal");
        Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString(), "--journal", journal.toString())
                .exits(ExitCodes.OK);
    }

    private Cli.Result explain(String... args) {
        List<String> all = new ArrayList<>(List.of("explain", "--journal", journal.toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    /** The at of the turn's decision of a type, from explain's own turn listing. */
    private String at(String type) {
        JsonNode turn = explain("--agent", "ada", "--turn", "1", "--format", "json").exits(ExitCodes.OK).tree().path("turn");
        for (JsonNode s : turn) if (s.path("type").asText().equals(type)) return s.path("at").asText();
        throw new AssertionError(type + " in " + turn);
    }

    @Test
    void P4_aDecisionIsPrintedWithItsRuleAndTheChainItRestsOnOldestFirst() {
        Cli.Result r = explain("--index", at("speech.routed")).exits(ExitCodes.OK);
        assertTrue(r.out().contains(" is a decision: speech.routed: turn 1 round 1 segment 0 “Nothing broke; the nightly passed.” kept"
                + " private (private-turn)"), r::toString);
        assertTrue(r.out().contains("Decided by rule P4: A turn that private input opens"), r::toString);
        int message = r.out().indexOf("message.received");
        int opened = r.out().indexOf("turn.opened       P4");
        int round = r.out().indexOf("<- the fact it answers");
        assertTrue(message > 0 && message < opened && opened < round, r::toString);
        assertTrue(r.out().contains("ui-1 to ada: a private surface's message (P1)"), r::toString);
        assertTrue(r.out().contains("Rules (docs/rules-index.md):\n  P4  A turn that private input opens"), r::toString);
    }

    @Test
    void aFactAskedAboutSaysItIsAFactAndNamesTheDecisionsItLedTo() {
        String decision = at("speech.routed");
        String group = decision.substring(0, decision.indexOf(':'));
        Cli.Result r = explain("--index", group).exits(ExitCodes.OK);
        assertTrue(r.out().startsWith(group + ":0 is a fact, not a decision: round.spoken"), r::toString);
        assertTrue(r.out().contains("It led to 1 decision (explain one with --index " + decision + ")"), r::toString);
        long decimal = Long.parseUnsignedLong(group.substring(2), 16);
        assertEquals(r.out(), explain("--index", decimal + ":0").exits(ExitCodes.OK).out(), "decimal and hexadecimal name the same entry");
    }

    @Test
    void P4_theJsonDocumentHoldsTheSameChainWithIndexesRulesAndEntries() {
        JsonNode x = explain("--index", at("speech.routed"), "--format", "json").exits(ExitCodes.OK).tree();
        assertEquals("decision", x.path("kind").asText());
        assertEquals("P4", x.at("/target/rule").asText());
        assertTrue(x.at("/target/ruleText").asText().startsWith("A turn that private input opens"));
        List<String> types = new ArrayList<>();
        for (JsonNode s : x.path("chain")) {
            types.add(s.path("type").asText());
            assertTrue(s.path("index").isIntegralNumber() && s.path("position").isIntegralNumber(), s::toString);
            assertEquals(s.path("type").asText(), s.at("/entry/type").asText());
        }
        assertTrue(types.containsAll(List.of("message.received", "turn.started", "turn.opened", "round.spoken", "speech.routed")),
                types::toString);
    }

    @Test
    void aMessageIdIsExplainedByWhatTookItInAndATurnByItsDecisions() {
        Cli.Result message = explain("--message", "ui-1").exits(ExitCodes.OK);
        assertTrue(message.out().startsWith("Asked about "), message::toString);
        assertTrue(message.out().contains("is a decision: turn.opened: turn 1 (ada) opened private: private-surface"), message::toString);
        Cli.Result turn = explain("--agent", "ada", "--turn", "1").exits(ExitCodes.OK);
        assertTrue(turn.out().contains("The turn's decisions, in order:"), turn::toString);
        assertTrue(turn.out().contains("notice.issued  P12"), turn::toString);
    }

    @Test
    void aQuestionThatNamesNothingExitsTwoNamingTheOption() {
        assertTrue(explain().exits(ExitCodes.BAD_INPUT).err().contains("name one entry: --index N[:P], --message ID, or --agent A --turn T"));
        assertTrue(explain("--index", "1", "--message", "x").exits(ExitCodes.BAD_INPUT).err().contains("not more than one"));
        assertTrue(explain("--index", "0xzz").exits(ExitCodes.BAD_INPUT).err().contains("--index: '0xzz' is not N or N:P"));
        assertTrue(explain("--index", "7").exits(ExitCodes.BAD_INPUT).err().contains("--index: no group of this journal has index 0x7"));
        assertTrue(explain("--turn", "1").exits(ExitCodes.BAD_INPUT).err().contains("--turn needs --agent"));
        assertTrue(explain("--agent", "bob", "--turn", "1").exits(ExitCodes.BAD_INPUT).err().contains("turn 1 is ada's, not bob's"));
        assertTrue(explain("--message", "nope").exits(ExitCodes.BAD_INPUT).err().contains("--message: no message.received"));
        assertTrue(explain("--index", "1", "--format", "html").exits(ExitCodes.BAD_INPUT).err().contains("--format: 'html'"));
        assertFalse(explain("--index", "0xzz").err().contains("Exception"), "no stack trace");
    }

    @Test
    void aJournalThatDoesNotReDecideAsRecordedExitsOne() {
        Path other = tmp.resolve("diverges");
        try (JournalSink sink = new JournalSink(other, RuleSet.CURRENT, 20_000)) {
            Host h = new Host(sink::accept);
            h.channel("work", "discord");
            h.agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
            h.focus("qa", "work");
            h.feed(new EngineStarted(h.tick(), "0.30.0", null));
            String m = h.operator("qa", "status?");
            h.answer("qa", m, null);
        }
        journal = other;
        Cli.Result r = explain("--agent", "qa", "--turn", "1").exits(ExitCodes.FAILURE);
        assertTrue(r.err().contains("does not give what it records"), r::toString);
    }
}
