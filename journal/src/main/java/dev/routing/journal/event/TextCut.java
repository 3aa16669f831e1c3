package dev.routing.journal.event;

/**
 * Text cut to a number of chars without splitting a character: a cut between the two halves of a
 * surrogate pair (an emoji) would leave half a character, which is no Unicode text, cannot be
 * stored, would change the words a resident reads, and prints as '?' in a report (a persisted day
 * audit holding it would never read back).
 */
public final class TextCut {
    private TextCut() {}

    /** Where to cut {@code text} to at most {@code chars} chars: {@code chars}, or one less when that would split a pair. */
    public static int at(CharSequence text, int chars) {
        if (chars <= 0 || chars >= text.length()) return Math.max(0, Math.min(chars, text.length()));
        return Character.isHighSurrogate(text.charAt(chars - 1)) && Character.isLowSurrogate(text.charAt(chars)) ? chars - 1 : chars;
    }

    /** {@code text} cut to at most {@code chars} chars ({@link #at}). */
    public static String atMost(String text, int chars) {
        return text.substring(0, at(text, chars));
    }

    /** {@code text} as it is when it is at most {@code chars} chars, else cut ({@link #at}) and marked "…": words shortened for people. */
    public static String shortened(String text, int chars) {
        return text.length() <= chars ? text : atMost(text, chars) + "…";
    }
}
