package dev.reprise.tools;

import dev.reprise.testsupport.ChildProcess;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium, headless, driven through its chromedriver: installed on first use by the
 * project's {@code tools/scripts/install-browser.sh} (idempotent), so the page tests run wherever
 * that script can install it, and are skipped, saying why, only where it cannot.
 */
final class HeadlessChromium {
    private static final Path INSTALL = Cli.ROOT.resolve("tools/scripts/install-browser.sh");
    private static List<String> paths; // chromium, chromedriver; null until installed, empty if it could not be

    private HeadlessChromium() {}

    /** A new headless browser that keeps its page's console log; the test is skipped if none can be installed. */
    static ChromeDriver start() {
        List<String> found = install();
        Assumptions.assumeFalse(
                found.isEmpty(), "no headless Chromium: " + INSTALL + " could not install it (see its output above)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(found.get(0));
        options.addArguments(
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(found.get(1)))
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        return driver;
    }

    /** The page's console messages of level SEVERE (its uncaught errors among them) since the last call. */
    static List<String> consoleErrors(ChromeDriver driver) {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::toString)
                .toList();
    }

    private static synchronized List<String> install() {
        if (paths == null) {
            // apt-get on a fresh machine: minutes, not the tools' time limit.
            ChildProcess.Result r = ChildProcess.command(List.of(INSTALL.toString()))
                    .directory(Cli.ROOT)
                    .timeout(Duration.ofMinutes(10))
                    .run();
            System.out.print(r.err());
            List<String> lines = r.out().lines().toList();
            paths = r.exit() == 0 && !r.timedOut() && lines.size() == 2 ? lines : List.of();
        }
        return paths;
    }
}
