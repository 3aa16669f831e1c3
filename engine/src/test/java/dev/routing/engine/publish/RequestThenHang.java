package dev.routing.engine.publish;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import java.nio.file.Path;

/** A child process: asks the engine to publish, reports the attempt it was given, then waits to be killed. */
public final class RequestThenHang {
    private RequestThenHang() {}

    public static void main(String[] args) throws InterruptedException {
        Engine engine = Engine.open(Path.of(args[0]), RuleSet.CURRENT, null);
        Host host = new Host(engine::accept);
        host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = host.room("qa", "work", "@qa ping", true);
        long turn = host.answer("qa", ping, "work");
        host.say(turn, 1, "pong");
        long attempt = host.last(PublishRequested.class).get(0).attempt();
        System.out.println("requested " + attempt);
        System.out.flush();
        Thread.sleep(60_000);
    }
}
