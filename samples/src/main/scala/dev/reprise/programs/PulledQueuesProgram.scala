package dev.reprise.programs

import akka.actor.{Actor, ActorSystem, Props}
import akka.stream.scaladsl.{Sink, Source}
import com.typesafe.config.ConfigFactory

import scala.concurrent.{Await, Future}
import scala.concurrent.ExecutionContext.Implicits.global
import scala.concurrent.duration._

/** Pulls made the moment a stream is materialized, from Scala futures: `main` materializes
  * `Streams` streams into a `Sink.queue`, and for each starts `Elements` pulls at once, each in a
  * `Future {}` of its own on the global execution context. A pull made before the stream's actor
  * has started the stream waits in the queue's callback, and the stream's actor sends it on at the
  * start; one made after it is sent by the future's body. Each pulled element is told to a
  * collector (classic) from the pull's callback; the collector prints the order they came in and
  * terminates the system when it has them all; `main` waits with `Await` for the end.
  */
object PulledQueuesProgram {
  val Streams = 6
  val Elements = 4

  final case class Pulled(stream: Int, value: Int)

  class Collector extends Actor {
    private val order = new StringBuilder
    private var count = 0

    def receive: Receive = { case Pulled(stream, value) =>
      order.append(s" $stream:$value")
      count += 1
      if (count == Streams * Elements) {
        println(s"pulled$order")
        context.system.terminate()
      }
    }
  }

  def main(args: Array[String]): Unit = {
    val config = ConfigFactory
      .parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
      .withFallback(ConfigFactory.load())
    implicit val system: ActorSystem = ActorSystem("pulls", config)
    val collector = system.actorOf(Props(new Collector), "collector")
    for (stream <- 0 until Streams) {
      val queue = Source(1 to Elements).map(_ * 10 + stream).runWith(Sink.queue[Int](Elements))
      for (_ <- 1 to Elements) {
        Future(queue.pull()).flatten.foreach(_.foreach(value => collector ! Pulled(stream, value)))
      }
    }
    Await.result(system.whenTerminated, 1.minute)
    println("pulls done")
  }
}
