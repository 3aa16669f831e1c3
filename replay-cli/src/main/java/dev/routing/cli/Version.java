package dev.routing.cli;

import picocli.CommandLine.IVersionProvider;

/** The build's version, which {@code --version} on every command and the sidecar's ready line give. */
public final class Version implements IVersionProvider {
    public static final String NUMBER = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[] {"replay-cli " + NUMBER};
    }
}
