package dev.routing.projections.roster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.Mode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The roster as facts leave it: an agent's tools (absent means every tool), the channels a
 * selector resolves to by id or by label with or without its '#' (O4), and focus (all-except) holds
 * closed only by a close naming their channel or none.
 */
class RosterTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static List<String> channels(Roster roster, String selector) {
        return roster.resolve(selector).stream().map(r -> r.channel() + "@" + r.server()).toList();
    }

    @Test
    void anAgentMayCallTheToolsItsListNamesOrEveryToolWithNoList() {
        Roster roster = new Roster();
        roster.evolve(new AgentConfigured(AT, "qa", Mode.EXPLICIT, null, List.of("channel_publish"), false, null));
        roster.evolve(new AgentConfigured(AT, "ops", Mode.LOCUS, null, null, false, "  "));
        assertTrue(roster.agent("qa").mayCall("channel_publish"));
        assertFalse(roster.agent("qa").mayCall("channel_list"));
        assertTrue(roster.agent("ops").mayCall("channel_list"));
        assertNull(roster.agent("ops").home, "a blank home is none");
        AgentSettings unknown = roster.agent("nobody");
        assertTrue(unknown.mayCall("channel_list"), "an agent never configured has the defaults");
        assertEquals(Mode.LOCUS, unknown.mode);
        assertFalse(roster.agents.containsKey("nobody"), "reading the defaults stores nothing");
    }

    @Test
    void O4_aSelectorResolvesByIdOrByLabelWithOrWithoutItsHash() {
        Roster roster = new Roster();
        roster.evolve(new ChannelRegistered(AT, "C1", "slack", "#general", false));
        roster.evolve(new ChannelRegistered(AT, "C2", "irc", "random", false));
        roster.evolve(new ChannelRegistered(AT, "C3", "irc", null, true));
        assertEquals(List.of("C1@slack"), channels(roster, "#general"));
        assertEquals(List.of("C1@slack"), channels(roster, "general"));
        assertEquals(List.of("C1@slack"), channels(roster, " general "));
        assertEquals(List.of("C2@irc"), channels(roster, "random"));
        assertEquals(List.of("C2@irc"), channels(roster, "#random"));
        assertEquals(List.of("C3@irc"), channels(roster, "C3"));
        assertEquals(List.of(), channels(roster, " "));
        assertEquals(List.of(), channels(roster, null));
    }

    /** A '#' is added only where a name lacks one: "##general" names no channel labelled "#general", and publishes nowhere. */
    @Test
    void O4_aHashIsAddedOnlyWhereTheNameLacksOne() {
        Roster roster = new Roster();
        roster.evolve(new ChannelRegistered(AT, "C1", "slack", "#general", false));
        roster.evolve(new ChannelRegistered(AT, "C2", "irc", "random", false));
        roster.evolve(new ChannelRegistered(AT, "C4", "irc", "##ops", false));
        assertEquals(List.of(), channels(roster, "##general"));
        assertEquals(List.of(), channels(roster, "##random"));
        assertEquals(List.of("C4@irc"), channels(roster, "##ops"), "a label that has two is named by them");
        assertEquals(List.of(), channels(roster, "#ops"));
    }

    /**
     * A selector that is one channel's id and another channel's label names both, so it is refused
     * rather than guessed: before, the id won and the words went where the resident may not have meant.
     */
    @Test
    void O4_aSelectorThatIsOneChannelsIdAndAnothersLabelNamesBoth() {
        Roster roster = new Roster();
        roster.evolve(new ChannelRegistered(AT, "general", "slack", "#lobby", false));
        roster.evolve(new ChannelRegistered(AT, "C9", "irc", "#general", false));
        assertEquals(List.of("C9@irc", "general@slack"), channels(roster, "general"));
        roster.evolve(new ChannelRegistered(AT, "#ops", "irc", null, false));
        roster.evolve(new ChannelRegistered(AT, "C7", "slack", "ops", false));
        assertEquals(List.of("#ops@irc", "C7@slack"), channels(roster, "#ops"));
        roster.evolve(new ChannelRegistered(AT, "work", "slack", "#work", false));
        assertEquals(List.of("work@slack"), channels(roster, "work"), "its own id and its own label: one channel, once");
    }

    /** A selector trimmed names one channel and as written another: it names both (before, the trimmed one won). */
    @Test
    void O4_aSelectorThatNamesOneChannelTrimmedAndAnotherAsWrittenNamesBoth() {
        Roster roster = new Roster();
        roster.evolve(new ChannelRegistered(AT, "C1", "slack", "#general", false));
        roster.evolve(new ChannelRegistered(AT, "C2", "slack", "#general ", false));
        assertEquals(List.of("C1@slack", "C2@slack"), channels(roster, "#general "));
        assertEquals(List.of("C1@slack"), channels(roster, " #general"), "no label is written so: the trimmed one alone");
    }

    @Test
    void O4_oneIdTwoServersRegisterResolvesToBoth() {
        Roster roster = new Roster();
        roster.evolve(new ChannelRegistered(AT, "C1", "slack", "#general", false));
        roster.evolve(new ChannelRegistered(AT, "C1", "irc", "#general", false));
        assertEquals(List.of("C1@irc", "C1@slack"), channels(roster, "C1"));
        assertEquals(List.of("C1@irc", "C1@slack"), channels(roster, "general"));
    }

    @Test
    void aFocusClosesOnlyForItsOwnChannelOrACloseNamingNone() {
        Roster roster = new Roster();
        roster.evolve(new FocusOpened(AT, "qa", "C1", null));
        roster.evolve(new FocusClosed(AT, "qa", "C2", null));
        assertEquals("C1", roster.focus.get("qa"), "a close of another channel leaves the hold");
        roster.evolve(new FocusClosed(AT, "qa", "C1", null));
        assertFalse(roster.focus.containsKey("qa"));
        roster.evolve(new FocusOpened(AT, "qa", "C1", null));
        roster.evolve(new FocusClosed(AT, "qa", null, null));
        assertFalse(roster.focus.containsKey("qa"), "a close naming no channel closes whatever is held");
    }
}
