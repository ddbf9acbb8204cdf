package dev.reprise.acmeair.api;

/** The REST endpoints below {@code /rest/api}, and which actor serves each. */
public enum Endpoint {
    LOGIN("POST", "/login", Service.SESSIONS, false),
    LOGOUT("GET", "/login/logout", Service.SESSIONS, false),
    QUERY_FLIGHTS("POST", "/flights/queryflights", Service.FLIGHTS, true),
    BOOK_FLIGHTS("POST", "/bookings/bookflights", Service.BOOKINGS, true),
    CANCEL_BOOKING("POST", "/bookings/cancelbooking", Service.BOOKINGS, true),
    BOOKINGS_BY_USER("GET", "/bookings/byuser/", Service.BOOKINGS, true),
    VIEW_CUSTOMER("GET", "/customer/byid/", Service.CUSTOMERS, true),
    UPDATE_CUSTOMER("POST", "/customer/byid/", Service.CUSTOMERS, true),
    LOAD("GET", "/loader/load", Service.LOADER, false),
    LOADER_QUERY("GET", "/loader/query", Service.LOADER, false),
    RUNTIME("GET", "/config/runtime", Service.ROUTER, false),
    DATA_SERVICES("GET", "/config/dataServices", Service.ROUTER, false),
    ACTIVE_DATA_SERVICE("GET", "/config/activeDataService", Service.ROUTER, false),
    CHECK_STATUS("GET", "/checkstatus", Service.ROUTER, false),
    RESPONSE_HASH("GET", "/config/responseHash", Service.ROUTER, false),
    COUNT_BOOKINGS("GET", "/config/countBookings", Service.BOOKINGS, false),
    COUNT_CUSTOMERS("GET", "/config/countCustomers", Service.CUSTOMERS, false),
    COUNT_SESSIONS("GET", "/config/countSessions", Service.SESSIONS, false),
    COUNT_FLIGHTS("GET", "/config/countFlights", Service.FLIGHTS, false),
    COUNT_FLIGHT_SEGMENTS("GET", "/config/countFlightSegments", Service.FLIGHTS, false),
    COUNT_AIRPORTS("GET", "/config/countAirports", Service.FLIGHTS, false);

    /** The actors requests are routed to. */
    public enum Service {
        ROUTER,
        SESSIONS,
        CUSTOMERS,
        FLIGHTS,
        BOOKINGS,
        LOADER
    }

    private final String method;
    private final String path;
    private final Service service;
    private final boolean needsSession;

    Endpoint(String method, String path, Service service, boolean needsSession) {
        this.method = method;
        this.path = path;
        this.service = service;
        this.needsSession = needsSession;
    }

    /** @return the HTTP method */
    public String method() {
        return method;
    }

    /** @return the actor that serves it */
    public Service service() {
        return service;
    }

    /** @return whether a valid {@code sessionid} cookie is required (403 without) */
    public boolean needsSession() {
        return needsSession;
    }

    /** @return whether the path ends in a parameter ({@code /customer/byid/{user}}) */
    public boolean hasPathParameter() {
        return path.endsWith("/");
    }

    /**
     * @param requestPath a path below {@code /rest/api}
     * @return whether it names this endpoint (in any method)
     */
    public boolean matchesPath(String requestPath) {
        if (hasPathParameter()) {
            return requestPath.length() > path.length()
                    && requestPath.startsWith(path)
                    && requestPath.indexOf('/', path.length()) < 0;
        }
        return requestPath.equals(path);
    }

    /**
     * @param requestPath a path this endpoint matches
     * @return the path parameter ({@code user}), or {@code ""} for endpoints without one
     */
    public String pathParameter(String requestPath) {
        return hasPathParameter() ? requestPath.substring(path.length()) : "";
    }
}
