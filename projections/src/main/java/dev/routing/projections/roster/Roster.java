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

    /** Every registration whose id or label names {@code selector} ({@code #work} or {@code work}). */
    public List<Resolved> resolve(String selector) {
        List<Resolved> found = new ArrayList<>();
        if (selector == null || selector.isBlank()) return found;
        String wanted = selector.trim();
        TreeMap<String, ChannelInfo> byId = channels.get(wanted);
        if (byId != null) {
            byId.forEach((server, info) -> found.add(new Resolved(wanted, server, info)));
            return found;
        }
        // a '#' is added only where a name lacks one (the seed's invitation): "##general" names no "#general"
        String label = wanted.startsWith("#") ? wanted : "#" + wanted;
        for (Map.Entry<String, TreeMap<String, ChannelInfo>> e : channels.entrySet()) {
            for (ChannelInfo info : e.getValue().values()) {
                if (info.label != null && (info.label.equals(wanted) || info.label.equals(label)
                        || !info.label.startsWith("#") && ("#" + info.label).equals(label))) {
                    found.add(new Resolved(e.getKey(), info.server, info));
                }
            }
        }
        return found;
    }

    /** A channel registration a selector resolved to. */
    public record Resolved(String channel, String server, ChannelInfo info) {
    }
}
