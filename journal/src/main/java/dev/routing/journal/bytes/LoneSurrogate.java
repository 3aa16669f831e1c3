package dev.routing.journal.bytes;

/**
 * The one check of whether text is Unicode text: a surrogate not in a high-low pair is no
 * character, and has no UTF-8 form (Java writes {@code ?} in its place, changing the words). Text
 * holding one is refused wherever words go to bytes: a host's line, a stored entry, an id kept in
 * the state.
 */
public final class LoneSurrogate {
    private LoneSurrogate() {}

    /** The index of the first surrogate in {@code s} not in a high-low pair, or -1 when there is none. */
    public static int at(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
