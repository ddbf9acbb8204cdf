package dev.reprise.programs

import akka.actor.{Actor, ActorSystem, Props}
import akka.pattern.ask
import akka.util.Timeout

import java.util.concurrent.{Callable, Executors, ThreadLocalRandom}
import scala.concurrent.duration._
import scala.concurrent.{Await, ExecutionContext, Future}

/** Futures combined outside any actor, as Scala users combine asks: `main` (on the dispatcher) and a
  * JDK pool task (on Scala's global pool) each ask three workers, and combine the answers with
  * `Future.sequence` and `zip`; each combination's callback tells a printer, which numbers the
  * lines in the order they come. The workers spin for a random while, so which asks are already
  * answered when they are combined, and so how many callbacks each combination registers, is
  * chance; and so is the order of the printer's lines.
  */
object ZippedFuturesProgram {
  final case class Job(round: Int, n: Int)
  final case class Total(value: Int)

  class Worker extends Actor {
    def receive: Receive = { case Job(round, n) =>
      val spin = ThreadLocalRandom.current().nextInt(50000)
      var x = 0L
      for (i <- 0 until spin) x += i ^ round
      sender() ! n * 10 + (x % 7).toInt
    }
  }

  class Printer extends Actor {
    private var count = 0
    def receive: Receive = {
      case line: String =>
        count += 1
        println(s"$count $line")
      case Total(value) =>
        println(s"total $value after $count lines")
        sender() ! value
    }
  }

  def main(args: Array[String]): Unit = {
    val system = ActorSystem("zipped")
    val workers = (0 until 3).map(i => system.actorOf(Props[Worker](), s"worker-$i"))
    val printer = system.actorOf(Props[Printer](), "printer")
    implicit val timeout: Timeout = 10.seconds

    def combine(who: String, round: Int)(implicit ec: ExecutionContext): Future[Int] = {
      val asks = (0 until 4).map(n => (workers((round + n) % 3) ? Job(round, n)).mapTo[Int])
      val all = Future.sequence(asks :+ Future.successful(round))
      all.zip(asks.head.zip(asks.last)).map { case (xs, (first, last)) =>
        printer ! s"$who round $round: ${xs.sum} ${first + last}"
        xs.sum
      }
    }

    val pool = Executors.newFixedThreadPool(2)
    val task = pool.submit(new Callable[Int] {
      def call(): Int = {
        implicit val global: ExecutionContext = ExecutionContext.global
        (0 until 4).map(round => Await.result(combine("task", round), 10.seconds)).sum
      }
    })
    val onMain = {
      import system.dispatcher
      Future.sequence((0 until 4).map(round => combine("main", round)))
    }
    val total = Await.result(onMain, 10.seconds).sum + task.get()
    Await.result(printer ? Total(total), 10.seconds)
    pool.shutdown()
    system.terminate()
    Await.result(system.whenTerminated, 30.seconds)
  }
}
