package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/** Pages of {@code reprise view} written and opened in one headless Chromium per test class, as the view tests use them. */
final class ViewPages {
    private static final Pattern SHOWN = Pattern.compile("showing ([\\d,]+) of ([\\d,]+)");

    private static ChromeDriver browser;

    private ViewPages() {}

    /** Writes the page with {@code view DIR ARGS} (it must succeed) and opens it, timing the load. */
    static ChromeDriver open(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("view", dir.toString()));
        command.addAll(List.of(args));
        Cli.Result r = Cli.assertSuccess(Cli.tools(command.toArray(String[]::new)));
        Path page = Path.of(r.out().substring("wrote ".length(), r.out().indexOf(" (")));
        ChromeDriver b = browser();
        b.get(page.toUri().toString());
        Object ms = b.executeScript("return performance.now()");
        System.out.println("view page " + page + " loaded and drawn in " + ms + " ms");
        return b;
    }

    /** The browser, started on first use; what earlier pages logged is forgotten. */
    static ChromeDriver browser() {
        if (browser == null) {
            browser = HeadlessChromium.start();
        }
        HeadlessChromium.consoleErrors(browser); // forget what earlier pages logged
        return browser;
    }

    /** Ends the browser (a test class's {@code @AfterAll}). */
    static void quit() {
        if (browser != null) {
            browser.quit();
            browser = null;
        }
    }

    /** The number of events (or summary arrows) the page says it shows. */
    static long shown(ChromeDriver b) {
        Matcher m = SHOWN.matcher(b.findElement(By.id("shown")).getText());
        assertTrue(m.find(), b.findElement(By.id("shown")).getText());
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    static void assertNoConsoleErrors(ChromeDriver b) {
        List<String> errors = HeadlessChromium.consoleErrors(b);
        assertTrue(errors.isEmpty(), () -> "the page logged errors: " + errors);
    }
}
