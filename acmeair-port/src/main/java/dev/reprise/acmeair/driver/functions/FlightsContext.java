package dev.reprise.acmeair.driver.functions;

/**
 * What the last flight queries of this JMeter thread found, filled by {@link FlightsPostProcessor}
 * and read by {@code __extrainfo}; one per thread, cleared at the end of each iteration.
 */
final class FlightsContext {
    private static final ThreadLocal<FlightsContext> CURRENT = ThreadLocal.withInitial(FlightsContext::new);

    String flightAvailable = "false";
    String toFlightCount = "0";
    String returnFlightCount = "0";
    String toFlight = "";
    String toSegment = "";
    String returnFlight = "";
    String returnSegment = "";
    String oneWay = "true";

    /** @return this thread's context */
    static FlightsContext current() {
        return CURRENT.get();
    }

    /** Forgets this thread's context. */
    static void clear() {
        CURRENT.remove();
    }
}
