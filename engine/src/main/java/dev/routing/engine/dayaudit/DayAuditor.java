package dev.routing.engine.dayaudit;

import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Persists the audit of each sealed day of a journal ({@link DayAudit}) on a thread of its own, off
 * the deciding path: a host hands it each day its engine rolls ({@code Engine.whenADayRolls}), and,
 * when it opens, the days before that may lack one (it was stopped over a roll, or the journal was
 * written before day audits). Each day is audited from a reader of its own, as {@code audit} would, in
 * the order handed over. What cannot be persisted is said to {@code warn} and costs only speed: an
 * audit of that day reads the journal. Closing stops the day being audited at its next few thousand
 * entries (or once its findings are explained) and writes nothing of it, the days waiting are
 * dropped, and nothing is said of either. The thread is never interrupted: an interrupt would reach
 * the journal's reads as a failure to say.
 */
public final class DayAuditor implements AutoCloseable {
    /** How many days before the newest a host's open looks back for a sealed day with no audit. */
    public static final int LOOK_BACK = 7;

    private final Path dir;
    private final Consumer<String> warn;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "day-audit");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closing;
    private Future<?> last;

    /** @param warn told, in a sentence, of a day whose audit could not be persisted, and why */
    public DayAuditor(Path dir, Consumer<String> warn) {
        this.dir = dir;
        this.warn = warn;
    }

    /** Audits {@code day}, which the writer rolled and sealed. */
    public synchronized void rolled(int day) {
        submit(() -> {
            try (Journal journal = Journal.openReader(dir)) {
                audit(journal, day);
                if (journal.sealedDay(day) != null) carry(journal, day); // one not sealed is said once, above
            }
        });
    }

    /**
     * Audits each of the {@link #LOOK_BACK} days before {@code newest} (a day, {@link Journal#cycleOf})
     * that is sealed and has no audit this build reads, newest first.
     */
    public synchronized void catchUp(int newest) {
        submit(() -> {
            try (Journal journal = Journal.openReader(dir)) {
                for (int day = newest - 1; day >= newest - LOOK_BACK && !closing; day--) {
                    if (journal.sealedDay(day) != null && DayAudit.read(journal, day).summary() == null) audit(journal, day);
                }
                // the newest sealed day's whole audit, which is all a whole audit reads
                for (int day = newest - 1; day >= newest - LOOK_BACK && !closing; day--) {
                    if (journal.sealedDay(day) == null) continue;
                    if (WholeAudit.newest(dir) != day || WholeAudit.read(journal, day).carried() == null) carry(journal, day);
                    break;
                }
            }
        });
    }

    private void submit(Runnable job) {
        if (closing) return;
        try {
            last = thread.submit(() -> {
                if (closing) return;
                try {
                    job.run();
                } catch (CancellationException stopped) {
                    // closed: the day's file is not written, and an audit of it reads the journal
                } catch (RuntimeException | Error e) {
                    // an Error too (a read that faulted on a day file cut under it, a file no heap holds): said, not lost in the future
                    if (!closing) {
                        warn.accept("the audits of sealed days in " + dir + " could not be persisted (" + e
                                + "): an audit of such a day reads the journal");
                    }
                }
            });
        } catch (RejectedExecutionException closed) {
            // closed from another thread since the check above: the day is dropped, as a waiting one is
        }
    }

    private void audit(Journal journal, int day) {
        try {
            String why = DayAudit.write(journal, day, this::stopWhenClosing);
            if (why != null && !closing) warn.accept("the audit of day " + DayAudit.start(day) + " is not persisted: " + why);
        } catch (java.io.UncheckedIOException e) {
            if (!closing) {
                warn.accept("the audit of day " + DayAudit.start(day) + " could not be persisted (" + e.getMessage()
                        + "): an audit of that day reads the journal");
            }
        }
    }

    /**
     * Carries the whole journal's audit to the end of {@code day} ({@link WholeAudit}), from the day
     * before's file: the newest sealed day's, which a whole audit reads. What cannot be carried is said,
     * and costs only speed.
     */
    private void carry(Journal journal, int day) {
        try {
            String why = WholeAudit.write(journal, day, this::stopWhenClosing, note -> {
                if (!closing) warn.accept(note);
            });
            if (why != null && !closing) warn.accept("the whole audit is not carried to day " + DayAudit.start(day) + ": " + why);
        } catch (java.io.UncheckedIOException e) {
            if (!closing) {
                warn.accept("the whole audit could not be carried to day " + DayAudit.start(day) + " (" + e.getMessage()
                        + "): an audit of the whole journal folds it from its first entry");
            }
        }
    }

    private void stopWhenClosing(long read) {
        if (closing) throw new CancellationException();
    }

    /** Waits for every day handed over so far to be audited (a batch host that ends with its days audited; tests). */
    public void awaitIdle() {
        Future<?> waitFor;
        synchronized (this) {
            waitFor = last;
        }
        if (waitFor == null) return;
        try {
            waitFor.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (CancellationException | java.util.concurrent.ExecutionException e) {
            // a job says its own failures to warn: none reaches its future
        }
    }

    /** Stops: the day being audited is left unwritten, the days waiting are dropped. */
    @Override
    public void close() {
        closing = true;
        thread.shutdown();
        try {
            thread.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
