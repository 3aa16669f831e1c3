package dev.routing.engine.envelopes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The envelope grammar (M2's {@code >>>}, M3's {@code >>}): what routing reads a round's speech as. */
class EnvelopeParserTest {
    private static final EnvelopeParser EXPLICIT = EnvelopeParser.EXPLICIT;
    private static final EnvelopeParser HYBRID = EnvelopeParser.HYBRID;

    @Test
    void M3_anEnvelopeStartsAtALineWhoseTrimmedStartIsDoubleChevronFollowedAtOnceByANonSpace() {
        List<Envelope> es = EXPLICIT.parse("  >>#work Deploy done.");
        assertEquals(1, es.size());
        Envelope e = es.get(0);
        assertTrue(e.prefixed());
        assertEquals("#work", e.target());
        assertEquals("Deploy done.", e.body());
        assertFalse(e.continuation());
        assertEquals("  >>#work Deploy done.", e.raw());
    }

    @Test
    void M3_aDoubleChevronFollowedByASpaceIsBodyTextNotAPrefix() {
        List<Envelope> es = EXPLICIT.parse(">> quoted, not an envelope\n>>\nstill text");
        assertEquals(1, es.size());
        assertFalse(es.get(0).prefixed());
        assertEquals(">> quoted, not an envelope\n>>\nstill text", es.get(0).body());
    }

    @Test
    void M3_textBeforeTheFirstEnvelopeIsOneUnprefixedEnvelopeAndEachEnvelopeRunsToTheNext() {
        List<Envelope> es = EXPLICIT.parse("Intro line.\nMore intro.\n>>#work For work.\nsecond line\n>>#noisy For noisy.");
        assertEquals(3, es.size());
        assertFalse(es.get(0).prefixed());
        assertEquals("Intro line.\nMore intro.\n", es.get(0).raw());
        assertEquals("#work", es.get(1).target());
        assertEquals("For work.\nsecond line\n", es.get(1).body());
        assertEquals("#noisy", es.get(2).target());
        assertEquals("For noisy.", es.get(2).published());
    }

    @Test
    void M3_targetThenOptionalWhitespaceAndBangAsksForAContinuationAndTheBodyMayStartOnTheNextLine() {
        Envelope sameLine = EXPLICIT.parse(">>#work ! Going on.").get(0);
        assertTrue(sameLine.continuation());
        assertEquals("#work", sameLine.target());
        assertEquals("Going on.", sameLine.body());

        Envelope glued = EXPLICIT.parse(">>#work! Going on.").get(0);
        assertTrue(glued.continuation());
        assertEquals("#work", glued.target());

        Envelope nextLine = EXPLICIT.parse(">>#work\nOn the next line.").get(0);
        assertFalse(nextLine.continuation());
        assertEquals("On the next line.", nextLine.body());

        Envelope bangThenNextLine = EXPLICIT.parse(">>#work !\nAfter the bang.").get(0);
        assertTrue(bangThenNextLine.continuation());
        assertEquals("After the bang.", bangThenNextLine.body());

        Envelope bangInWord = EXPLICIT.parse(">>#work !important news").get(0);
        assertFalse(bangInWord.continuation(), "a '!' that starts a word is body text");
        assertEquals("!important news", bangInWord.body());
    }

    @Test
    void M3_theTargetIsALabelARawChannelIdOrSkipReply() {
        assertEquals("#work", EXPLICIT.parse(">>#work x").get(0).target());
        assertEquals("C0123", EXPLICIT.parse(">>C0123 x").get(0).target());
        Envelope skip = EXPLICIT.parse(">>skip_reply not for anyone").get(0);
        assertTrue(skip.skipReply());
        assertEquals("not for anyone", skip.body());
    }

    @Test
    void M3_anEnvelopeThatOnlyNamesADestinationHasAnEmptyBody() {
        Envelope e = EXPLICIT.parse(">>#work").get(0);
        assertEquals("#work", e.target());
        assertTrue(e.empty());
        assertFalse(e.malformed());
    }

