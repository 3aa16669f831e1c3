package dev.routing.journal.codec;

import java.util.List;

/** Lists of words as a sentence says them ("a, b or c"), for the codec's errors. */
final class Words {
    private Words() {}

    /** "a, b or c". */
    static String either(List<String> words) {
        return joined(words, " or ");
    }

    /** "a, b and c". */
    static String both(List<String> words) {
        return joined(words, " and ");
    }

    private static String joined(List<String> words, String last) {
        if (words.size() <= 1) return String.join("", words);
        return String.join(", ", words.subList(0, words.size() - 1)) + last + words.get(words.size() - 1);
    }
}
