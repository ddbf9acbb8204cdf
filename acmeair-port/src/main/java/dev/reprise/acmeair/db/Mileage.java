package dev.reprise.acmeair.db;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The airports and flight segments of {@code mileage.csv} (the Acme-Air loader's data file): a
 * row of destination names, a row of their codes, then one row per origin with its name, code
 * and the miles to each destination ({@code NA} where there is no segment).
 *
 * @param airports destination airports (code, name)
 * @param segments segments in file order; the n-th is {@code AA<n>}
 */
public record Mileage(List<Airport> airports, List<Segment> segments) {
    /** An airport. */
    public record Airport(String code, String name) {}

    /** A flight segment. */
    public record Segment(String id, String origin, String destination, int miles) {}

    /** @return the data of the {@code mileage.csv} resource */
    public static Mileage load() {
        try (InputStream in = Mileage.class.getResourceAsStream("/acmeair/mileage.csv")) {
            if (in == null) {
                throw new IllegalStateException("resource /acmeair/mileage.csv missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String[] names = reader.readLine().split(",");
            String[] codes = reader.readLine().split(",");
            List<Airport> airports = new ArrayList<>();
            for (int i = 0; i < codes.length; i++) {
                airports.add(new Airport(codes[i], names[i]));
            }
            List<Segment> segments = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] row = line.split(",");
                for (int j = 2; j < row.length; j++) {
                    if (!row[j].equals("NA")) {
                        segments.add(
                                new Segment("AA" + segments.size(), row[1], codes[j - 2], Integer.parseInt(row[j])));
                    }
                }
            }
            return new Mileage(List.copyOf(airports), List.copyOf(segments));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
