package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * {@code at} is an ISO-8601 string; a number (epoch seconds? millis?) is refused, not guessed, and
 * so is an instant outside the years 1970 to 9999.
 */
final class IsoInstant extends StdScalarDeserializer<Instant> {
    /** 10000-01-01T00:00:00Z: the journal files a day by its date, and a date past 9999 has no file name. */
    private static final long END_OF_9999 = 253_402_300_800L;

    IsoInstant() {
        super(Instant.class);
    }

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.hasToken(JsonToken.VALUE_STRING)) return (Instant) ctxt.handleUnexpectedToken(Instant.class, p);
        String text = p.getText();
        Instant instant;
        try {
            instant = parse(text);
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "not an ISO-8601 UTC instant: " + e.getMessage());
        }
        if (!inJournalYears(instant)) {
            return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "outside the years 1970 to 9999, which are"
                    + " the journal's days");
        }
        return instant;
    }

    static boolean inJournalYears(Instant instant) {
        return inJournalYears(instant.getEpochSecond());
    }

    static boolean inJournalYears(long epochSecond) {
        return epochSecond >= 0 && epochSecond < END_OF_9999;
    }

    /**
     * The common form {@code 2026-11-02T09:14:03.120Z} is read by hand (decoding every entry's
     * time is a replay's largest single cost); any other ISO form goes to {@link Instant#parse}.
     */
    static Instant parse(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (n > 20 && s.charAt(19) != '.')) {
            return Instant.parse(s);
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        int nanos = 0;
        if (n > 20) {
            int fraction = n - 21;
            if (fraction < 1 || fraction > 9) return Instant.parse(s);
            nanos = digits(s, 20, n - 1);
            for (int i = fraction; i < 9; i++) nanos *= 10;
        }
        if (hour > 23 || minute > 59 || second > 59) return Instant.parse(s);
        long epochDay = LocalDate.of(year, month, day).toEpochDay();
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    }

    private static int digits(String s, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') throw new NumberFormatException("'" + s + "' has no digit at " + i);
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
