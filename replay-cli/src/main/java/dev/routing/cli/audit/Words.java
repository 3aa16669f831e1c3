package dev.routing.cli.audit;

import dev.routing.journal.event.TextCut;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Times, labels and quotes as every audit format writes them. */
final class Words {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM HH:mm:ss", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private Words() {}

    /** "decided under current rules", or, for a window in which nothing was decided, that. */
    static String decidedUnder(java.util.List<String> rules) {
        return rules.isEmpty() ? "in which nothing was decided" : "decided under " + String.join(" then ", rules) + " rules";
    }

    static String when(Instant at) {
        return at == null ? "—" : WHEN.format(at);
    }

    static String clock(Instant at) {
        return at == null ? "—" : CLOCK.format(at);
    }

    static String day(Instant at) {
        return DAY.format(at);
    }

    static String channel(String id) {
        return dev.routing.engine.audit.AuditSummary.channel(id);
    }

    static String quote(String text, int max) {
        if (text == null) return "“”";
        String flat = text.replace('\n', ' ').strip();
        return "“" + TextCut.shortened(flat, max) + "”";
    }

    static String plural(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }
}
