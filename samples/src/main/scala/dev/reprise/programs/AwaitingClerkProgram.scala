package dev.reprise.programs

import akka.actor.typed.{ActorSystem, Behavior}
import akka.actor.typed.scaladsl.Behaviors
import com.typesafe.config.ConfigFactory

import java.util.concurrent.{LinkedBlockingQueue, ThreadLocalRandom}
import scala.concurrent.{Await, ExecutionContext, Future, Promise}
import scala.concurrent.duration._

/** Blocking on futures, as code that came from blocking APIs does, in Akka Typed: a clerk's turn
  * hands each request to a back office (a plain thread fed through a queue) and blocks on the
  * answer with `Await.result`; the back office answers after a random while and then tells the
  * clerk it is free again, racing main's next request. Main itself blocks with `Await.result` on a
  * sum the global pool computes, and with `Await.ready` on the system's end. Whether an answer is
  * there when `Await` first looks is chance, and changes nothing the program does: it is not part
  * of the recording. Which message the clerk takes next is, and the clerk prints it.
  */
object AwaitingClerkProgram {
  sealed trait Msg
  final case class Request(n: Int) extends Msg
  final case class Free(n: Int) extends Msg

  val Requests = 150

  private val backOffice = new LinkedBlockingQueue[(Int, Promise[Int])]()

  def clerk: Behavior[Msg] = Behaviors.setup { ctx =>
    var answered = 0
    var frees = 0
    Behaviors.receiveMessage {
      case Request(n) =>
        val answer = Promise[Int]()
        backOffice.put(n -> answer)
        println(s"request $n answered ${Await.result(answer.future, 30.seconds)}")
        answered += 1
        if (answered == Requests && frees == Requests) ctx.system.terminate()
        Behaviors.same
      case Free(n) =>
        println(s"free after $n")
        frees += 1
        if (answered == Requests && frees == Requests) ctx.system.terminate()
        Behaviors.same
    }
  }

  def main(args: Array[String]): Unit = {
    val config = ConfigFactory
      .parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
      .withFallback(ConfigFactory.load())
    val system = ActorSystem(clerk, "clerk", config)
    val office = new Thread(() => {
      for (_ <- 0 until Requests) {
        val (n, answer) = backOffice.take()
        val spin = ThreadLocalRandom.current().nextInt(2000)
        var x = 0L
        for (i <- 0 until spin) x += i ^ n
        answer.success(n * n + (if (x == 42) 1 else 0))
        system ! Free(n)
      }
    })
    office.setDaemon(true)
    office.start()
    val expected = Future((0 until Requests).map(n => n * n).sum)(ExecutionContext.global)
    println(s"expected sum ${Await.result(expected, 30.seconds)}")
    (0 until Requests).foreach(n => system ! Request(n))
    Await.ready(system.whenTerminated, 60.seconds)
    println("closed")
  }
}
