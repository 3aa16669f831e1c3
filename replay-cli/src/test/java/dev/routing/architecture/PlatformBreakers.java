package dev.routing.architecture;

import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Classes that break PlatformIndependenceTest's rules, one way each, and one that keeps them. */
final class PlatformBreakers {
    private PlatformBreakers() {}

    static final class LowerCases {
        static String mode(String name) {
            return name.toLowerCase();
        }
    }

    static final class Formats {
        static String count(long n) {
            return String.format("%,d", n);
        }
    }

    static final class Prints {
        static void count(PrintStream out, long n) {
            out.printf("%d%n", n);
        }
    }

    static final class PrintsToAWriter {
        static void count(PrintWriter out, long n) {
            out.printf("%d%n", n);
        }
    }

    static final class PatternsADate {
        static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM");
    }

    static final class AsksTheLocale {
        static Locale here() {
            return Locale.getDefault();
        }
    }

    static final class GetsBytes {
        static byte[] of(String s) {
            return s.getBytes();
        }
    }

    static final class MakesText {
        static String of(byte[] b) {
            return new String(b);
        }
    }

    static final class ReadsInTheDefaultCharset {
        static InputStreamReader of(java.io.InputStream in) {
            return new InputStreamReader(in);
        }
    }

    static final class PrintsInTheDefaultCharset {
        static PrintStream of(java.io.OutputStream out) {
            return new PrintStream(out, true);
        }
    }

    static final class ReadsABufferInTheDefaultCharset {
        static String of(ByteArrayOutputStream out) {
            return out.toString();
        }
    }

    static final class Clean {
        static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM", Locale.ROOT);

        static String all(String name, long n, byte[] b, PrintStream out, ByteArrayOutputStream buffer) {
            out.printf(Locale.ROOT, "%d%n", n);
            new PrintWriter(new StringWriter()).printf(Locale.ROOT, "%d", n);
            return name.toLowerCase(Locale.ROOT) + name.toUpperCase(Locale.ROOT) + String.format(Locale.ROOT, "%,d", n)
                    + new String(b, StandardCharsets.UTF_8) + name.getBytes(StandardCharsets.UTF_8).length
                    + buffer.toString(StandardCharsets.UTF_8) + new PrintStream(buffer, true, StandardCharsets.UTF_8);
        }
    }
}
