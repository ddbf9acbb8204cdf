package dev.reprise.programs

import akka.actor.typed.{ActorRef, ActorSystem, Behavior}
import akka.actor.typed.scaladsl.Behaviors
import com.typesafe.config.ConfigFactory

import scala.concurrent.Await
import scala.concurrent.duration._

/** Akka Typed in Scala, with the work started by the guardian's own behaviour: its `setup` spawns
  * five tables, then starts a plain thread that, round by round, writes the round's seating plan
  * into a shared array and then tells every table to seat its guests. A table reads the plan from
  * the array, not from the message, and reports a sum to the guardian, which prints the order the
  * reports came in and stops itself, ending the system; `main` waits with `Await` on its end.
  * The tables read the array only because the thread's message came after it wrote it, so a
  * replay must not hand them the recorded message before the thread has sent it again.
  */
object SeatingPlanProgram {
  sealed trait Msg
  final case class Report(table: Int, round: Int, sum: Long) extends Msg
  final case class Seat(round: Int)

  val Tables = 5
  val Rounds = 4
  val Guests = 300

  private val plan = Array.ofDim[Long](Rounds, Guests)

  def table(me: Int, host: ActorRef[Report]): Behavior[Seat] = Behaviors.receiveMessage { case Seat(round) =>
    var sum = 0L
    for (g <- 0 until Guests) sum += plan(round)(g) * (me + 1)
    host ! Report(me, round, sum)
    Behaviors.same
  }

  def host: Behavior[Msg] = Behaviors.setup { ctx =>
    val tables = (0 until Tables).map(i => ctx.spawn(table(i, ctx.self), s"table$i"))
    val planner = new Thread(() =>
      for (round <- 0 until Rounds) {
        for (g <- 0 until Guests) plan(round)(g) = (round + 1L) * (g * 7919L % 104729)
        tables.foreach(_ ! Seat(round))
      }
    )
    planner.start()
    val order = new StringBuilder
    var total = 0L
    var reports = 0
    Behaviors.receiveMessage { case Report(t, round, sum) =>
      order.append(s" t${t}r$round")
      total = total * 31 + sum
      reports += 1
      if (reports == Tables * Rounds) {
        println(s"reports$order")
        println(s"total $total")
        Behaviors.stopped
      } else Behaviors.same
    }
  }

  def main(args: Array[String]): Unit = {
    val config = ConfigFactory
      .parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
      .withFallback(ConfigFactory.load())
    val system = ActorSystem(host, "seating", config)
    Await.result(system.whenTerminated, 1.minute)
    println("seating done")
  }
}
