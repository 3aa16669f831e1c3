package dev.routing.sidecar.lines;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.sidecar.answers.Answer;
import dev.routing.sidecar.answers.AnswerWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A refused value is quoted in {@code fact.rejected} cut to a few dozen chars: never between the two
 * halves of an emoji, which no strict JSON reader takes and a terminal shows as '?'.
 */
class RefusedValueQuotedWholeTest {
    @Test
    void aValueCutWhereAnEmojiStandsIsQuotedWithoutHalfOfIt() {
        // as the codec quotes it, "\"" + value + "\"", the value's 60th char is the emoji's first half
        String value = "a".repeat(58) + "\uD83C\uDF89" + "b".repeat(20);
        String line = "{\"type\":\"" + value + "\",\"at\":\"2026-11-02T09:00:00Z\"}";
        BadLineException bad = assertThrows(BadLineException.class, () -> FactLine.read(1, line, List::of));
        String detail = bad.detail();
        for (int i = 0; i < detail.length(); i++) {
            char c = detail.charAt(i);
            if (Character.isHighSurrogate(c)) {
                assertTrue(i + 1 < detail.length() && Character.isLowSurrogate(detail.charAt(++i)), "half an emoji at " + i + ": " + detail);
            } else {
                assertFalse(Character.isLowSurrogate(c), "half an emoji at " + i + ": " + detail);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new AnswerWriter(out).answer(Answer.Rejected.of(bad));
        String written = out.toString(StandardCharsets.UTF_8);
        assertTrue(written.startsWith("{\"type\":\"fact.rejected\""), written);
        assertFalse(written.contains("\\uD83C") || written.contains("\\ud83c"), "the answer escapes half an emoji: " + written);
    }
}
