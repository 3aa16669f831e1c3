package dev.routing.engine.sealed;

import dev.routing.projections.privacy.ForgottenIds.LoggedDay;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * One agent's forgotten ids of one day still on the heap, logged beside the journal as the day goes
 * (docs/decisions/0012): {@code state/ids-<epoch day>-<agent key>.log}, the day's entries in the
 * order let go ({@code IdArena}'s form), appended at each state checkpoint after the group before it
 * is journaled. A checkpoint names the day by a prefix, its length and CRC32C, which stays what it
 * named while the log only grows; once the day is sealed, its table ({@link IdDayFile}) holds the log
 * byte for byte and the log is deleted, so the prefix is read from the table.
 *
 * <p>On disk, little-endian:
 *
 * <pre>
 *  0  4 bytes magic        "RIDL"
 *  4  u32     format       1
 *  8  16 bytes journal id  the journal whose entries let these ids go
 * 24  i64     epoch day
 * 32  u16     agent length the agent's UTF-8 bytes
 * 34  u16     0
 * 36  u32     crc          CRC32C of bytes [0, 36) and the agent
 * 40          agent, zeros to a multiple of 8
 *             entries      appended, never changed; past the newest checkpoint's prefix, what a
 *                          writer killed before its checkpoint left (named by none, and cut by the
 *                          next append)
 * </pre>
 */
public final class IdDayLog {
    static final byte[] MAGIC = "RIDL".getBytes(StandardCharsets.US_ASCII);
    static final int FORMAT = 1;
    private static final int FIXED = 40;
    private static final int CRC_AT = 36;

    private IdDayLog() {}

    /** Where the log of {@code agent}'s day {@code epochDay} lies beside the journal in {@code journalDir}. */
    public static Path path(Path journalDir, String agent, long epochDay) {
        return journalDir.resolve(IdDayFile.FOLDER).resolve("ids-" + epochDay + "-" + IdDayFile.agentKey(agent) + ".log");
    }

    /**
     * The entries a checkpoint named as {@code day}'s log: the prefix of the log, or, once the day is
     * sealed and its log deleted, of its table's entries; either checked against the named checksum.
     *
     * @throws IdDayFileException naming the file and why it is not read (missing, cut, of another
     *         journal, agent or day, not the bytes named)
     */
    public static byte[] entries(Path journalDir, byte[] journalId, String agent, LoggedDay day) {
        if (day.length() == 0 && day.crc() == 0) return new byte[0];
        if (journalId == null) throw new IdDayFileException(path(journalDir, agent, day.day()), "named in a journal that has no id");
        Path log = path(journalDir, agent, day.day());
        try {
            return named(log, fromLog(log, journalId, agent, day), day);
        } catch (IdDayFileException notTheLog) {
            Path table = IdDayFile.path(journalDir, agent, day.day());
            if (!Files.exists(table)) throw notTheLog;
            try {
                return named(table, IdDayFile.openAny(table, journalId, agent, day.day()).entriesPrefix(day.length()), day);
            } catch (IdDayFileException notTheTable) {
                throw new IdDayFileException(log, notTheLog.why() + "; nor does its day's table: " + notTheTable.getMessage());
            }
        }
    }

    private static byte[] fromLog(Path log, byte[] journalId, String agent, LoggedDay day) {
        try (FileChannel in = FileChannel.open(log, StandardOpenOption.READ)) {
            return prefix(log, in, journalId, agent, day.day(), day.length());
        } catch (NoSuchFileException e) {
            throw new IdDayFileException(log, "missing");
        } catch (IOException e) {
            throw new IdDayFileException(log, "unreadable: " + e.getMessage());
        }
    }

    private static byte[] named(Path file, byte[] entries, LoggedDay day) {
        if (crc(entries) != day.crc()) {
            throw new IdDayFileException(file, "its first " + day.length() + " bytes of ids are not those the checkpoint names (their checksum fails)");
        }
        return entries;
    }

    /**
     * Appends {@code bytes} after the first {@code from} bytes of entries the log holds (cutting what
     * a writer killed before its checkpoint left past them), or writes the log anew ({@code from}
     * null); returns the day as the log now holds it. {@code running} is the
     * checksum of what it holds: checked against {@code from}'s, and read again from the file if not
     * (after an open).
     *
     * @throws IOException when it cannot be written (a full disk) or does not hold what {@code from} says
     */
    static LoggedDay append(Path journalDir, byte[] journalId, String agent, long epochDay, LoggedDay from, byte[] bytes, CRC32C running)
            throws IOException {
        Path log = path(journalDir, agent, epochDay);
        ByteBuffer header = header(journalId, agent, epochDay);
        int headerLength = header.remaining();
        Files.createDirectories(log.getParent());
        // Not forced: a checkpoint names the prefix with its checksum, so pages a power loss took make
        // that checkpoint fall back to an older one, never answer wrongly; and forcing each agent's
        // log at every checkpoint made the engine a fifth slower (`bench ids`).
        if (from == null || from.length() == 0) {
            // Written anew whole, then renamed over any log of the day (a day opened since the last
            // checkpoint has none): a reader of the old one, or a kill, never meets half of either.
            Path temporary = log.resolveSibling(log.getFileName() + ".tmp");
            try {
                try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    writeAll(out, header.duplicate(), 0);
                    writeAll(out, ByteBuffer.wrap(bytes), headerLength);
                }
                Files.move(temporary, log, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                Files.deleteIfExists(temporary);
                throw e;
            }
            running.reset();
            running.update(bytes);
            return new LoggedDay(epochDay, bytes.length, (int) running.getValue());
        }
        // an append never creates the log: one gone since (its day sealed by an earlier life) is not made anew empty
        try (FileChannel out = FileChannel.open(log, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long at = headerLength;
            if ((int) running.getValue() != from.crc() || out.size() < at + from.length()) {
                byte[] held = prefix(log, out, journalId, agent, epochDay, from.length());
                running.reset();
                running.update(held);
                if ((int) running.getValue() != from.crc()) throw new IOException(log + ": its first " + from.length() + " bytes of ids are not those the state holds");
            }
            at += from.length();
            if (out.size() > at) out.truncate(at); // what a failed or killed append left past the prefix
            writeAll(out, ByteBuffer.wrap(bytes), at);
            running.update(bytes);
            return new LoggedDay(epochDay, from.length() + bytes.length, (int) running.getValue());
        }
    }

    private static byte[] prefix(Path log, FileChannel in, byte[] journalId, String agent, long epochDay, long length) throws IOException {
        ByteBuffer expected = header(journalId, agent, epochDay);
        ByteBuffer found = ByteBuffer.allocate(expected.remaining());
        readAll(in, found, 0);
        if (found.hasRemaining()) throw new IdDayFileException(log, "cut short: " + in.size() + " bytes, its header alone is " + expected.remaining());
        if (!Arrays.equals(found.array(), 0, 4, MAGIC, 0, 4)) throw new IdDayFileException(log, "not an id log (its magic is not \"RIDL\")");
        if (!found.flip().equals(expected)) {
            byte[] id = Arrays.copyOfRange(found.array(), 8, 24);
            throw new IdDayFileException(log, Arrays.equals(id, journalId)
                    ? "not the log of agent " + agent + "'s day " + epochDay + " (its header differs)"
                    : "of another journal (its journal id " + HexFormat.of().formatHex(id) + ", this journal's " + HexFormat.of().formatHex(journalId) + ")");
        }
        ByteBuffer entries = ByteBuffer.allocate((int) length);
        readAll(in, entries, expected.remaining());
        if (entries.hasRemaining()) {
            throw new IdDayFileException(log, "cut short: " + (in.size() - expected.remaining()) + " bytes of ids, the checkpoint names " + length);
        }
        return entries.array();
    }

    /** The bytes before a log's entries. */
    static int headerLength(String agent) {
        return (FIXED + agent.getBytes(StandardCharsets.UTF_8).length + 7) & ~7;
    }

    static int crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    private static ByteBuffer header(byte[] journalId, String agent, long epochDay) {
        byte[] agentBytes = agent.getBytes(StandardCharsets.UTF_8);
        if (agentBytes.length > 0xFFFF) throw new IllegalArgumentException("an agent over 65535 bytes");
        ByteBuffer h = ByteBuffer.allocate(headerLength(agent)).order(ByteOrder.LITTLE_ENDIAN);
        h.put(0, MAGIC).putInt(4, FORMAT).put(8, journalId).putLong(24, epochDay).putShort(32, (short) agentBytes.length).put(FIXED, agentBytes);
        CRC32C crc = new CRC32C();
        crc.update(h.slice(0, CRC_AT));
        crc.update(agentBytes);
        h.putInt(CRC_AT, (int) crc.getValue());
        return h;
    }

    private static void readAll(FileChannel in, ByteBuffer to, long at) throws IOException {
        long position = at;
        while (to.hasRemaining()) {
            int n = in.read(to, position);
            if (n < 0) return;
            position += n;
        }
    }

    private static void writeAll(FileChannel out, ByteBuffer from, long at) throws IOException {
        long position = at;
        while (from.hasRemaining()) position += out.write(from, position);
    }
}
