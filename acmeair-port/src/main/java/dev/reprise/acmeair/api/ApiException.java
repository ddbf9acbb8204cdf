package dev.reprise.acmeair.api;

/** A request that cannot be served; becomes an HTTP error with a short message. */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param status the HTTP status to answer with
     * @param message the short message sent as body
     */
    public ApiException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** @return a 400 */
    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    /** @return a 403 */
    public static ApiException forbidden(String message) {
        return new ApiException(403, message);
    }

    /** @return a 404 */
    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    /** @return the HTTP status */
    public int status() {
        return status;
    }

    /** @return this as a response */
    public ApiResponse toResponse() {
        return ApiResponse.error(status, getMessage());
    }
}
