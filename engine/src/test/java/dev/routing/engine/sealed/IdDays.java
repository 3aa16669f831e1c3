package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.SealedIds;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A day of ids of every kind a record keeps, written to a real file, and the checks that it answers for exactly them. */
final class IdDays {
    static final byte[] JOURNAL = bytes(1);
    static final byte[] OTHER_JOURNAL = bytes(2);
    static final String AGENT = "agent-Ω/../7";
    static final long DAY = 20_400;
    static final long INDEX = 0x4F9A_0000_0012L;
    static final String LABEL = "rules-2026-11";

    private IdDays() {}

    /** {@code n} ids: snowflakes, a short number, texts of ASCII and not, one spelled with a leading zero; every third without a reader. */
    static List<String> ids(int n, int salt) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            switch (i % 5) {
                case 0, 1 -> ids.add(Long.toString(1_180_000_000_000_000_000L + 7919L * i + salt));
                case 2 -> ids.add("msg-" + salt + "-" + i);
                case 3 -> ids.add("ünï-" + salt + "-" + i);
                default -> ids.add("0" + (i + salt * 1000));
            }
        }
        return ids;
    }

    static long reader(int i) {
        return i % 3 == 0 ? ForgottenIds.NO_READER : 1000 + i;
    }

    static ByteBuffer body(List<String> ids) {
        return SealedIds.encode(ids.size(), ids::get, IdDays::reader);
    }

    static Path write(Path dir, List<String> ids) {
        IdDayWriter.write(dir, JOURNAL, AGENT, DAY, INDEX, LABEL, body(ids));
        return IdDayFile.path(dir, AGENT, DAY);
    }

    static IdDayFile.Expected expected() {
        return new IdDayFile.Expected(JOURNAL, AGENT, DAY, LABEL, INDEX);
    }

    /** Every id answers with its reader, and ids never stored (of every kind) answer not held. */
    static void answersExactly(SealedIds sealed, List<String> ids) {
        for (int i = 0; i < ids.size(); i++) assertEquals(reader(i), sealed.lookup(ids.get(i)), ids.get(i));
        for (String never : List.of("1180000000000000001", "msg-x", "ünï-x", "0", "", "9223372036854775807", "\uD800")) {
            if (!ids.contains(never)) assertEquals(ForgottenIds.NOT_HELD, sealed.lookup(never), never);
        }
    }

    private static byte[] bytes(int seed) {
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) b[i] = (byte) (seed * 31 + i);
        return b;
    }
}
