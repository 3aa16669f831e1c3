package dev.routing.projections.roster;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.projections.keyed.HashedSortedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Agents, the channels servers expose, and the all-except holds (focus) agents have open. */
public final class Roster {
    /** Hashed for the lookup every opened turn makes; walked in order by an audit only. */
    public final HashedSortedMap<String, AgentSettings> agents = new HashedSortedMap<>();
    /** channel id -> server -> registration; one id two servers register is ambiguous (O4). */
    public final TreeMap<String, TreeMap<String, ChannelInfo>> channels = new TreeMap<>();
    /** agent -> the channel its open focus excepts. */
    public final TreeMap<String, String> focus = new TreeMap<>();

    private static final AgentSettings UNCONFIGURED = new AgentSettings();

    /** The agent's settings, or the defaults for an agent never configured (not stored: readers never write). */
    public AgentSettings agent(String agent) {
        return agents.getOrDefault(agent, UNCONFIGURED);
    }

    public void evolve(AgentConfigured c) {
        agents.put(c.agent(), AgentSettings.of(c));
    }

    public void evolve(ChannelRegistered c) {
        channels.computeIfAbsent(c.channel(), k -> new TreeMap<>())
                .put(c.server(), new ChannelInfo(c.server(), c.label(), c.inboundOnly()));
    }

    public void evolve(FocusOpened f) {
        focus.put(f.agent(), f.channel());
    }

    public void evolve(FocusClosed f) {
        if (f.channel() == null || f.channel().equals(focus.get(f.agent()))) focus.remove(f.agent());
    }

    /**
     * Every registration {@code selector} could name (O4: refused rather than guessed, so a selector
     * that names more than one resolves to each, and its caller refuses it): the channel whose id it
     * is, and each channel whose label it is ({@code #work} or {@code work}). It is read trimmed, and
     * as written too, so a selector that is one channel's name trimmed and another's as written names
     * both; so does one that is one channel's id and another's label.
     */
    public List<Resolved> resolve(String selector) {
        List<Resolved> found = new ArrayList<>();
        if (selector == null || selector.isBlank()) return found;
        String wanted = selector.trim();
        for (Map.Entry<String, TreeMap<String, ChannelInfo>> e : channels.entrySet()) {
            boolean byId = e.getKey().equals(wanted) || e.getKey().equals(selector);
            for (ChannelInfo info : e.getValue().values()) {
                if (byId || names(wanted, info.label) || names(selector, info.label)) found.add(new Resolved(e.getKey(), info.server, info));
            }
        }
        return found;
    }

    /**
     * Whether {@code name} names {@code label}: as it is, or with the '#' one of them lacks. A '#' is
     * added only where a name lacks one (the seed's invitation): "##general" names no "#general".
     */
    private static boolean names(String name, String label) {
        if (label == null) return false;
        if (label.equals(name)) return true;
        if (!label.startsWith("#")) return ("#" + label).equals(name);
        return !name.startsWith("#") && label.equals("#" + name);
    }

    /** A channel registration a selector resolved to. */
    public record Resolved(String channel, String server, ChannelInfo info) {
    }
}
