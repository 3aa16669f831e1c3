package dev.routing.engine.audit;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes of a carried audit's lines ({@link Carried}): varints, strings named once and then by
 * number (a week repeats a few dozen agents, channels, vias and outcomes hundreds of thousands of
 * times), instants as seconds and nanos. Read strictly: a count larger than the bytes left, a
 * string number not yet named or bytes after the end are refused with where, never read as
 * something else. The file's checksum is checked first, so a refusal here means a file of another
 * shape, not a damaged one.
 */
final class Packing {
    private Packing() {}

    static final class Out {
        private byte[] bytes = new byte[1 << 16];
        private int at;
        private final Map<String, Integer> named = new HashMap<>();

        Out varLong(long v) {
            long z = (v << 1) ^ (v >> 63);
            room(10);
            while ((z & ~0x7FL) != 0) {
                bytes[at++] = (byte) ((z & 0x7F) | 0x80);
                z >>>= 7;
            }
            bytes[at++] = (byte) z;
            return this;
        }

        Out flag(boolean b) {
            return varLong(b ? 1 : 0);
        }

        /** null, a string named before (its number), or a new one (its UTF-8, and it is named). */
        Out string(String s) {
            if (s == null) return varLong(0);
            Integer known = named.get(s);
            if (known != null) return varLong(known + 2);
            named.put(s, named.size());
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            varLong(1).varLong(utf8.length);
            return raw(utf8);
        }

        Out instant(Instant i) {
            if (i == null) return varLong(0);
            return varLong(1).varLong(i.getEpochSecond()).varLong(i.getNano());
        }

        Out boxed(Long v) {
            return v == null ? varLong(0) : varLong(1).varLong(v);
        }

        Out boxed(Integer v) {
            return v == null ? varLong(0) : varLong(1).varLong(v);
        }

        Out strings(List<String> list) {
            if (list == null) return varLong(-1);
            varLong(list.size());
            for (String s : list) string(s);
            return this;
        }

        Out raw(byte[] b) {
            room(b.length);
            System.arraycopy(b, 0, bytes, at, b.length);
            at += b.length;
            return this;
        }

        Out blob(byte[] b) {
            return varLong(b.length).raw(b);
        }

        byte[] bytes() {
            return Arrays.copyOf(bytes, at);
        }

        private void room(int n) {
            if (at + n > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, at + n));
        }
    }

    static final class In {
        private final byte[] bytes;
        private int at;
        private final int end;
        private final List<String> named = new ArrayList<>();
        /** Refuses malformed UTF-8 rather than reading it as replacement characters. */
        private final java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();

        In(byte[] bytes, int from, int end) {
            this.bytes = bytes;
            this.at = from;
            this.end = end;
        }

        long varLong() {
            long z = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= end) throw refused("the bytes end inside a number");
                byte b = bytes[at++];
                z |= (long) (b & 0x7F) << shift;
                if (b >= 0) return (z >>> 1) ^ -(z & 1);
            }
            throw refused("a number over 64 bits");
        }

        int varInt() {
            long v = varLong();
            if (v != (int) v) throw refused("a number over 32 bits: " + v);
            return (int) v;
        }

        /** A count of items, each at least {@code minBytes} long: no more than the bytes left hold. */
        int count(int minBytes) {
            long n = varLong();
            if (n < 0 || n > (long) (end - at) / Math.max(1, minBytes)) throw refused("a count of " + n + " that the bytes left cannot hold");
            return (int) n;
        }

        boolean flag() {
            long v = varLong();
            if (v != 0 && v != 1) throw refused("a flag of " + v);
            return v == 1;
        }

        String string() {
            long code = varLong();
            if (code == 0) return null;
            if (code == 1) {
                int n = count(1);
                String s;
                try {
                    s = utf8.decode(java.nio.ByteBuffer.wrap(bytes, at, n)).toString();
                } catch (java.nio.charset.CharacterCodingException e) {
                    throw refused("a string that is not UTF-8");
                }
                at += n;
                named.add(s);
                return s;
            }
            if (code < 2 || code - 2 >= named.size()) throw refused("string number " + (code - 2) + ", of " + named.size() + " named");
            return named.get((int) (code - 2));
        }

        Instant instant() {
            if (!flag()) return null;
            long seconds = varLong();
            long nanos = varLong();
            if (nanos < 0 || nanos > 999_999_999) throw refused("an instant's nanos of " + nanos);
            return Instant.ofEpochSecond(seconds, nanos);
        }

        Long boxedLong() {
            return flag() ? varLong() : null;
        }

        Integer boxedInt() {
            return flag() ? varInt() : null;
        }

        List<String> strings() {
            long n = varLong();
            if (n == -1) return null;
            if (n < 0 || n > end - at) throw refused("a list of " + n + " strings that the bytes left cannot hold");
            List<String> out = new ArrayList<>((int) n);
            for (int i = 0; i < n; i++) out.add(string());
            return java.util.Collections.unmodifiableList(out);
        }

        byte[] blob() {
            int n = count(1);
            byte[] b = Arrays.copyOfRange(bytes, at, at + n);
            at += n;
            return b;
        }

        void end() {
            if (at != end) throw refused((end - at) + " bytes after the end");
        }

        IllegalArgumentException refused(String why) {
            return new IllegalArgumentException("the carried audit does not read: " + why + " at byte " + at);
        }
    }
}
