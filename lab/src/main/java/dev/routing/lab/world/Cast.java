package dev.routing.lab.world;

import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.ArrayList;
import java.util.List;

/**
 * Who is in a simulated week: residents in every mode and both locus policies, and the channels
 * they talk in. The first two residents are the production incident's: {@code qa} (locus mode,
 * {@code delivery}) and {@code ops} (locus mode, {@code latest-inbound}). Two channels exist only to
 * be refused: {@code shared}, which two servers register, and {@code announcements}, inbound only.
 */
record Cast(List<Resident> residents, List<Channel> channels) {
    static final String SHARED = "shared";
    static final String INBOUND_ONLY = "announcements";

    record Resident(String name, Mode mode, LocusPolicy policy, String home, boolean busy) {
    }

    record Channel(String id, String server, String label) {
    }

    private static final String[] NAMES = {"qa", "ops", "scribe", "atlas", "herald", "mute", "echo", "nova", "pilot",
        "quill", "rook", "sage", "tern", "vale", "wren", "yara"};
    private static final Mode[] MODES = {Mode.LOCUS, Mode.LOCUS, Mode.EXPLICIT, Mode.HYBRID, Mode.NAMED, Mode.DISABLED,
        Mode.HYBRID, Mode.LOCUS};
    private static final LocusPolicy[] POLICIES = {LocusPolicy.DELIVERY, LocusPolicy.LATEST_INBOUND, LocusPolicy.DELIVERY,
        LocusPolicy.LATEST_INBOUND, LocusPolicy.DELIVERY, LocusPolicy.DELIVERY, LocusPolicy.DELIVERY, LocusPolicy.DELIVERY};
    private static final String[] CHANNELS = {"work", "noisy", "support", "releases", "design", "random", "general",
        "infra", "sales", "docs", "security", "data"};

    static Cast of(int residents, int channels) {
        List<Channel> cs = new ArrayList<>();
        for (int i = 0; i < channels; i++) {
            String id = i < CHANNELS.length ? CHANNELS[i] : "room-" + i;
            cs.add(new Channel(id, i % 3 == 2 ? "slack" : "discord", "#" + id));
        }
        List<Resident> rs = new ArrayList<>();
        for (int i = 0; i < residents; i++) {
            String name = i < NAMES.length ? NAMES[i] : "agent-" + i;
            int kind = i % MODES.length;
            // The eighth is a conversation fork: its speech goes to its home channel.
            String home = kind == 7 && !cs.isEmpty() ? cs.get(i % cs.size()).id() : null;
            rs.add(new Resident(name, MODES[kind], POLICIES[kind], home, i < 2 || i % 3 == 0));
        }
        return new Cast(List.copyOf(rs), List.copyOf(cs));
    }

    /** The channels a resident talks in: two or three of the week's, the first one its main room. */
    List<String> roomsOf(int resident) {
        List<String> rooms = new ArrayList<>();
        int n = channels.size();
        if (n == 0) return rooms;
        Resident r = residents.get(resident);
        if (r.home() != null) rooms.add(r.home());
        for (int k = 0; rooms.size() < Math.min(3, n); k++) {
            String id = channels.get((resident + k * (resident % 2 + 1)) % n).id();
            if (!rooms.contains(id)) rooms.add(id);
            if (k > 2 * n) break;
        }
        return rooms;
    }
}
