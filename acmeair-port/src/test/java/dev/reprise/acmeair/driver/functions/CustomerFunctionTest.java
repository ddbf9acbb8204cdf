package dev.reprise.acmeair.driver.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class CustomerFunctionTest {
    /** @return every customer {@code thread} drew in 2,000 draws */
    private static Set<Integer> drawn(int thread, int threads, int max) {
        Set<Integer> customers = new TreeSet<>();
        for (int i = 0; i < 2_000; i++) {
            customers.add(CustomerFunction.draw(thread, threads, max));
        }
        return customers;
    }

    @Test
    void eachThreadDrawsFromItsOwnShareAndTheSharesCoverEveryCustomer() {
        assertEquals(Set.of(0, 4, 8), drawn(0, 4, 9));
        assertEquals(Set.of(1, 5, 9), drawn(1, 4, 9));
        assertEquals(Set.of(3, 7), drawn(3, 4, 9));
        assertEquals(Set.of(0, 1, 2), drawn(0, 1, 2));
    }

    @Test
    void aThreadBeyondTheCustomersSharesThemAll() {
        assertEquals(Set.of(2), drawn(2, 4, 2));
        assertEquals(Set.of(0, 1, 2), drawn(3, 4, 2));
    }
}
