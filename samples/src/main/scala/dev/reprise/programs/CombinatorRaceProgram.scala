package dev.reprise.programs

import akka.actor.{Actor, ActorSystem, Props}

import java.util.concurrent.ThreadLocalRandom
import java.util.concurrent.atomic.AtomicReference
import scala.concurrent.{Await, Promise}
import scala.concurrent.duration._
import scala.util.{Failure, Success}

/** Scala's combinators racing the completion of their future, as a persistence journal's turn
  * meets them (`recover`, `map`, `foreach` on a write or read still in flight): a journal actor
  * hands each request's promise to a completer thread (a plain thread that spins on a slot and
  * completes what it finds after a random while, a success or a failure by turns), waits a random while, and chains
  * `recover`, `map` and `foreach` on the promise's future. Each combinator looks at the future
  * itself and registers no callback when the result makes its callback pointless (`recover` on a
  * success, `map` on a failure), so how many callbacks a turn registers depends on how far the
  * completer got, sometimes between two looks of one combinator. The journal prints, per request,
  * whether the future was complete when it last looked; after the last request it stops the
  * system.
  */
object CombinatorRaceProgram {
  final case class Request(n: Int)

  private val Requests = 400

  /** The completer's slot: a promise to complete, and its request's number (odd ones fail). */
  private val slot = new AtomicReference[(Promise[Int], Int)]()

  class Journal extends Actor {
    import context.dispatcher
    private var completeAtLook = 0

    def receive: Receive = { case Request(n) =>
      val p = Promise[Int]()
      while (!slot.compareAndSet(null, (p, n))) Thread.onSpinWait()
      val spin = ThreadLocalRandom.current().nextInt(400)
      var x = 0L
      for (i <- 0 until spin) x += i ^ n
      val f = p.future
      f.recover { case _ => -1 }
      f.map(_ + 1)
      f.foreach(v => x += v)
      f.recover { case _ => -2 }
      val complete = f.isCompleted
      if (complete) completeAtLook += 1
      println(s"$n ${if (complete) "complete" else "pending"} at the last look")
      if (n == Requests - 1) {
        println(s"$completeAtLook of $Requests complete at the last look")
        context.system.terminate()
      }
    }
  }

  def main(args: Array[String]): Unit = {
    val system = ActorSystem("combinators")
    val completer = new Thread(
      () => {
        var completed = 0
        while (completed < Requests) {
          val job = slot.getAndSet(null)
          if (job == null) Thread.onSpinWait()
          else {
            val (p, n) = job
            val spin = ThreadLocalRandom.current().nextInt(3000)
            var x = 0L
            for (i <- 0 until spin) x += i ^ n
            if (x == 42) println("the completer's spin") // keeps the spin
            p.complete(if (n % 2 == 0) Success(n) else Failure(new IllegalStateException(s"no $n")))
            completed += 1
          }
        }
      },
      "completer"
    )
    completer.setDaemon(true)
    completer.start()
    val journal = system.actorOf(Props(new Journal), "journal")
    (0 until Requests).foreach(n => journal ! Request(n))
    Await.result(system.whenTerminated, 60.seconds)
  }
}
