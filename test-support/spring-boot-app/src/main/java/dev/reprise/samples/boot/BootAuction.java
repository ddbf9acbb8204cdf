package dev.reprise.samples.boot;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.matcher.ElementMatchers;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application (spring-boot alone, no auto-configuration) around an Akka Typed auction: one bean is
 * the actor system, whose guardian is {@link Auction#auctioneer()} and which Spring terminates when the context
 * closes; a {@link CommandLineRunner} asks the auctioneer for the winner and prints it. {@code main} then closes the
 * context and exits with its exit code. What it prints: the bids in the order the auctioneer received them (a race
 * between the bidders), a line from a class that the application's own ByteBuddy (another version than the one the
 * agent shades) makes, then {@code winner: bidder-N with M}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
public class BootAuction {

    @Bean(destroyMethod = "terminate")
    ActorSystem<Auction.Command> auctionSystem() {
        return ActorSystem.create(
                Auction.auctioneer(),
                "boot-auction",
                ConfigFactory.parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
                        .withFallback(ConfigFactory.load()));
    }

    @Bean
    CommandLineRunner announceWinner(ActorSystem<Auction.Command> system) {
        return args -> {
            System.out.println(madeByByteBuddy());
            Auction.Winner winner = AskPattern.<Auction.Command, Auction.Winner>ask(
                            system, Auction.GetWinner::new, Duration.ofSeconds(10), system.scheduler())
                    .toCompletableFuture()
                    .get(15, TimeUnit.SECONDS);
            System.out.println("winner: " + winner.bidder() + " with " + winner.amount());
        };
    }

    /** An object of a class that the application's own ByteBuddy makes now: what its {@code toString} says. */
    static Object madeByByteBuddy() throws ReflectiveOperationException {
        return new ByteBuddy()
                .subclass(Object.class)
                .method(ElementMatchers.named("toString"))
                .intercept(FixedValue.value("made by the application's own ByteBuddy, from " + jarOf(ByteBuddy.class)))
                .make()
                .load(BootAuction.class.getClassLoader())
                .getLoaded()
                .getDeclaredConstructor()
                .newInstance();
    }

    /** The name of the jar {@code type} comes from (here a nested jar of {@code BOOT-INF/lib}). */
    private static String jarOf(Class<?> type) {
        String where = type.getProtectionDomain().getCodeSource().getLocation().toString();
        java.util.regex.Matcher jar =
                java.util.regex.Pattern.compile("[^/!]+\\.jar").matcher(where);
        String name = where;
        while (jar.find()) {
            name = jar.group();
        }
        return name;
    }

    public static void main(String[] args) {
        ConfigurableApplicationContext context = SpringApplication.run(BootAuction.class, args);
        System.exit(SpringApplication.exit(context));
    }
}
