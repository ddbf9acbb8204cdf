package dev.reprise.acmeair.actors;

import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.Endpoint;

/**
 * A routed request on its way to the actor that serves it; the reply goes to the original asker.
 *
 * @param request the request
 * @param endpoint its endpoint
 * @param customerId the session's customer for endpoints that need a session, else {@code null}
 */
public record Call(ApiRequest request, Endpoint endpoint, String customerId) {
    /** @return this call, authenticated as {@code customer} */
    public Call authenticatedAs(String customer) {
        return new Call(request, endpoint, customer);
    }

    /**
     * {@code userId}, if it is the session's own customer: a customer's profile, password and
     * bookings are its own; 403 for another user's.
     */
    public String ownCustomer(String userId) {
        if (!userId.equals(customerId)) {
            throw dev.reprise.acmeair.api.ApiException.forbidden("userid does not match the session");
        }
        return userId;
    }

    /** @return the endpoint's path parameter ({@code user} of {@code /customer/byid/{user}}) */
    public String pathParameter() {
        return endpoint.pathParameter(request.path());
    }
}
