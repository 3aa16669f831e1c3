package dev.routing.lab.world;

import java.util.Random;

/** What people and residents say in a simulated week: short, plausible, and varied enough to read. */
final class Phrases {
    private static final String[] ASKS = {
        "is main green?", "can you look at the flaky test in payments?", "what's the status of the 4.2 release?",
        "did the nightly backup finish?", "who owns the billing alerts this week?", "can you summarise yesterday's incident?",
        "is staging up again?", "any idea why checkout latency doubled?", "can you rerun the migration dry-run?",
        "please review PR 1182 when you get a minute", "what changed in the search index config?",
        "are we still on for the 3pm deploy?", "can you draft the changelog for 4.2?", "is the on-call rota updated?",
        "do we have numbers for last week's signups?", "the docs build is red again, can you check?",
    };
    private static final String[] ANSWERS = {
        "All green on main.", "Looking into it now.", "Deployed 4.2.1 to staging.", "The backup finished at 03:12, 41 GB.",
        "Billing alerts are with the payments rota this week.", "Rerunning the dry-run; results in ten minutes.",
        "Staging is back: the database pool was exhausted.", "Checkout latency tracks the new fraud check; filing a ticket.",
        "PR 1182 looks good, two small comments.", "The index config changed the tokenizer; reverting on staging first.",
        "Yes, 3pm still stands.", "Changelog draft is in the release doc.", "The rota is updated through December.",
        "The docs build failed on a broken link; fixed in a7c3e.", "Migration dry-run passed in 4m12s.",
        "Flaky test quarantined; root cause is a shared fixture.",
    };
    private static final String[] OPERATOR_ASKS = {
        "status?", "how is the release looking? keep it between us for now", "what did the customer say in the ticket?",
        "draft the post-mortem but don't post it yet", "what are the revenue numbers for the quarter?",
        "summarise the security review for me", "can you check the salary band doc? it's confidential",
        "what's blocking the deploy?", "remind me what we promised ACME", "anything I should know before the board call?",
    };
    private static final String[] OPERATOR_ANSWERS = {
        "The release is on track; two blockers left, both in review.", "The customer asked for a refund and a call.",
        "Post-mortem draft: the outage began at 14:02 when the pool filled.", "Quarter revenue is 4% under plan.",
        "The security review found one high: the admin token never expires.", "The salary bands moved up 3% for L4.",
        "The deploy waits on legal's sign-off.", "We promised ACME the export API by the 20th.",
        "Board call: churn is up in EMEA, and the SSO deal slipped.",
    };
    private static final String[] FOLLOW_UPS = {
        "also, the alert fired again", "nvm, found it", "one more thing: the dashboard is blank", "thanks!",
        "can you post the link?", "ping", "+1, same here",
    };
    private static final String[] WORK = {
        "script finished: 1,204 rows migrated, 0 errors", "subagent report: 3 flaky tests found",
        "search reindex done in 12m", "benchmark: p99 212ms (was 188ms)", "lint: 14 warnings, 0 errors",
    };

    private Phrases() {}

    static String ask(Random r) {
        return pick(r, ASKS);
    }

    static String answer(Random r) {
        return pick(r, ANSWERS);
    }

    static String operatorAsk(Random r) {
        return pick(r, OPERATOR_ASKS);
    }

    static String operatorAnswer(Random r) {
        return pick(r, OPERATOR_ANSWERS);
    }

    static String followUp(Random r) {
        return pick(r, FOLLOW_UPS);
    }

    static String work(Random r) {
        return pick(r, WORK);
    }

    private static String pick(Random r, String[] words) {
        return words[r.nextInt(words.length)];
    }
}
