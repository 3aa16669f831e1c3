package dev.routing.journal.store.internal;

import java.util.List;

/**
 * A reader's open: it changes no byte of the journal, and works on a read-only directory. A last day
 * file never begun and a torn tail are noted and left unread, unwritten metadata is read around
 * through a view of its own ({@link Metadata#view}); the writer's next open repairs them. It reads
 * only to the last excerpt it found at its open, so it sees one consistent journal beside a live
 * writer.
 */
final class ReaderOpening extends Opening {
    ReaderOpening(Store store) {
        super(store);
    }

    @Override
    List<DayFiles.DayFile> inspect() {
        return DayFiles.inspectBesideAWriter(dir);
    }

    @Override
    void takeTip(DayFiles.DayFile unbegun) {
        if (unbegun == null) return;
        files = files.subList(0, files.size() - 1);
        s.notes.add("the last day file " + unbegun.name() + " " + unbegun.unbegunWhy() + ": it was created and never"
                + " begun (a day roll that failed, or a writer stopped while creating it). Nothing acknowledged is in it;"
                + " it is not read, and the writer's next open moves it aside");
    }

    @Override
    void openQueue(String metadata, DayFiles.DayFile unbegun) {
        // unwritten metadata is read around, and an unbegun file, which Chronicle would wait on without
        // end, left out: through links to the day files beside metadata of the view's own
        if (metadata != null || unbegun != null) s.view = Metadata.view(dir, files);
        s.queue = s.build();
    }

    @Override
    TailCheck.Tail torn(TailCheck.Tail tail, TailCheck ends, long last) {
        if (tail.lostUnsynced() == 0) {
            s.notes.add("the journal ends in a torn excerpt at index 0x" + Long.toHexString(tail.tornIndex()) + " (ordinal "
                    + tail.tornOrdinal() + ", " + DayFiles.name(DayFiles.ROLL.toCycle(tail.tornIndex())) + ") after the last"
                    + " acknowledged one: it was never acknowledged and is not read; the writer's next open cuts it");
        }
        return tail;
    }

    @Override
    void abandon() {
        s.close();
    }
}
