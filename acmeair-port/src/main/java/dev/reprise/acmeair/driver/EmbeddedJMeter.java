package dev.reprise.acmeair.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * Runs the Acme-Air JMX plan in this JVM with JMeter 5.6.3 from the class path (no JMeter
 * install): a temporary JMETER_HOME holds the property files of the {@code ApacheJMeter_config}
 * jar, and a temporary script directory the plan and its CSV files.
 */
public final class EmbeddedJMeter {
    private static final String[] HOME_FILES = {
        "jmeter.properties", "saveservice.properties", "upgrade.properties", "system.properties", "user.properties"
    };
    private static final String[] SCRIPT_FILES = {"AcmeAir.jmx", "Airports.csv", "Airports2.csv"};

    private EmbeddedJMeter() {}

    /**
     * Runs the plan to its end.
     *
     * @param properties JMeter properties for the plan ({@code HOST}, {@code PORT}, {@code
     *     NUM_THREAD}, {@code DURATION}, {@code LOOP_COUNT}, {@code MAX_USER_ID})
     * @param jtl a JTL (CSV) file to write every sample to, or {@code null}
     * @param rate requests per second of an open loop, or 0 for the plan's closed loop
     * @param timeout how long to wait for the plan before giving up
     * @return the samples by label
     * @throws IOException if the temporary files cannot be written or the plan not read
     * @throws InterruptedException if interrupted while waiting
     */
    public static SampleStatsListener run(Map<String, String> properties, Path jtl, double rate, Duration timeout)
            throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("acmeair-jmeter");
        try {
            Path home = work.resolve("home");
            Path bin = Files.createDirectories(home.resolve("bin"));
            for (String file : HOME_FILES) {
                copy("/bin/" + file, bin.resolve(file));
            }
            Path script = Files.createDirectories(work.resolve("script"));
            for (String file : SCRIPT_FILES) {
                copy("/acmeair/jmeter/" + file, script.resolve(file));
            }
            JMeterUtils.setJMeterHome(home.toString());
            JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
            JMeterUtils.initLocale();
            properties.forEach(JMeterUtils::setProperty);
            return runPlan(script.resolve("AcmeAir.jmx"), jtl, rate, timeout);
        } finally {
            deleteTree(work);
        }
    }

    private static SampleStatsListener runPlan(Path jmx, Path jtl, double rate, Duration timeout)
            throws IOException, InterruptedException {
        FileServer.getFileServer().setBaseForScript(jmx.toFile());
        HashTree tree = SaveService.loadTree(jmx.toFile());
        JMeter.convertSubTree(tree, true);
        SampleStatsListener stats = new SampleStatsListener();
        Object plan = tree.getArray()[0];
        tree.add(plan, stats);
        tree.add(plan, new SampleClock());
        if (rate > 0) {
            // A timer at the plan's top applies to every sampler.
            tree.add(plan, new OpenLoopTimer(rate));
        }
        if (jtl != null) {
            // A ResultCollector appends to an existing file: start from an empty one.
            Files.deleteIfExists(jtl);
            ResultCollector collector = new ResultCollector();
            collector.setFilename(jtl.toString());
            tree.add(plan, collector);
        }
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        try {
            engine.runTest();
            engine.awaitTermination(timeout);
        } catch (JMeterEngineException | ExecutionException e) {
            throw new IllegalStateException("JMeter failed: " + e.getMessage(), e);
        } catch (TimeoutException e) {
            engine.stopTest(true);
            throw new IllegalStateException("JMeter did not finish within " + timeout, e);
        }
        return stats;
    }

    private static void copy(String resource, Path target) throws IOException {
        try (InputStream in = EmbeddedJMeter.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("resource " + resource + " not on the class path");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
