package dev.routing.engine.envelopes;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a round's speech into envelopes (M2, M3). Never throws: any text parses.
 *
 * <ul>
 *   <li>explicit ({@code >>}): an envelope starts at a line whose trimmed start is {@code >>}
 *       followed at once by a non-space; {@code >> text} (a space) is body text, not a prefix.</li>
 *   <li>hybrid ({@code >>>}): every line whose trimmed start is {@code >>>} opens an envelope;
 *       whitespace after the prefix is tolerated; a bare {@code >>>} is malformed.</li>
 * </ul>
 * After the target: optional whitespace and {@code !} (ask for a continuation), then the body, on
 * the same line or the next. Text before the first envelope is one unprefixed envelope.
 */
public final class EnvelopeParser {
    private final String prefix;
    private final boolean spaceAfterPrefix;

    private EnvelopeParser(String prefix, boolean spaceAfterPrefix) {
        this.prefix = prefix;
        this.spaceAfterPrefix = spaceAfterPrefix;
    }

    public static final EnvelopeParser EXPLICIT = new EnvelopeParser(">>", false);
    public static final EnvelopeParser HYBRID = new EnvelopeParser(">>>", true);

    public List<Envelope> parse(String text) {
        List<Envelope> out = new ArrayList<>();
        if (text == null || text.isEmpty()) return out;
        List<int[]> starts = new ArrayList<>();
        int lineStart = 0;
        while (lineStart <= text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) lineEnd = text.length();
            if (opens(text, lineStart, lineEnd)) starts.add(new int[] {lineStart, lineEnd});
            if (lineEnd == text.length()) break;
            lineStart = lineEnd + 1;
        }
        int firstStart = starts.isEmpty() ? text.length() : starts.get(0)[0];
        if (firstStart > 0) {
            String lead = text.substring(0, firstStart);
            out.add(new Envelope(false, null, false, lead, lead));
        }
        for (int i = 0; i < starts.size(); i++) {
            int begin = starts.get(i)[0];
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : text.length();
            out.add(envelope(text.substring(begin, end)));
        }
        return out;
    }

    private boolean opens(String text, int from, int to) {
        int i = from;
        while (i < to && isBlank(text.charAt(i))) i++;
        if (!text.startsWith(prefix, i) || i + prefix.length() > to) return false;
        if (spaceAfterPrefix) return true;
        int after = i + prefix.length();
        return after < to && !Character.isWhitespace(text.charAt(after));
    }

    private Envelope envelope(String run) {
        int i = 0;
        while (i < run.length() && isBlank(run.charAt(i))) i++;
        i += prefix.length();
        int lineEnd = run.indexOf('\n', i);
        if (lineEnd < 0) lineEnd = run.length();
        while (i < lineEnd && isBlank(run.charAt(i))) i++;
        int targetStart = i;
        while (i < lineEnd && !Character.isWhitespace(run.charAt(i)) && run.charAt(i) != '!') i++;
        String target = run.substring(targetStart, i);
        int afterTarget = i;
        while (i < lineEnd && isBlank(run.charAt(i))) i++;
        boolean continuation = false;
        if (i < lineEnd && run.charAt(i) == '!' && (i + 1 == lineEnd || Character.isWhitespace(run.charAt(i + 1)))) {
            continuation = true;
            i++;
        } else {
            i = afterTarget;
        }
        while (i < lineEnd && isBlank(run.charAt(i))) i++;
        String body = i >= lineEnd ? (lineEnd < run.length() ? run.substring(lineEnd + 1) : "") : run.substring(i);
        return new Envelope(true, target.isEmpty() ? null : target, continuation, body, run);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r';
    }
}
