package dev.routing.cli.options;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The build's version, which {@code --version} on every command and the sidecar's ready line give,
 * with the commit it was built from and when (written by the build into build.properties).
 */
public final class Version implements IVersionProvider {
    public static final String NUMBER = "0.1.0";
    /** The name the command is called by: the distribution's launcher says {@code routing-engine}. */
    public static final String COMMAND = System.getProperty("routing.command", "replay-cli");

    @Override
    public String[] getVersion() {
        Properties build = build();
        String commit = build.getProperty("git.commit.id.abbrev", "");
        String dirty = "true".equals(build.getProperty("git.dirty")) ? " (with changes not committed)" : "";
        String time = build.getProperty("git.build.time", "");
        return new String[] {
            COMMAND + " " + NUMBER,
            "commit " + (commit.isBlank() ? "unknown (built outside a git checkout)" : commit + dirty),
            "built " + (time.isBlank() ? "at an unknown time" : time)};
    }

    private static Properties build() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("build.properties")) {
            if (in != null) p.load(in);
        } catch (IOException unreadable) {
            // the version alone is still true
        }
        return p;
    }
}
