package dev.routing.engine;

import dev.routing.engine.sealed.IdDayFile;
import dev.routing.engine.sealed.IdDayFileException;
import dev.routing.engine.sealed.IdDayLog;
import dev.routing.engine.sealed.KeptFile;
import dev.routing.engine.sealed.MappedFaults;
import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.store.DecodedReader;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.KeptMessages;
import dev.routing.projections.privacy.KeptPart;
import dev.routing.projections.privacy.SealedKept;
import dev.routing.projections.turns.SealedTurnDay;
import dev.routing.projections.turns.TurnLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * Rebuilds state from a journal: from its start, or from the newest checkpoint at or before a point
 * plus the entries after it, so restore time does not grow with history (J2, J5).
 *
 * <p>A checkpoint names the closed days of ids the engine sealed in files beside the journal
 * (docs/decisions/0011); each is mapped from its file, checked against the journal's id, the
 * checkpoint's index and what the checkpoint says of it. A file missing, cut, changed, of another
 * journal or stale is said on stderr, and the checkpoint's state is rebuilt from an earlier one (or
 * the journal's first entry) instead: slower, never wrong. So is a checkpoint whose state this build
 * does not read ({@link StateCodec#fromJson} refuses it): the journal stays the one source of truth.
 * What the journal itself refuses (a checkpoint of a newer schema, bytes that fail their checksum) is
 * never read around.
 */
public final class Replay {
    /**
     * What a replay rebuilt, and how many entries (and their stored bytes) it folded to get there:
     * from the checkpoint at {@code checkpointIndex} (-1 for none), which recorded the host's last
     * seq before it ({@code checkpointSeq}, {@link Group#NO_SEQ} for none).
     */
    public record Result(EngineState state, long entriesRead, long bytesRead, long checkpointIndex, long checkpointSeq, Rebuilt rebuilt) {
        Result(EngineState state, long entriesRead, long bytesRead, long checkpointIndex, long checkpointSeq) {
            this(state, entriesRead, bytesRead, checkpointIndex, checkpointSeq, Rebuilt.NONE);
        }
    }

    private static final LongConsumer SILENT = n -> { };

    private Replay() {}

    /** Folds the whole journal from its first entry. */
    public static Result full(Journal journal, LongConsumer progress) {
        return fold(journal, new EngineState(), -1, Long.MAX_VALUE, -1, Group.NO_SEQ, progress);
    }

    public static Result full(Journal journal) {
        return full(journal, SILENT);
    }

    /** The state after the whole journal, from its newest checkpoint and the tail after it. */
    public static Result restore(Journal journal, LongConsumer progress) {
        return upTo(journal, Long.MAX_VALUE, progress);
    }

    public static Result restore(Journal journal) {
        return restore(journal, SILENT);
    }

    /** The state as it stood at {@code instant}: every entry before it, from the nearest checkpoint. */
    public static Result at(Journal journal, Instant instant, LongConsumer progress) {
        return upTo(journal, journal.indexAt(instant), progress);
    }

    /**
     * Where a fold that ends before {@code endIndex} starts: the state of the newest checkpoint before
     * it and the index of that checkpoint ({@code checkpointIndex}, -1 and a new state for none), so
     * the entries to fold are those from {@code checkpointIndex + 1}.
     */
    public record Start(EngineState state, long checkpointIndex, long checkpointSeq, Rebuilt rebuilt) {
        Start(EngineState state, long checkpointIndex, long checkpointSeq) {
            this(state, checkpointIndex, checkpointSeq, Rebuilt.NONE);
        }
    }

    /**
     * What rebuilding an unread checkpoint's state folded (entries and their bytes; {@link #NONE}
     * when the checkpoint read), counted with the tail as read after it. A writer that opened so
     * writes a fresh checkpoint with its first group, and the next open does not rebuild it again.
     */
    public record Rebuilt(long entries, long bytes) {
        static final Rebuilt NONE = new Rebuilt(0, 0);

        public boolean any() {
            return this != NONE;
        }
    }

    /** A checkpoint's state, read or rebuilt. */
    private record StateAt(EngineState state, Rebuilt rebuilt) {
    }

    public static Start start(Journal journal, long endIndex) {
        return start(journal, endIndex, SILENT);
    }

    /** As {@link #start(Journal, long)}, saying how many entries a rebuild of an unread checkpoint has folded so far. */
    private static Start start(Journal journal, long endIndex, LongConsumer progress) {
        long before = endIndex == Long.MAX_VALUE ? Long.MAX_VALUE : endIndex - 1;
        Journal.CheckpointAt found = before < 0 ? null : journal.newestCheckpointJson(before);
        if (found == null) return new Start(new EngineState(), -1, Group.NO_SEQ);
        journal.checkUpTo(found.index());
        return startAt(journal, found, progress);
    }

    /** The start at a checkpoint whose index the caller found (-1: the journal's start, a new state). */
    public static Start startAt(Journal journal, long checkpointIndex) {
        if (checkpointIndex < 0) return new Start(new EngineState(), -1, Group.NO_SEQ);
        return startAt(journal, new Journal.CheckpointAt(checkpointIndex, checkpointAt(journal, checkpointIndex)));
    }

    /** The start at a checkpoint the caller found and read ({@link Journal#newestCheckpointJson}). */
    public static Start startAt(Journal journal, Journal.CheckpointAt found) {
        return startAt(journal, found, SILENT);
    }

    private static Start startAt(Journal journal, Journal.CheckpointAt found, LongConsumer progress) {
        CheckpointJson cp = found.checkpoint();
        StateAt at = stateAt(journal, found.index(), cp, progress);
        return new Start(at.state(), found.index(), cp.lastSeq() == null ? Group.NO_SEQ : cp.lastSeq(), at.rebuilt());
    }

    private static CheckpointJson checkpointAt(Journal journal, long index) {
        CheckpointJson cp = journal.checkpointAt(index);
        if (cp == null) throw new IllegalStateException("no state checkpoint at index 0x" + Long.toHexString(index));
        return cp;
    }

    /**
     * The state the checkpoint at {@code index} holds, its sealed days of ids attached; or, when its
     * state does not read or one of its days cannot be attached, that state rebuilt from the journal:
     * folded from the newest older checkpoint that reads whole, or from the first entry. Slower, never
     * wrong; said once on stderr; the journal is left as it is. A loop, not a recursion: a journal may
     * hold any number of unread checkpoints in a row (a downgrade, a codec's bug).
     */
    private static StateAt stateAt(Journal journal, long index, CheckpointJson cp, LongConsumer progress) {
        Read read = read(journal, index, cp);
        if (read.state() != null) return new StateAt(read.state(), Rebuilt.NONE);
        String why = read.why();
        int alsoUnread = 0;
        Read base = null;
        long baseIndex = -1;
        for (Read step = read; ; ) {
            Journal.CheckpointAt older = step.before() > 0 ? journal.newestCheckpointJson(step.before() - 1) : null;
            if (older == null || older.index() >= step.index()) break;
            step = read(journal, older.index(), older.checkpoint());
            if (step.state() != null) {
                base = step;
                baseIndex = older.index();
                break;
            }
            alsoUnread++;
        }
        System.err.println("journal " + journal.dir() + ": note: " + why + "; the checkpoint at index 0x" + Long.toHexString(index)
                + " is rebuilt from " + (base == null ? "the journal's first entry" : "the checkpoint at index 0x" + Long.toHexString(baseIndex))
                + (alsoUnread == 0 ? "" : " (" + alsoUnread + " older checkpoint" + (alsoUnread == 1 ? " is" : "s are") + " not read either)"));
        Result folded = fold(journal, base == null ? new EngineState() : base.state(), base == null ? -1 : baseIndex + 1, index, -1, Group.NO_SEQ, progress);
        return new StateAt(folded.state(), new Rebuilt(folded.entriesRead(), folded.bytesRead()));
    }

    /**
     * The checkpoint at {@code index} read: its state with its sealed days attached, or why not and
     * before which index an older checkpoint may stand in for it (one written before a day it names
     * was sealed, for an unread day's file).
     */
    private record Read(long index, EngineState state, String why, long before) {
    }

    private static Read read(Journal journal, long index, CheckpointJson cp) {
        EngineState state;
        try {
            state = StateCodec.fromJson(cp.state());
        } catch (IllegalStateException unreadable) {
            // a form no build wrote, a value past the parser's limits: the journal holds every entry before it
            return new Read(index, null, unreadable.getMessage(), index);
        }
        Unread unread = unread(journal, state, index);
        if (unread == null) return new Read(index, state, null, index);
        long before = unread.beforeDay() == Unread.THE_CHECKPOINT_BEFORE ? index : journal.indexAt(Instant.ofEpochSecond(unread.beforeDay() * 86_400L));
        return new Read(index, null, unread.why(), Math.min(before, index));
    }

    /**
     * A day a checkpoint names whose file is not read, and why; an older checkpoint may stand in if
     * written before {@code beforeDay} began: every checkpoint written since a day was sealed names
     * its table, every one written since it began names its log. Or {@link #THE_CHECKPOINT_BEFORE}:
     * a log that is there but does not hold the prefix named (cut by a power loss, changed) may still
     * hold the shorter prefix the checkpoint before named.
     */
    private record Unread(String why, long beforeDay) {
        static final long THE_CHECKPOINT_BEFORE = Long.MIN_VALUE;
    }

    /**
     * Maps the files of the sealed days of ids the state (restored from the checkpoint at {@code
     * checkpointIndex}) names, and attaches each; why one could not be, or null when all are.
     */
    public static String attach(Journal journal, EngineState state, long checkpointIndex) {
        Unread unread = unread(journal, state, checkpointIndex);
        return unread == null ? null : unread.why();
    }

    private static Unread unread(Journal journal, EngineState state, long checkpointIndex) {
        Unread kept = unreadKept(journal, state, checkpointIndex);
        if (kept != null) return kept;
        Unread turns = unreadTurns(journal, state.turns.ledger, checkpointIndex);
        if (turns != null) return turns;
        List<Map.Entry<String, ForgottenIds>> agents = List.copyOf(state.privacy.forgotten.entrySet());
        Unread[] unread = new Unread[agents.size()];
        // Each agent's files are its own: read on every core (today's ids replayed onto the heap are a
        // fifth of a restore at 10 M messages); the first agent's failure, in order, is the one said.
        RuntimeException[] thrown = new RuntimeException[agents.size()];
        IntStream.range(0, agents.size()).parallel().forEach(k -> {
            try {
                unread[k] = unread(journal, agents.get(k).getKey(), agents.get(k).getValue(), checkpointIndex);
            } catch (RuntimeException e) {
                thrown[k] = e; // thrown here, as it was, not as a pool's worker rethrows it
            }
        });
        for (int k = 0; k < agents.size(); k++) {
            if (thrown[k] != null) throw thrown[k];
            if (unread[k] != null) return unread[k];
        }
        return null;
    }

    private static Unread unread(Journal journal, String agent, ForgottenIds ids, long checkpointIndex) {
        for (ForgottenIds.SealedDay day : ids.sealedDays()) {
            try {
                IdDayFile file = IdDayFile.open(IdDayFile.path(journal.dir(), agent, day.day()),
                        new IdDayFile.Expected(journal.id(), agent, day.day(), day.label(), checkpointIndex));
                if (file.header().crc() != day.crc() || file.header().coveredIndex() != day.index() || file.ids().size() != day.count()) {
                    throw new IdDayFileException(file.path(), "stale: not the file the checkpoint names (it covers index 0x"
                            + Long.toHexString(file.header().coveredIndex()) + ", the checkpoint's names 0x" + Long.toHexString(day.index()) + ")");
                }
                ids.attach(day, file.ids());
            } catch (IdDayFileException e) {
                return new Unread("the sealed ids of agent " + agent + "'s day " + day.day() + " are not read: " + e.getMessage(), day.day() + 1);
            }
        }
        return attachLogs(journal, agent, ids);
    }

    /**
     * Maps the turn ledger's sealed days the checkpoint names (docs/decisions/0014, step 2) and
     * attaches each; one not read sends the restore to a checkpoint written before the day after it
     * began, which holds that day's turns itself.
     */
    private static Unread unreadTurns(Journal journal, TurnLedger ledger, long checkpointIndex) {
        for (TurnLedger.SealedDay day : ledger.sealedDays()) {
            Path path = KeptFile.path(journal.dir(), day.day(), KeptFile.Of.TURNS);
            try {
                KeptFile file = KeptFile.open(path, new KeptFile.Expected(journal.id(), day.day(), day.label(), checkpointIndex), KeptFile.Of.TURNS);
                if (file.header().crc() != day.crc() || file.header().coveredIndex() != day.index()) {
                    throw new IdDayFileException(path, "stale: not the file the checkpoint names (it covers index 0x"
                            + Long.toHexString(file.header().coveredIndex()) + ", the checkpoint's names 0x" + Long.toHexString(day.index()) + ")");
                }
                ledger.attach(day, SealedTurnDay.over(file));
            } catch (IdDayFileException e) {
                return new Unread("the sealed turns of day " + day.day() + " are not read: " + e.getMessage(), day.day() + 1);
            } catch (IllegalArgumentException e) {
                return new Unread("the sealed turns of day " + day.day() + " are not read: " + path + ": " + e.getMessage(), day.day() + 1);
            }
        }
        return null;
    }

    /**
     * Maps the table of the seal of kept messages the checkpoint names (docs/decisions/0014) and
     * attaches it; when the table is not there (a later seal replaced it) or not read (said on
     * stderr), makes it again from the seal's parts ({@link KeptPart}). A part not read sends the
     * restore to a checkpoint written before its day began, which names an older seal or none.
     */
    private static Unread unreadKept(Journal journal, EngineState state, long checkpointIndex) {
        KeptMessages kept = state.privacy.messages;
        KeptMessages.Seal seal = kept.seal();
        if (seal == null) return null;
        Path tablePath = KeptFile.path(journal.dir(), seal.day());
        try {
            KeptFile file = KeptFile.open(tablePath, new KeptFile.Expected(journal.id(), seal.day(), seal.label(), checkpointIndex));
            if (file.header().crc() != seal.crc()) throw new IdDayFileException(file.path(), "stale: not the table the checkpoint names");
            kept.attach(SealedKept.over(file));
            return null;
        } catch (IdDayFileException | IllegalArgumentException e) {
            // a table replaced by a later seal is not there, as expected: made again from the parts; any other, said
            if (Files.exists(tablePath) || !laterTable(journal.dir(), seal.day())) {
                System.err.println("journal " + journal.dir() + ": note: the table of kept messages sealed on day " + seal.day()
                        + " is not read: " + (e instanceof IdDayFileException ? "" : tablePath + ": its table is malformed: ")
                        + e.getMessage() + "; it is made again from its parts");
            }
        }
        try {
            kept.attach(KeptPart.table(parts(journal, seal, checkpointIndex), state.privacy::isPrivateInput, state.privacy::isPrivateTurn));
            return null;
        } catch (IdDayFileException e) {
            return new Unread("the kept messages sealed on day " + seal.day() + " are not read: " + e.getMessage(), seal.day());
        } catch (IllegalArgumentException e) {
            return new Unread("the kept messages sealed on day " + seal.day() + " are not read: their parts make another table: "
                    + e.getMessage(), seal.day());
        }
    }

    /** Whether a table of kept messages sealed after {@code day} lies beside the journal: one of {@code day} missing was replaced. */
    private static boolean laterTable(Path journalDir, long day) {
        try (var files = Files.list(journalDir.resolve(IdDayFile.FOLDER))) {
            return files.anyMatch(f -> {
                long d = KeptFile.dayOf(f.getFileName().toString());
                return d != Long.MAX_VALUE && d > day;
            });
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /** The parts of the seal, oldest first, each checked against the checksum the one after it (or the checkpoint) names. */
    private static List<KeptPart.Read> parts(Journal journal, KeptMessages.Seal seal, long checkpointIndex) {
        List<KeptPart.Read> parts = new ArrayList<>();
        for (KeptPart.Link link = seal.part(); link != null; ) {
            Path path = KeptFile.path(journal.dir(), link.day(), KeptFile.Of.PART);
            // pinned by the checksum the checkpoint or the part after it names, whatever rules wrote it
            KeptFile file = KeptFile.openAnyRules(path, journal.id(), link.day(), checkpointIndex, KeptFile.Of.PART);
            if (file.header().crc() != link.crc()) throw new IdDayFileException(path, "stale: not the part the seal after it names");
            KeptPart.Read part;
            try {
                part = KeptPart.read(path.toString(), file.body());
            } catch (IllegalArgumentException e) {
                throw new IdDayFileException(path, "its part is malformed: " + e.getMessage());
            }
            if (part.before() != null && part.before().day() >= link.day()) throw new IdDayFileException(path, "names a part of a later day before it");
            parts.add(part);
            link = part.before();
        }
        Collections.reverse(parts);
        return parts;
    }

    /** Reads the days the checkpoint named by their logs' prefixes ({@link IdDayLog}) onto the heap. */
    private static Unread attachLogs(Journal journal, String agent, ForgottenIds ids) {
        List<ForgottenIds.LoggedDay> days = ids.loggedDays();
        if (days.isEmpty()) return null;
        List<byte[]> entries = new ArrayList<>(days.size());
        for (ForgottenIds.LoggedDay day : days) {
            try {
                entries.add(IdDayLog.entries(journal.dir(), journal.id(), agent, day));
            } catch (IdDayFileException e) {
                boolean there = Files.exists(IdDayLog.path(journal.dir(), agent, day.day()));
                return new Unread("the logged ids of agent " + agent + "'s day " + day.day() + " are not read: " + e.getMessage(),
                        there ? Unread.THE_CHECKPOINT_BEFORE : day.day());
            }
        }
        try {
            ids.attachLogs(entries);
        } catch (IllegalArgumentException e) {
            return new Unread("the logged ids of agent " + agent + " are not read: " + e.getMessage(), days.get(0).day());
        }
        return null;
    }

    /** The state after every entry whose index is below {@code endIndex}. */
    public static Result upTo(Journal journal, long endIndex, LongConsumer progress) {
        Start start = start(journal, endIndex, progress);
        roomForTheTail(journal, start, endIndex);
        Rebuilt rebuilt = start.rebuilt();
        // the tail's count goes on from the rebuild's, so progress never goes back
        Result tail = fold(journal, start.state(), start.checkpointIndex() < 0 ? -1 : start.checkpointIndex() + 1, endIndex,
                start.checkpointIndex(), start.checkpointSeq(), n -> progress.accept(rebuilt.entries() + n));
        return !rebuilt.any() ? tail : new Result(tail.state(), tail.entriesRead() + rebuilt.entries(),
                tail.bytesRead() + rebuilt.bytes(), tail.checkpointIndex(), tail.checkpointSeq(), rebuilt);
    }

    /**
     * Gives the remembered ids of the checkpoint's day room for the tail about to be folded, in one
     * step ({@link #tailShare}). A day file holds one day of journal time, the facts' own, so the
     * file's day is the day the ids were let go on.
     */
    private static void roomForTheTail(Journal journal, Start start, long endIndex) {
        double share = tailShare(journal, start.checkpointIndex(), endIndex);
        if (share > 0) start.state().privacy.reserve(share, Journal.cycleOf(start.checkpointIndex()));
    }

    /**
     * The tail's entries over those of the checkpoint's day before it, which put the newest ids on
     * the heap (0 with no checkpoint): each group's excerpt names its first entry, so both counts are
     * two reads, not a walk.
     */
    static double tailShare(Journal journal, long checkpoint, long endIndex) {
        if (checkpoint < 0) return 0;
        long before = journal.countBetween(Journal.dayStartOf(checkpoint), checkpoint);
        long tail = journal.countBetween(checkpoint + 1, endIndex);
        return before > 0 ? (double) tail / before : 0;
    }

    private static Result fold(Journal journal, EngineState state, long from, long to, long checkpointIndex,
            long checkpointSeq, LongConsumer progress) {
        Fold fold = new Fold(state);
        long[] read = {0, 0};
        // a fold from the first entry reads no sealed file: the fence's 30 ns an entry are a tenth of a replay's
        boolean mapped = mapsSealedFiles(state);
        // A checkpoint changes no fold, so its body (megabytes in a large state) is never decoded here.
        DecodedReader.read(journal, from, to, Set.of(), (index, entry, bytes) -> {
            if (entry != null) {
                fold.accept(entry);
                // folded on the reader's delivery thread: a read of a sealed file cut under it is raised here, failing the restore
                if (mapped) MappedFaults.raisePending();
            }
            read[1] += bytes;
            if ((++read[0] & 0x3FFF) == 0) progress.accept(read[0]);
        });
        progress.accept(read[0]);
        EngineState folded = fold.state();
        if (mapped) MappedFaults.raisePending(); // the last fact is folded here, on the caller's thread
        return new Result(folded, read[0], read[1], checkpointIndex, checkpointSeq);
    }

    /** Whether the state reads any file beside the journal: a seal of kept messages, a sealed turn day, a sealed day of ids. */
    private static boolean mapsSealedFiles(EngineState state) {
        if (state.privacy.messages.seal() != null || !state.turns.ledger.sealedDays().isEmpty()) return true;
        for (ForgottenIds ids : state.privacy.forgotten.values()) {
            if (!ids.sealedDays().isEmpty()) return true;
        }
        return false;
    }
}
