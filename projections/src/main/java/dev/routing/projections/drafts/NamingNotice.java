package dev.routing.projections.drafts;

import java.util.ArrayList;
import java.util.List;

/**
 * A notice with an id that named drafts (D7), kept while a draft it named is kept and open, so that a
 * history change that takes it off the agent's current branch, or puts it back, tells which drafts
 * it named. It named only the drafts held before it ({@code heldBefore}, the book's next draft order
 * then): an id retention let go and gave to a newer draft names the newer one in no earlier notice.
 */
public final class NamingNotice {
    public String agent;
    public List<String> drafts = new ArrayList<>();
    /** The book's {@code nextSeq} when the notice was issued: it named only drafts held before it. */
    public long heldBefore;
    /** On the agent's current branch (the host's history holds its message). */
    public boolean onBranch = true;

    /** Whether it named this draft: one of its ids, held before it. */
    public boolean named(Draft d) {
        return d.seq < heldBefore && drafts.contains(d.id);
    }
}
