package dev.routing.engine.sealed;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.CRC32C;

/**
 * The header every file a day's seal writes beside the journal begins with ({@link IdDayFile},
 * {@link KeptFile}), and the checks that a file is whole and is the one expected: each kind has its
 * own magic, so no file is ever read as one of another kind, and the rest is one layout, one
 * checksum and one set of refusals, so a fix to either reaches both.
 *
 * <p>On disk, little-endian:
 *
 * <pre>
 *  0  4 bytes magic         the kind's
 *  4  u32     format        the kind's
 *  8  16 bytes journal id   the id of the journal whose entries the body was made of
 * 24  i64     epoch day     the UTC day the body is of
 * 32  i64     covered index the journal index of an entry at or after the last the body holds
 * 40  i64     body length
 * 48  u16     label length  the rules label's UTF-8 bytes
 * 50  u16     agent length  the agent's UTF-8 bytes; 0 for a kind of no agent
 * 52  u32     crc           CRC32C of bytes [0, 52), the label, the agent and the body
 * 56          label, agent, zeros to a multiple of 8
 *             body          the kind's, 8-aligned in the file so it can be read by longs in place
 * </pre>
 *
 * An instance is a file mapped whole and found whole: its header as read, over the map of its body.
 */
final class SealedFileHeader {
    static final int FIXED = 56;
    static final int CRC_AT = 52;

    /**
     * A kind of file: its magic, what a refusal calls it ("an id day file"), the format this build
     * writes, the formats it reads (in the order a refusal lists them), and whether it names an agent.
     */
    record Kind(String magic, String called, int writes, List<Integer> reads, boolean ofAnAgent) {
        Kind {
            if (magic.getBytes(StandardCharsets.US_ASCII).length != 4) throw new IllegalArgumentException("a magic of 4 ASCII bytes is needed");
            reads = List.copyOf(reads);
        }

        byte[] magicBytes() {
            return magic.getBytes(StandardCharsets.US_ASCII);
        }
    }

    final Path path;
    final Kind kind;
    final MappedByteBuffer map;
    final int format;
    final byte[] journalId;
    final long epochDay;
    final long coveredIndex;
    final String label;
    final String agent;
    final int crc;
    final long bodyAt;
    final long bodyLength;

    private SealedFileHeader(Path path, Kind kind, MappedByteBuffer map, long bodyAt, long bodyLength, String label, String agent) {
        this.path = path;
        this.kind = kind;
        this.map = map;
        this.format = map.getInt(4);
        this.journalId = new byte[16];
        map.get(8, journalId);
        this.epochDay = map.getLong(24);
        this.coveredIndex = map.getLong(32);
        this.crc = map.getInt(CRC_AT);
        this.bodyAt = bodyAt;
        this.bodyLength = bodyLength;
        this.label = label;
        this.agent = agent;
    }

