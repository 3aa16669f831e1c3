package dev.routing.journal.codec;

/**
 * Text shortened for people (a finding's quote, an explanation's words): never cut between the two
 * halves of a character outside the Basic Multilingual Plane (an emoji). Half of one is no text: the
 * codec refuses it ({@link UnicodeText}), a persisted audit holding it would never read back, and a
 * terminal shows it as '?'.
 */
public final class ShortText {
    private ShortText() {}

    /**
     * {@code text} as it is when it is at most {@code max} chars; else its first {@code max} (one fewer
     * where the last would be half a character) and "…".
     */
    public static String cut(String text, int max) {
        if (text.length() <= max) return text;
        int end = max > 0 && Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "…";
    }
}
