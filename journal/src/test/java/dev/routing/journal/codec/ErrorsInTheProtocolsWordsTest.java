package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A host in any language reads the codec's errors: each names the field, says what it expected with
 * an example, and what it got, and none speaks Java (a class, a package, a library's words). Checked
 * over every field of every fact at any depth ({@link BadFactLines}), not over a few examples.
 */
class ErrorsInTheProtocolsWordsTest {
    @Test
    void everyValidFactOfTheTableReads() {
        for (var type : BadFactLines.hostFacts()) {
            String line = BadFactLines.valid(type).toString();
            assertEquals(type, EntryCodec.readFact(line).getClass(), line);
        }
    }

    @Test
    void everyBadValueOfEveryFieldIsRefusedNamingTheFieldWhatItExpectedAndAnExampleInNoJavaWords() {
        List<BadFactLines.Case> cases = BadFactLines.all();
        assertTrue(cases.size() > 500, "a large table: " + cases.size());
        List<String> faults = new ArrayList<>();
        for (BadFactLines.Case c : cases) {
            BadEntryException e;
            try {
                EntryCodec.readFact(c.line());
                faults.add("accepted: " + c);
                continue;
            } catch (BadEntryException refused) {
                e = refused;
            }
            String message = e.getMessage();
            if (BadFactLines.JAVA_WORDS.matcher(message).find()) faults.add("speaks Java: " + message + " <- " + c);
            if (e.field() == null || !e.field().startsWith(c.field())) faults.add("names " + e.field() + ", not " + c.field() + ": " + message + " <- " + c);
            if (!message.contains("expected") || !message.contains("e.g.")) faults.add("no expected and example: " + message + " <- " + c);
        }
        if (!faults.isEmpty()) fail(faults.size() + " of " + cases.size() + " errors fall short:\n" + String.join("\n", faults));
    }

    @Test
    void anAtOfYesterdaySaysWhatAnInstantIsWithAnExample() {
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.readFact("{\"type\":\"turn.ended\",\"at\":\"yesterday\",\"turn\":1}"));

        assertEquals("field 'at': expected an ISO-8601 UTC instant (a string) in the years 1970 to 9999,"
                + " e.g. \"2026-11-02T09:00:00Z\"; got \"yesterday\", which is not an ISO-8601 instant", e.getMessage());
    }

    @Test
    void aNumberInQuotesIsToldToLoseThem() {
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.readFact("{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":\"7\"}"));

        assertEquals("turn", e.field());
        assertTrue(e.getMessage().endsWith("got \"7\", in quotes: write it without them"), e.getMessage());
    }

    @Test
    void aBadModeNamesTheModesNotTheJavaEnum() {
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.readFact("{\"type\":\"agent.configured\",\"at\":\"2026-11-02T09:00:00Z\",\"agent\":\"qa\",\"mode\":\"loud\"}"));

        assertEquals("field 'mode': expected one of locus, hybrid, explicit, disabled or named, e.g. \"locus\"; got \"loud\"", e.getMessage());
    }

    @Test
    void anUnknownFieldListsTheFieldsItsObjectHasAndAnExampleOfIt() {
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.readFact("{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":1,\"trun\":1}"));

        assertEquals("field 'trun': unknown field: expected only the fields of turn.ended, type, at and turn, e.g."
                + " {\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":7}", e.getMessage());
    }

    @Test
    void aLineThatIsNoObjectShowsWhatAFactLooksLike() {
        for (String line : List.of("[1]", "5", "\"turn.ended\"", "null")) {
            BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readFact(line));
            assertTrue(e.getMessage().startsWith("not a JSON object: expected one "), e.getMessage());
            assertTrue(e.getMessage().contains("e.g. {\"type\":\"turn.ended\""), e.getMessage());
        }
    }

    @Test
    void malformedJsonSaysWhereInTheLineAndNoJava() {
        String tooLong = "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":" + "1".repeat(1500) + "}";
        for (String line : List.of("{\"type\":\"turn.ended\",", "{'type':1}", tooLong)) {
            BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.readVerbatim(line));
            assertFalse(BadFactLines.JAVA_WORDS.matcher(e.getMessage()).find(), e.getMessage());
        }
        BadEntryException cut = assertThrows(BadEntryException.class, () -> EntryCodec.readFact("{\"type\":\"turn.ended\","));
        assertTrue(cut.getMessage().startsWith("malformed JSON at character "), cut.getMessage());
    }
}