    /**
     * Maps the file and checks that it is a whole file of {@code kind}: its magic, its format, its
     * length against its header's, and its checksum over header and body. What it is of (journal,
     * day, rules, how far it covers) is {@link #check}'s.
     *
     * @throws IdDayFileException naming the file and why it is not read
     */
    static SealedFileHeader open(Path path, Kind kind) {
        MappedByteBuffer map;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < FIXED) throw new IdDayFileException(path, "cut short: " + size + " bytes, its header alone is " + FIXED);
            if (size > Integer.MAX_VALUE) throw new IdDayFileException(path, "of " + size + " bytes, more than a day's table can be");
            map = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        } catch (NoSuchFileException e) {
            throw new IdDayFileException(path, "missing");
        } catch (IOException e) {
            throw new IdDayFileException(path, "unreadable: " + e.getMessage());
        }
        map.order(ByteOrder.LITTLE_ENDIAN);
        return read(path, map, kind);
    }

    private static SealedFileHeader read(Path path, MappedByteBuffer map, Kind kind) {
        int size = map.capacity();
        byte[] magic = new byte[4];
        map.get(0, magic);
        if (!Arrays.equals(magic, kind.magicBytes())) {
            throw new IdDayFileException(path, "not " + kind.called() + " (its magic is not \"" + kind.magic() + "\")");
        }
        int format = map.getInt(4);
        if (!kind.reads().contains(format)) {
            throw new IdDayFileException(path, "of format " + format + ", this build reads "
                    + kind.reads().stream().map(String::valueOf).collect(Collectors.joining(" and ")));
        }
        long bodyLength = map.getLong(40);
        int labelLength = Short.toUnsignedInt(map.getShort(48));
        int agentLength = Short.toUnsignedInt(map.getShort(50));
        long bodyAt = bodyStart(labelLength, agentLength);
        if (bodyLength < 0 || bodyAt + bodyLength != size) {
            throw new IdDayFileException(path, (bodyLength >= 0 && bodyAt + bodyLength > size ? "cut short: " : "not of its header's length: ")
                    + size + " bytes, its header says " + (bodyLength < 0 ? "a body of " + bodyLength : bodyAt + bodyLength));
        }
        CRC32C crc = new CRC32C();
        crc.update(map.slice(0, CRC_AT));
        crc.update(map.slice(FIXED, size - FIXED));
        if ((int) crc.getValue() != map.getInt(CRC_AT)) throw new IdDayFileException(path, "its checksum fails: a byte changed since it was written");
        byte[] label = new byte[labelLength];
        map.get(FIXED, label);
        byte[] agent = new byte[agentLength];
        map.get(FIXED + labelLength, agent);
        // whole, so written so: only a writer that is not this build's could have put an agent there
        if (!kind.ofAnAgent() && agentLength != 0) {
            throw new IdDayFileException(path, "names an agent (" + new String(agent, StandardCharsets.UTF_8) + "), as "
                    + kind.called() + " never does");
        }
        return new SealedFileHeader(path, kind, map, bodyAt, bodyLength, new String(label, StandardCharsets.UTF_8),
                new String(agent, StandardCharsets.UTF_8));
    }

    static long bodyStart(int labelLength, int agentLength) {
        return (FIXED + labelLength + agentLength + 7L) & ~7L;
    }

    /**
     * Checks that the file is of this journal, {@code agent} (unread for a kind of no agent) and day,
     * written under the rules {@code label} (null: whichever), covering nothing past
     * {@code throughIndex}.
     *
     * @throws IdDayFileException naming the file and what it is of instead
     */
    void check(byte[] expectedJournalId, String expectedAgent, long expectedDay, String expectedLabel, long throughIndex) {
        if (!Arrays.equals(journalId, expectedJournalId)) {
            throw new IdDayFileException(path, "of another journal (its journal id " + HexFormat.of().formatHex(journalId)
                    + ", this journal's " + (expectedJournalId == null ? "none" : HexFormat.of().formatHex(expectedJournalId)) + ")");
        }
        if (kind.ofAnAgent() && !agent.equals(expectedAgent)) throw new IdDayFileException(path, "of agent " + agent + ", not " + expectedAgent);
        if (epochDay != expectedDay) throw new IdDayFileException(path, "of epoch day " + epochDay + ", not " + expectedDay);
        if (expectedLabel != null && !label.equals(expectedLabel)) {
            throw new IdDayFileException(path, "stale: written under the rules " + label + ", not " + expectedLabel);
        }
        if (coveredIndex > throughIndex) {
            throw new IdDayFileException(path, "stale: it covers the journal to index 0x" + Long.toHexString(coveredIndex)
                    + ", past the checkpoint's 0x" + Long.toHexString(throughIndex));
        }
    }

    long longAt(long at) {
        return map.getLong((int) (bodyAt + at));
    }

    byte byteAt(long at) {
        return map.get((int) (bodyAt + at));
    }

    /**
     * The header's bytes, label and agent and their padding included, for {@code body} (position to
     * limit) and its checksum over it: what a writer puts before the body ({@link WholeFile}).
     */
    static ByteBuffer bytes(Kind kind, byte[] journalId, String agent, long epochDay, long coveredIndex, String label, ByteBuffer body) {
        byte[] labelBytes = label.getBytes(StandardCharsets.UTF_8);
        byte[] agentBytes = agent.getBytes(StandardCharsets.UTF_8);
        if (labelBytes.length > 0xFFFF || agentBytes.length > 0xFFFF) throw new IllegalArgumentException("a label or agent over 65535 bytes");
        if (!kind.ofAnAgent() && agentBytes.length != 0) throw new IllegalArgumentException(kind.called() + " names no agent");
        if (journalId == null || journalId.length != 16) throw new IllegalArgumentException("a journal id of 16 bytes is needed");
        int length = (int) bodyStart(labelBytes.length, agentBytes.length);
        ByteBuffer h = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        h.put(0, kind.magicBytes()).putInt(4, kind.writes()).put(8, journalId).putLong(24, epochDay).putLong(32, coveredIndex)
                .putLong(40, body.remaining()).putShort(48, (short) labelBytes.length).putShort(50, (short) agentBytes.length)
                .put(FIXED, labelBytes).put(FIXED + labelBytes.length, agentBytes);
        CRC32C crc = new CRC32C();
        crc.update(h.slice(0, CRC_AT));
        crc.update(h.slice(FIXED, length - FIXED));
        crc.update(body.duplicate());
        h.putInt(CRC_AT, (int) crc.getValue());
        return h;
    }

    /** The checksum a header from {@link #bytes} holds. */
    static int crcOf(ByteBuffer header) {
        return header.getInt(CRC_AT);
    }
}
