package dev.reprise.acmeair.driver.functions;

import java.util.List;

/**
 * The bookings the last "List Bookings" answer showed, for {@code __extractBookingInfo}; one per
 * JMeter thread, cleared at the end of each iteration.
 */
final class BookingContext {
    private static final ThreadLocal<BookingContext> CURRENT = new ThreadLocal<>();

    final List<String> bookingIds;
    int cancelled;

    private BookingContext(List<String> bookingIds) {
        this.bookingIds = bookingIds;
    }

    /** @return this thread's context, or {@code null} if none was read this iteration */
    static BookingContext current() {
        return CURRENT.get();
    }

    /** Makes {@code bookingIds} this thread's context. */
    static BookingContext start(List<String> bookingIds) {
        BookingContext context = new BookingContext(bookingIds);
        CURRENT.set(context);
        return context;
    }

    /** Forgets this thread's context. */
    static void clear() {
        CURRENT.remove();
    }

    /** @return how many bookings to cancel: all but two */
    int toCancel() {
        return Math.max(0, bookingIds.size() - 2);
    }
}
