package dev.routing.journal.codec;

/**
 * Whether bytes are well-formed UTF-8, exactly as the JDK's decoder reporting malformed input
 * judges them (the Unicode standard's table 3-7): no overlong form, no surrogate, nothing past
 * U+10FFFF, no sequence cut short. Checked here, the text is then built by {@code new String},
 * whose decoding of well-formed bytes is the decoder's, without a decoder and buffers per text.
 */
final class StrictUtf8 {
    private StrictUtf8() {}

    /** The offset (from {@code from}) of the first byte of the first malformed sequence, or -1 when all are well formed. */
    static int malformedAt(byte[] buf, int from, int n) {
        int end = from + n;
        int i = from;
        while (i < end) {
            int b = buf[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int length;
            int low = 0x80;
            int high = 0xBF; // the range of the second byte; every later one is 80..BF
            if (b >= 0xC2 && b <= 0xDF) {
                length = 2;
            } else if (b >= 0xE0 && b <= 0xEF) {
                length = 3;
                if (b == 0xE0) low = 0xA0; // below is overlong
                if (b == 0xED) high = 0x9F; // above is a surrogate
            } else if (b >= 0xF0 && b <= 0xF4) {
                length = 4;
                if (b == 0xF0) low = 0x90; // below is overlong
                if (b == 0xF4) high = 0x8F; // above is past U+10FFFF
            } else {
                return i - from; // a continuation byte with no lead, an overlong lead (C0, C1), or F5..FF
            }
            if (end - i < length) return i - from;
            int second = buf[i + 1] & 0xFF;
            if (second < low || second > high) return i - from;
            for (int k = 2; k < length; k++) {
                if ((buf[i + k] & 0xC0) != 0x80) return i - from;
            }
            i += length;
        }
        return -1;
    }
}
