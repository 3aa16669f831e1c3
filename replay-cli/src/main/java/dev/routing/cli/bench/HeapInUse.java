package dev.routing.cli.bench;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/** The bytes of live objects on the heap, as the JVM's class histogram counts them (it collects first). */
final class HeapInUse {
    private HeapInUse() {}

    static long bytes() {
        try {
            String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            String[] lines = histogram.strip().split("\n");
            String[] total = lines[lines.length - 1].trim().split("\\s+");
            return Long.parseLong(total[total.length - 1]);
        } catch (JMException | RuntimeException e) {
            throw new IllegalStateException("cannot read the heap's class histogram: " + e, e);
        }
    }
}
