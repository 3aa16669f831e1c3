package dev.routing.engine.sealed;

import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.ForgottenIds.LoggedDay;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The engine's logs of the days of ids still on the heap ({@link IdDayLog}, docs/decisions/0012):
 * before each state checkpoint, after the group before it is journaled, what each agent let go since
 * the last is appended to its day's log, so the checkpoint names the day by its log's
 * prefix instead of holding its ids. An agent whose log cannot be written (a full disk) goes into that
 * checkpoint whole, as before logs, and the next checkpoint appends from where its logs stood.
 */
public final class IdDayLogs {
    private final Journal journal;
    /** Each log's checksum so far, so an append reads nothing back; checked against the state's at each. */
    private final Map<Path, CRC32C> running = new HashMap<>();
    private String failure;

    public IdDayLogs(Journal journal) {
        this.journal = journal;
    }

    /** Logs what every agent let go since the last checkpoint: the state holds nothing the journal does not. */
    public void write(EngineState state) {
        if (journal.id() == null) return; // a journal made before ids: a log could not be told from another journal's
        failure = null;
        for (Map.Entry<String, ForgottenIds> agent : state.privacy.forgotten.entrySet()) log(agent.getKey(), agent.getValue());
    }

    /** Logs what {@code ids} let go since its last log; whether every day on its heap is logged now. */
    boolean log(String agent, ForgottenIds ids) {
        if (journal.id() == null) return false;
        List<ForgottenIds.Unlogged> unlogged = ids.unlogged();
        if (unlogged.isEmpty()) return true;
        List<LoggedDay> written = new ArrayList<>();
        try {
            for (ForgottenIds.Unlogged u : unlogged) {
                CRC32C crc = running.computeIfAbsent(IdDayLog.path(journal.dir(), agent, u.day()), p -> new CRC32C());
                written.add(IdDayLog.append(journal.dir(), journal.id(), agent, u.day(), u.from(), u.bytes(), crc));
            }
        } catch (IOException | RuntimeException e) {
            // This checkpoint holds the agent's days whole; what the logs held before stays named by the
            // checkpoints before it, and the next append goes on from there (cutting what this one left).
            for (ForgottenIds.Unlogged u : unlogged) running.remove(IdDayLog.path(journal.dir(), agent, u.day()));
            failure = "agent " + agent + "'s ids are not logged, so the checkpoint holds them whole: "
                    + (e instanceof java.nio.file.NoSuchFileException ? e.getMessage() + ": missing" : e.getMessage());
            return false;
        }
        ids.logged(written);
        return true;
    }

    /** The entries of {@code agent}'s day as its log holds them whole, read back and checked, once every day on the heap is logged. */
    byte[] whole(String agent, ForgottenIds ids, long epochDay) {
        for (LoggedDay day : ids.loggedDaysOnHeap()) {
            if (day.day() == epochDay) return IdDayLog.entries(journal.dir(), journal.id(), agent, day);
        }
        throw new IllegalStateException("agent " + agent + "'s day " + epochDay + " is not logged");
    }

    /** The day is sealed in a table that holds its log: the log goes. */
    void sealed(String agent, long epochDay) throws IOException {
        Path log = IdDayLog.path(journal.dir(), agent, epochDay);
        running.remove(log);
        java.nio.file.Files.deleteIfExists(log);
    }

    /** Why the last checkpoint held an agent's ids whole, or null: the engine goes on. */
    public String failure() {
        return failure;
    }
}
