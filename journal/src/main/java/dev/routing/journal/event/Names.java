package dev.routing.journal.event;

import java.util.List;

/** What a notice names, so that "named once" and catch-up can be read from the journal. */
public record Names(List<String> channels, List<String> drafts) {

    public static final Names NONE = new Names(List.of(), List.of());

    public Names {
        channels = Lists.orEmpty("channels", channels);
        drafts = Lists.orEmpty("drafts", drafts);
    }

    public static Names channels(List<String> channels) {
        return new Names(channels, List.of());
    }

    public static Names drafts(List<String> drafts) {
        return new Names(List.of(), drafts);
    }
}
