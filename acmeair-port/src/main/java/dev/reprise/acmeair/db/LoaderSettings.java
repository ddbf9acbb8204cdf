package dev.reprise.acmeair.db;

/**
 * Sizes of the generated data set.
 *
 * @param customers number of customers ({@code uid0@email.com} ...)
 * @param days days with flights, from today on
 * @param flightsPerDay flights per segment and day
 * @param seed seed of the flight ids, so equal settings give equal data
 */
public record LoaderSettings(int customers, int days, int flightsPerDay, long seed) {
    /**
     * The SOMns setup: 10,000 customers and 6 days × 2 flights (its {@code 0 to:} loops over the
     * Node.js settings 5 and 1 are inclusive), 4,728 flights over the 394 segments.
     */
    public static final LoaderSettings SOMNS = new LoaderSettings(10_000, 6, 2, 1);

    /** @return these settings with another number of customers */
    public LoaderSettings withCustomers(int n) {
        return new LoaderSettings(n, days, flightsPerDay, seed);
    }
}