    @Test
    void M2_everyLineWhoseTrimmedStartIsTripleChevronOpensAnEnvelopeAndWhitespaceAfterItIsTolerated() {
        List<Envelope> es = HYBRID.parse("Lead.\n>>>#work One.\n  >>>   #noisy Two.\n>>#work not hybrid's prefix");
        assertEquals(3, es.size());
        assertFalse(es.get(0).prefixed());
        assertEquals("#work", es.get(1).target());
        assertEquals("#noisy", es.get(2).target());
        assertEquals("Two.\n>>#work not hybrid's prefix", es.get(2).body(), "a >> line is hybrid body text");
    }

    @Test
    void M2_aBareTripleChevronIsMalformed() {
        Envelope bare = HYBRID.parse(">>>").get(0);
        assertTrue(bare.malformed());
        assertNull(bare.target());
        Envelope bareWithBody = HYBRID.parse(">>>\nwords with no target").get(0);
        assertTrue(bareWithBody.malformed());
        assertEquals("words with no target", bareWithBody.body());
        assertTrue(HYBRID.parse(">>> ").get(0).malformed());
    }

    @Test
    void M2_skipReplyAndTheBangReadAsInExplicitMode() {
        assertTrue(HYBRID.parse(">>>skip_reply hush").get(0).skipReply());
        Envelope bang = HYBRID.parse(">>>#work ! more to come").get(0);
        assertTrue(bang.continuation());
        assertEquals("more to come", bang.body());
    }

    @Test
    void M2_M3_emptyTextParsesToNothing() {
        assertEquals(List.of(), EXPLICIT.parse(""));
        assertEquals(List.of(), HYBRID.parse(""));
        assertEquals(List.of(), EXPLICIT.parse(null));
    }

    @Test
    void M2_M3_crlfLinesParseAsLines() {
        List<Envelope> es = EXPLICIT.parse("Hi.\r\n>>#work There.\r\n");
        assertEquals(2, es.size());
        assertEquals("#work", es.get(1).target());
        assertEquals("There.", es.get(1).published());
    }

    /** Fuzz: any text parses, nothing is lost or invented, and every envelope reads as the grammar says. */
    @Test
    void M2_M3_anyTextParsesAndTheEnvelopesRawRunsConcatenateBackToTheText() {
        String[] atoms = {">", ">>", ">>>", ">>>>", "#", "#work", "!", " !", " ", "  ", "\t", "\n", "\n", "\r\n", "\r",
            "skip_reply", "{{unsent}}", "word", "Ünïcödé", "😀", "$1", "$&", "\\", "\u00a0", "\u2028", "x"};
        SplittableRandom random = new SplittableRandom(20261102L);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int n = random.nextInt(24);
            for (int k = 0; k < n; k++) {
                if (random.nextInt(10) == 0) text.append((char) random.nextInt(0x20, 0x2FFF));
                else text.append(atoms[random.nextInt(atoms.length)]);
            }
            String t = text.toString();
            for (EnvelopeParser parser : List.of(EXPLICIT, HYBRID)) {
                List<Envelope> es;
                try {
                    es = parser.parse(t);
                } catch (RuntimeException e) {
                    fail("parse threw on " + quoted(t) + ": " + e);
                    return;
                }
                StringBuilder back = new StringBuilder();
                for (int k = 0; k < es.size(); k++) {
                    Envelope e = es.get(k);
                    back.append(e.raw());
                    assertFalse(e.raw().isEmpty(), "an empty run in " + quoted(t));
                    assertTrue(e.raw().endsWith(e.body()), "the body is the end of its run: " + quoted(t));
                    if (!e.prefixed()) {
                        assertEquals(0, k, "only the text before the first envelope is unprefixed: " + quoted(t));
                        assertEquals(e.raw(), e.body());
                    } else {
                        String lead = e.raw().stripLeading();
                        assertTrue(e.raw().replaceFirst("^[ \\t\\r]*", "").startsWith(parser == HYBRID ? ">>>" : ">>"),
                                "a prefixed run starts with its prefix: " + quoted(lead));
                        if (e.target() != null) {
                            assertFalse(e.target().isEmpty());
                            assertTrue(e.target().codePoints().noneMatch(Character::isWhitespace), quoted(e.target()));
                        }
                    }
                }
                assertEquals(t, back.toString(), "the runs concatenate back to the text");
            }
        }
    }

    private static String quoted(String s) {
        return "'" + s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + "'";
    }
}
