package dev.reprise.samples

import akka.actor.{Actor, ActorRef, ActorSystem, Props, Stash}
import akka.pattern.{ask, pipe}
import akka.util.Timeout

import scala.concurrent.duration._
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.util.Random

/** An auction written as Scala users write Akka: case-class messages, `!`, `?`, `pipeTo`, Future
  * combinators on the global execution context and on the dispatcher, `context.become` with
  * `Stash`, `scala.util.Random`, and bidders that are threads made inside a collection's `map`.
  *
  * The auctioneer asks an appraiser for each lot's reserve (the appraiser prices it in a `Future` on
  * the global execution context and pipes the price back); bids on a lot whose reserve has not come,
  * and its closing, are stashed. The auctioneer prints every line. Bidder threads bid at random amounts and times; `main` closes the lots with `?` and
  * prints the results, combined with `Future.sequence` on the dispatcher. Which bid comes first,
  * the amounts and the reserves differ from run to run.
  */
object ScalaAuction {
  final case class Lot(name: String)
  final case class Price(lot: String, value: Int)
  final case class Bid(lot: String, bidder: String, amount: Int)
  final case class Close(lot: String)
  final case class Result(lot: String, winner: Option[Bid], bids: Int, reserve: Int)

  val Lots: Seq[String] = Seq("clock", "lamp")
  val Bidders = 3
  val BidsEach = 4

  /** Prices a lot in a Future on the global execution context, as a slow lookup would. */
  class Appraiser extends Actor {
    def receive: Receive = { case Lot(name) =>
      implicit val global: ExecutionContext = ExecutionContext.global
      Future {
        Thread.sleep(Random.nextInt(4))
        Price(name, 40 + Random.nextInt(60))
      }.pipeTo(sender())
    }
  }

  /** Runs every lot and prints every line: asks for each lot's reserve, stashes the bids on a lot
    * whose reserve has not come, takes bids, closes lots.
    */
  class Auctioneer(appraiser: ActorRef) extends Actor with Stash {
    import context.dispatcher
    implicit val timeout: Timeout = 5.seconds

    override def preStart(): Unit =
      for (lot <- Lots) (appraiser ? Lot(lot)).mapTo[Price].map(p => p.copy(value = p.value + 10)).pipeTo(self)

    def receive: Receive = running(Map.empty, Map.empty)

    def running(reserves: Map[String, Int], bids: Map[String, Vector[Bid]]): Receive = {
      case Price(lot, reserve) =>
        println(s"$lot: reserve $reserve")
        unstashAll()
        context.become(running(reserves + (lot -> reserve), bids))
      case bid: Bid if !reserves.contains(bid.lot)     => stash()
      case close: Close if !reserves.contains(close.lot) => stash()
      case bid: Bid =>
        println(s"${bid.lot}: ${bid.bidder} bids ${bid.amount}")
        context.become(running(reserves, bids.updated(bid.lot, bids.getOrElse(bid.lot, Vector.empty) :+ bid)))
      case Close(lot) =>
        val reserve = reserves(lot)
        val all = bids.getOrElse(lot, Vector.empty)
        val winner = all.filter(_.amount >= reserve).sortBy(b => -b.amount).headOption
        sender() ! Result(lot, winner, all.size, reserve)
    }
  }

  def main(args: Array[String]): Unit = {
    val system = ActorSystem("auction")
    val appraiser = system.actorOf(Props[Appraiser](), "appraiser")
    val auctioneer = system.actorOf(Props(new Auctioneer(appraiser)), "auctioneer")

    val bidders = (1 to Bidders).map { i =>
      val t = new Thread(() =>
        for (_ <- 1 to BidsEach) {
          Thread.sleep(Random.nextInt(5))
          val lot = Lots(Random.nextInt(Lots.size))
          auctioneer ! Bid(lot, s"bidder$i", Random.nextInt(150))
        }
      )
      t.start()
      t
    }
    bidders.foreach(_.join())

    implicit val timeout: Timeout = 5.seconds
    import system.dispatcher
    val results = Future.sequence(Lots.map(lot => (auctioneer ? Close(lot)).mapTo[Result]))
    for (r <- Await.result(results, 10.seconds)) {
      val won = r.winner.fold("no sale")(b => s"sold to ${b.bidder} for ${b.amount}")
      println(s"${r.lot}: ${r.bids} bids, reserve ${r.reserve}, $won")
    }
    system.terminate()
    Await.result(system.whenTerminated, 30.seconds)
  }
}
