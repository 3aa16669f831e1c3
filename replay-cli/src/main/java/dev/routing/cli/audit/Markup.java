package dev.routing.cli.audit;

/**
 * A small writer of well-formed markup: every attribute quoted, every element closed, text escaped.
 * The report is HTML a browser reads, and XML a test can parse.
 */
final class Markup {
    private final StringBuilder out = new StringBuilder(1 << 16);

    Markup raw(String s) {
        out.append(s);
        return this;
    }

    Markup text(String s) {
        out.append(escape(s));
        return this;
    }

    /** An opening tag with attributes given as name/value pairs (a null value leaves the attribute out). */
    Markup open(String tag, Object... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append('>');
        return this;
    }

    Markup close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    Markup empty(String tag, Object... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append("/>");
        return this;
    }

    /** An element holding only text. */
    Markup el(String tag, String text, Object... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    private void attributes(Object[] attributes) {
        for (int i = 0; i + 1 < attributes.length; i += 2) {
            if (attributes[i + 1] == null) continue;
            out.append(' ').append(attributes[i]).append("=\"").append(escape(String.valueOf(attributes[i + 1]))).append('"');
        }
    }

    static String escape(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    // XML 1.0 has no place for most control characters
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') b.append(' ');
                    else b.append(c);
                }
            }
        }
        return b.toString();
    }

    static String num(double v) {
        return String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
