package dev.reprise.samples.boot;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The auction, in Akka Typed's Java DSL: the auctioneer (the actor system's guardian) spawns {@value #BIDDERS}
 * bidders, each of which bids 1 to {@value #BIDS} in turn, hashing a while before each bid. The bidders race on
 * the default dispatcher, so the auctioneer receives (and prints) their bids in an order that changes from run to
 * run; it keeps the highest, the first to arrive of equal ones, so the winner changes too. Asked for the winner,
 * it answers once all bids are in.
 */
final class Auction {
    static final int BIDDERS = 4;
    static final int BIDS = 5;
    static final int HASH_ROUNDS = 2_000;

    private Auction() {}

    interface Command {}

    record Bid(String bidder, int amount) implements Command {}

    record GetWinner(ActorRef<Winner> replyTo) implements Command {}

    record Winner(String bidder, int amount) {}

    static Behavior<Command> auctioneer() {
        return Behaviors.setup(ctx -> {
            for (int i = 1; i <= BIDDERS; i++) {
                String name = "bidder-" + i;
                ctx.spawn(bidder(name, ctx.getSelf()), name);
            }
            List<ActorRef<Winner>> asking = new ArrayList<>();
            Winner[] highest = {null};
            int[] received = {0};
            return Behaviors.receive(Command.class)
                    .onMessage(Bid.class, bid -> {
                        System.out.println("bid " + bid.amount() + " from " + bid.bidder());
                        if (highest[0] == null || bid.amount() > highest[0].amount()) {
                            highest[0] = new Winner(bid.bidder(), bid.amount());
                        }
                        if (++received[0] == BIDDERS * BIDS) {
                            asking.forEach(replyTo -> replyTo.tell(highest[0]));
                            asking.clear();
                        }
                        return Behaviors.same();
                    })
                    .onMessage(GetWinner.class, get -> {
                        if (received[0] == BIDDERS * BIDS) {
                            get.replyTo().tell(highest[0]);
                        } else {
                            asking.add(get.replyTo());
                        }
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    /** Bids 1, 2, ... {@value #BIDS}, one a message to itself, with some hashing before each. */
    private static Behavior<Integer> bidder(String name, ActorRef<Command> auctioneer) {
        return Behaviors.setup(ctx -> {
            ctx.getSelf().tell(1);
            return Behaviors.receive(Integer.class)
                    .onMessage(Integer.class, amount -> {
                        work(name + "/" + amount);
                        auctioneer.tell(new Bid(name, amount));
                        if (amount == BIDS) {
                            return Behaviors.stopped();
                        }
                        ctx.getSelf().tell(amount + 1);
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    /** Some work between two bids: SHA-256 over and over. */
    static byte[] work(String seed) throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] hash = seed.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < HASH_ROUNDS; i++) {
            hash = sha.digest(hash);
        }
        return hash;
    }
}
