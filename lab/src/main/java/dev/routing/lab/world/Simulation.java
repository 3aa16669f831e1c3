package dev.routing.lab.world;

import dev.routing.engine.context.RuleSet;
import java.time.Instant;

/**
 * What to simulate: a week (or {@code days}) of {@code agents} residents in {@code channels} rooms,
 * about {@code events} journal entries in all, decided under {@code rules}. The same settings and
 * seed give the same facts, byte for byte. With {@code incident}, the production pattern is woven
 * in: an operator's private message answered while a focus holds, one answered under
 * {@code latest-inbound} after a room was answered, and one injected at a tool boundary.
 */
public record Simulation(int days, int agents, int channels, long events, long seed, RuleSet rules, boolean incident,
        Instant start) {
    /** Monday 2 November 2026, 00:00 UTC: the week of the production incident. */
    public static final Instant MONDAY = Instant.parse("2026-11-02T00:00:00Z");

    public Simulation {
        if (days < 1) throw new IllegalArgumentException("--days must be at least 1");
        if (agents < 1) throw new IllegalArgumentException("--agents must be at least 1");
        if (channels < 1) throw new IllegalArgumentException("--channels must be at least 1");
        if (events < 100) throw new IllegalArgumentException("--events must be at least 100");
        if (start == null) start = MONDAY;
    }

    public static Simulation week(long events, long seed, RuleSet rules, boolean incident) {
        return new Simulation(7, 6, 4, events, seed, rules, incident, MONDAY);
    }

    /** A week whose cast grows with its size, so that a big week is more residents, not frantic ones. */
    public static Simulation sized(long events, long seed, RuleSet rules, boolean incident) {
        int agents = (int) Math.max(6, Math.min(64, Math.round(6 * Math.sqrt(events / 40_000.0))));
        int channels = Math.max(4, Math.min(12, agents / 2));
        return new Simulation(7, agents, channels, events, seed, rules, incident, MONDAY);
    }
}
