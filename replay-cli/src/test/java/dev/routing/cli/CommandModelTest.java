package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run builds the model of the command it names alone; the commands that speak of the others, no
 * command, or a name that is no command's (which then gets a suggestion) have every command's.
 */
class CommandModelTest {
    @Test
    void aCommandNamedIsTheOneModelled() {
        assertEquals(Set.of("audit"), Main.cli("audit").getSubcommands().keySet());
        assertEquals(Set.of("bench"), Main.cli("bench").getSubcommands().keySet());
        assertEquals(Main.cli().getSubcommands().get("bench").getSubcommands().keySet(),
                Main.cli("bench").getSubcommands().get("bench").getSubcommands().keySet(), "a command's own subcommands come with it");
    }

    @Test
    void helpManCompletionNoCommandAndATypoHaveEveryCommand() {
        Set<String> every = Main.cli().getSubcommands().keySet();
        for (String first : new String[] {null, "help", "man", "generate-completion", "audti", "--help", "-V"}) {
            assertEquals(every, Main.cli(first).getSubcommands().keySet(), String.valueOf(first));
        }
        assertEquals(List.of("demo", "run", "state", "verify", "dump", "bench", "simulate", "audit", "audit-days", "diff", "explain",
                "salvage", "serve", "schema", "help", "man", "generate-completion"), List.copyOf(every));
    }
}
