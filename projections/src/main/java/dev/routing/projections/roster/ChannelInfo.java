package dev.routing.projections.roster;

/** One server's registration of a channel id. */
public final class ChannelInfo {
    public String server;
    public String label;
    public boolean inboundOnly;

    public ChannelInfo() {}

    public ChannelInfo(String server, String label, boolean inboundOnly) {
        this.server = server;
        this.label = label;
        this.inboundOnly = inboundOnly;
    }
}
