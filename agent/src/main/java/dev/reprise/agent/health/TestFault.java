package dev.reprise.agent.health;

/**
 * For tests only: {@code -Dreprise.test.fault=SITE} makes the agent fail for real at that site
 * (each time it gets there), so a test can check that the error is counted in the trace and
 * reported by {@code reprise verify}, {@code stats} and the replay. Sites that can fail this way:
 * {@code "watching an actor system"}. Not for users.
 */
public final class TestFault {
    /** The site that fails, or null (always, outside tests): read once, so the check costs a constant compare. */
    private static final String SITE = System.getProperty("reprise.test.fault");

    private TestFault() {}

    /** Throws when {@code site} is the one to fail. */
    public static void at(String site) {
        if (SITE != null && SITE.equals(site)) {
            throw new IllegalStateException("test fault at '" + site + "' (-Dreprise.test.fault)");
        }
    }
}
