package dev.routing.journal.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** Text shortened for people never ends in half a character, and reads back through the codec. */
class TextCutTest {
    private static final String EMOJI = "\uD83D\uDE00";

    @Test
    void textAtMostTheLimitIsAsItIs() {
        assertEquals("abc", TextCut.shortened("abc", 3));
        assertEquals("", TextCut.shortened("", 0));
    }

    @Test
    void aLongerTextIsCutAndMarked() {
        assertEquals("ab…", TextCut.shortened("abcd", 2));
    }

    @Test
    void aCutThatWouldSplitAnEmojiTakesItWhole() {
        String text = "x".repeat(119) + EMOJI + " more";
        String cut = TextCut.shortened(text, 120); // the 120th char is the emoji's first half
        assertEquals("x".repeat(119) + "…", cut);
        assertEquals("x".repeat(119) + EMOJI + "…", TextCut.shortened(text, 121), "both halves fit: it is kept");
        for (int max = 1; max < text.length(); max++) {
            String kept = TextCut.shortened(text, max);
            kept = kept.substring(0, kept.length() - 1); // without its "…"
            assertFalse(Character.isHighSurrogate(kept.charAt(kept.length() - 1)), "cut at " + max + " ends in half an emoji");
        }
    }

    @Test
    void whatItCutsReadsBackThroughTheCodec() throws Exception {
        String text = "x".repeat(119) + EMOJI + " more";
        for (int max = 115; max < text.length(); max++) {
            String cut = TextCut.shortened(text, max);
            byte[] json = dev.routing.journal.codec.EntryCodec.mapper().writeValueAsBytes(java.util.Map.of("words", cut));
            assertEquals(cut, dev.routing.journal.codec.EntryCodec.mapper().readTree(json).get("words").asText(), "cut at " + max);
            assertEquals(cut, dev.routing.journal.codec.EntryCodec.mapper().readValue(json, java.util.Map.class).get("words"), "cut at " + max);
        }
    }
}
