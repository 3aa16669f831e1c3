package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link StrictUtf8} judges bytes as the JDK's reporting decoder does, and where it finds them well
 * formed, {@code new String} decodes them to what that decoder gives: every sequence of one and two
 * bytes, every lead and second byte with each edge of the bytes after, and seeded random runs.
 */
class StrictUtf8Test {
    private final CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final List<String> disagreements = new ArrayList<>();

    /** Checks one run inside a larger array, so that bytes around it must not count. */
    private void agree(byte[] run) {
        byte[] buf = new byte[run.length + 2];
        buf[0] = (byte) 0xE2; // a lead byte before the run and a continuation byte after it
        buf[buf.length - 1] = (byte) 0x80;
        System.arraycopy(run, 0, buf, 1, run.length);
        String decoded;
        try {
            decoded = strict.decode(ByteBuffer.wrap(run)).toString();
        } catch (CharacterCodingException e) {
            decoded = null;
        }
        boolean wellFormed = StrictUtf8.malformedAt(buf, 1, run.length) < 0;
        if (wellFormed != (decoded != null)) {
            disagreements.add(hex(run) + (wellFormed ? " passed, the JDK refuses it" : " refused, the JDK reads it"));
        } else if (wellFormed && !decoded.equals(new String(buf, 1, run.length, StandardCharsets.UTF_8))) {
            disagreements.add(hex(run) + " decodes differently");
        }
    }

    /** The bytes where a continuation's judgement changes: ASCII, 80..8F, 90..9F, A0..BF, leads. */
    private static final int[] EDGES = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF};

    @Test
    void everySequenceOfUpToTwoBytesAndEveryEdgeOfAThirdIsJudgedAsTheJdkJudgesIt() {
        for (int a = 0; a < 256; a++) {
            agree(new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                agree(new byte[] {(byte) a, (byte) b});
                if (a < 0xC0) continue; // a run opening on ASCII or a continuation byte is judged by its first byte
                for (int c : EDGES) agree(new byte[] {(byte) a, (byte) b, (byte) c});
            }
        }
        assertTrue(disagreements.isEmpty(), disagreements.size() + " disagreements, first " + disagreements.subList(0, Math.min(20, disagreements.size())));
    }

    @Test
    void everyFourByteLeadWithEveryEdgeOfItsContinuationsIsJudgedAsTheJdkJudgesIt() {
        int[] edges = {0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF};
        for (int a = 0xF0; a < 256; a++) {
            for (int b = 0; b < 256; b++) {
                for (int c : edges) {
                    for (int d : edges) agree(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
                }
            }
        }
        assertTrue(disagreements.isEmpty(), disagreements.size() + " disagreements, first " + disagreements.subList(0, Math.min(20, disagreements.size())));
    }

    @Test
    void randomRunsOfMixedTextAreJudgedAsTheJdkJudgesThem() {
        Random random = new Random(16);
        String[] pieces = {"a", "\u00e9", "\u4e2d", "\ud83d\ude00", "\u0000", "\uffff", "\ud7ff", "\ue000", "\udbff\udfff"};
        for (int i = 0; i < 100_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(6); k >= 0; k--) text.append(pieces[random.nextInt(pieces.length)]);
            byte[] run = text.toString().getBytes(StandardCharsets.UTF_8);
            if (random.nextBoolean()) run[random.nextInt(run.length)] = (byte) random.nextInt(256); // often no longer UTF-8
            agree(run);
        }
        assertTrue(disagreements.isEmpty(), disagreements.size() + " disagreements, first " + disagreements.subList(0, Math.min(20, disagreements.size())));
    }

    @Test
    void theOffsetNamedIsTheFirstMalformedSequences() {
        byte[] run = {'o', 'k', (byte) 0xC3, (byte) 0xA9, (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'x'}; // é, then a surrogate
        assertEquals(4, StrictUtf8.malformedAt(run, 0, run.length));
        assertEquals(-1, StrictUtf8.malformedAt(run, 0, 4));
        assertEquals(0, StrictUtf8.malformedAt(run, 3, 2), "a continuation byte with no lead");
    }

    private static String hex(byte[] run) {
        StringBuilder s = new StringBuilder();
        for (byte b : run) s.append(String.format("%02X ", b & 0xFF));
        return s.toString().trim();
    }
}
