package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.privacy.ForgottenIds.LoggedDay;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One day's log as {@link IdDayLog#append} writes it and {@link IdDayLog#entries} reads it, file by
 * file: written anew, appended to, appended to after an open (its checksum read back from the file),
 * after a killed writer's bytes past the prefix, and refused when the file does not hold the prefix
 * the state names. The journal-level tests ({@code LoggedDaysOfAJournalTest}, {@code
 * IdDayLogsKilledTest}) reach these paths only through whole engines.
 */
class IdDayLogTest {
    private static final byte[] JOURNAL = bytes(16, 7);
    private static final String AGENT = "qa-ünï";
    private static final long DAY = 20_428;

    @TempDir
    Path dir;

    @Test
    void aLogWrittenAnewIsItsHeaderAndTheEntries() throws IOException {
        byte[] a = bytes(300, 1);
        CRC32C running = new CRC32C();
        running.update(bytes(40, 9)); // what it summed of a log since replaced: a log written anew starts its sum again
        LoggedDay logged = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, a, running);
        assertEquals(new LoggedDay(DAY, 300, IdDayLog.crc(a)), logged);
        byte[] file = Files.readAllBytes(IdDayLog.path(dir, AGENT, DAY));
        assertArrayEquals(expectedHeader(), Arrays.copyOf(file, IdDayLog.headerLength(AGENT)));
        assertArrayEquals(a, Arrays.copyOfRange(file, IdDayLog.headerLength(AGENT), file.length));
        assertArrayEquals(a, IdDayLog.entries(dir, JOURNAL, AGENT, logged));
    }

    @Test
    void anAppendGoesOnFromThePrefixAndEveryPrefixStillReads() throws IOException {
        byte[] a = bytes(300, 1);
        byte[] b = bytes(200, 2);
        CRC32C running = new CRC32C();
        LoggedDay first = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, a, running);
        LoggedDay second = IdDayLog.append(dir, JOURNAL, AGENT, DAY, first, b, running);
        assertEquals(new LoggedDay(DAY, 500, IdDayLog.crc(concat(a, b))), second);
        assertEquals(IdDayLog.headerLength(AGENT) + 500, Files.size(IdDayLog.path(dir, AGENT, DAY)));
        assertArrayEquals(a, IdDayLog.entries(dir, JOURNAL, AGENT, first));
        assertArrayEquals(concat(a, b), IdDayLog.entries(dir, JOURNAL, AGENT, second));
    }

    /** After an open the running checksum is not the prefix's (here: of other bytes): it is read back from the file first. */
    @Test
    void anAppendAfterAnOpenReadsThePrefixBackForItsChecksum() throws IOException {
        byte[] a = bytes(300, 1);
        byte[] b = bytes(200, 2);
        LoggedDay first = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, a, new CRC32C());
        CRC32C opened = new CRC32C();
        opened.update(bytes(40, 9));
        LoggedDay second = IdDayLog.append(dir, JOURNAL, AGENT, DAY, first, b, opened);
        assertEquals(new LoggedDay(DAY, 500, IdDayLog.crc(concat(a, b))), second);
        assertEquals(IdDayLog.crc(concat(a, b)), (int) opened.getValue());
        assertArrayEquals(concat(a, b), IdDayLog.entries(dir, JOURNAL, AGENT, second));
    }

    /** A writer killed after appending past the prefix its checkpoint named: the next append cuts those bytes first. */
    @Test
    void whatAKilledWriterLeftPastThePrefixIsCutByTheNextAppend() throws IOException {
        byte[] a = bytes(300, 1);
        byte[] b = bytes(200, 2);
        CRC32C running = new CRC32C();
        LoggedDay first = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, a, running);
        Path log = IdDayLog.path(dir, AGENT, DAY);
        Files.write(log, bytes(1_000, 3), StandardOpenOption.APPEND);
        LoggedDay second = IdDayLog.append(dir, JOURNAL, AGENT, DAY, first, b, running);
        assertEquals(IdDayLog.headerLength(AGENT) + 500, Files.size(log));
        assertArrayEquals(concat(a, b), IdDayLog.entries(dir, JOURNAL, AGENT, second));
    }

    @Test
    void aLogThatNoLongerHoldsThePrefixIsNotAppendedTo() throws IOException {
        byte[] a = bytes(300, 1);
        LoggedDay first = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, a, new CRC32C());
        Path log = IdDayLog.path(dir, AGENT, DAY);
        byte[] file = Files.readAllBytes(log);
        file[file.length - 5] ^= 1;
        Files.write(log, file);
        IOException changed = assertThrows(IOException.class, () -> IdDayLog.append(dir, JOURNAL, AGENT, DAY, first, bytes(10, 2), new CRC32C()));
        assertTrue(changed.getMessage().contains("its first 300 bytes of ids are not those the state holds"), changed::getMessage);
        Files.write(log, Arrays.copyOf(file, file.length - 100));
        CRC32C running = new CRC32C();
        running.update(a);
        IdDayFileException cut = assertThrows(IdDayFileException.class, () -> IdDayLog.append(dir, JOURNAL, AGENT, DAY, first, bytes(10, 2), running));
        assertTrue(cut.getMessage().contains("cut short: 200 bytes of ids, the checkpoint names 300"), cut::getMessage);
    }

    @Test
    void aFileThatIsNoLogOrAnotherJournalsIsRefusedSayingSo() throws IOException {
        LoggedDay first = IdDayLog.append(dir, JOURNAL, AGENT, DAY, null, bytes(30, 1), new CRC32C());
        Path log = IdDayLog.path(dir, AGENT, DAY);
        byte[] file = Files.readAllBytes(log);
        file[0] = 'X';
        Files.write(log, file);
        IdDayFileException noLog = assertThrows(IdDayFileException.class, () -> IdDayLog.entries(dir, JOURNAL, AGENT, first));
        assertTrue(noLog.getMessage().contains("not an id log"), noLog::getMessage);
        IdDayLog.append(dir, bytes(16, 8), AGENT, DAY, null, bytes(30, 1), new CRC32C());
        IdDayFileException another = assertThrows(IdDayFileException.class, () -> IdDayLog.entries(dir, JOURNAL, AGENT, first));
        assertTrue(another.getMessage().contains("of another journal"), another::getMessage);
    }

    /** The header holds an agent's length in 16 bits: the longest that fits is logged, one byte more refused. */
    @Test
    void anAgentOfTheLongestLengthTheHeaderHoldsIsLogged() throws IOException {
        String longest = "a".repeat(0xFFFF);
        byte[] a = bytes(30, 1);
        LoggedDay logged = IdDayLog.append(dir, JOURNAL, longest, DAY, null, a, new CRC32C());
        assertArrayEquals(a, IdDayLog.entries(dir, JOURNAL, longest, logged));
        assertThrows(IllegalArgumentException.class, () -> IdDayLog.append(dir, JOURNAL, longest + "a", DAY, null, a, new CRC32C()));
    }

    /** A day that let nothing go is named with length and checksum 0, and reads as nothing without a file. */
    @Test
    void aDayThatLetNothingGoReadsAsNothingWithoutAFile() {
        assertEquals(0, IdDayLog.entries(dir, JOURNAL, AGENT, new LoggedDay(DAY, 0, 0)).length);
        IdDayFileException missing = assertThrows(IdDayFileException.class, () -> IdDayLog.entries(dir, JOURNAL, AGENT, new LoggedDay(DAY, 1, 0)));
        assertTrue(missing.getMessage().contains("missing"), missing::getMessage);
    }

    /** The header as the format's comment lays it out, its checksum computed here, not by the code under test. */
    private static byte[] expectedHeader() {
        byte[] agent = AGENT.getBytes(StandardCharsets.UTF_8);
        ByteBuffer h = ByteBuffer.allocate((40 + agent.length + 7) & ~7).order(ByteOrder.LITTLE_ENDIAN);
        h.put("RIDL".getBytes(StandardCharsets.US_ASCII)).putInt(1).put(JOURNAL).putLong(DAY).putShort((short) agent.length).putShort((short) 0);
        CRC32C crc = new CRC32C();
        crc.update(h.array(), 0, 36);
        crc.update(agent);
        h.putInt((int) crc.getValue()).put(agent);
        return h.array();
    }

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 31 + seed * 17);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
