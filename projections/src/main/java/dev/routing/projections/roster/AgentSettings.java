package dev.routing.projections.roster;

import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.List;

/** An agent's settings as last configured; a turn copies them when it opens. */
public final class AgentSettings {
    public Mode mode = Mode.LOCUS;
    public LocusPolicy locusPolicy = LocusPolicy.DELIVERY;
    /** Tool names the agent may call; null means every tool. */
    public List<String> tools;
    public boolean run;
    public String home;

    public static AgentSettings of(AgentConfigured c) {
        AgentSettings s = new AgentSettings();
        s.mode = c.mode();
        s.locusPolicy = c.locusPolicy();
        s.tools = c.tools();
        s.run = c.run();
        s.home = c.home() == null || c.home().isBlank() ? null : c.home();
        return s;
    }

    public boolean mayCall(String tool) {
        return AgentConfigured.allows(tools, tool);
    }
}
