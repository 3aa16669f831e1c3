package dev.routing.engine.drafts;

import dev.routing.projections.drafts.DraftBook;

/**
 * Draft ids (RULES D3): {@code d-} and 7 characters from a 31-letter alphabet with no look-alikes,
 * unique among the resident's kept drafts. Drawn from a counter-based generator whose position is
 * in the state ({@link DraftBook#drawn}), so replay reproduces every draw without re-drawing.
 */
public final class DraftIds {
    static final String ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
    static final int LENGTH = 7;
    /** The generator's seed. Fixed: a journal's ids must not depend on the process that wrote it. */
    static final long SEED = 0x7E57_AB1E_D0C5_1DL;

    private DraftIds() {}

    /** The next id for {@code agent}: the first candidate at the generator's position not in use. */
    public static String next(DraftBook book, String agent) {
        var kept = book.drafts.get(agent);
        for (long k = 0; ; k++) {
            String id = candidate(book.drawn, k);
            if (kept == null || !kept.containsKey(id)) return id;
        }
    }

    static String candidate(long position, long retry) {
        long x = mix(SEED ^ mix(position * 0x9E37_79B9_7F4A_7C15L + retry));
        StringBuilder id = new StringBuilder("d-");
        for (int i = 0; i < LENGTH; i++) {
            id.append(ALPHABET.charAt((int) Long.remainderUnsigned(x, ALPHABET.length())));
            x = Long.divideUnsigned(x, ALPHABET.length());
        }
        return id.toString();
    }

    /** SplitMix64's finalizer. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
