package dev.reprise.samples

import akka.actor.typed.scaladsl.AskPattern._
import akka.actor.typed.scaladsl.Behaviors
import akka.actor.typed.{ActorRef, ActorSystem, Behavior}
import akka.http.scaladsl.Http
import akka.http.scaladsl.server.Directives._
import akka.util.Timeout
import com.typesafe.config.ConfigFactory

import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentHashMap, Executors}
import scala.concurrent.duration._
import scala.concurrent.Await

/** An Akka HTTP server written with its Scala routing DSL on an Akka Typed system, whose routes
  * hand work to a thread pool of the program's, as a service that writes to a store does: `POST
  * /put/KEY` answers at once and gives the pool a task that works out the key's value, writes it into a
  * shared store, then tells an auditor to audit the key. The auditor reads the value from the
  * store, not from the message: a replay must not give it the recorded "audit" before the future
  * wrote the value again. The route runs in the connection's stream actor (Akka's, under
  * `/system/Materializers`), so the task is one that actor's turn started. (A Scala `Future`'s
  * body would send promise messages, which replay matches with their live copies anyway.) `GET /peek` asks the
  * auditor how many keys it has audited; `POST /stop` prints the audit,
  * answers and terminates the system. It binds to loopback on the port given as its first argument
  * (0: any free port) and writes the bound port to the file given as its second.
  */
object AuditedStore {
  sealed trait Command
  final case class Audit(key: String) extends Command
  final case class Peek(replyTo: ActorRef[Int]) extends Command
  final case class Report(replyTo: ActorRef[String]) extends Command

  /** The auditor: what each key's value was when it came to audit it, in the order it did. */
  def auditor(store: ConcurrentHashMap[String, Long]): Behavior[Command] = {
    def auditing(audited: Vector[String]): Behavior[Command] = Behaviors.receiveMessage {
      case Audit(key) =>
        val line = s"audit $key ${store.getOrDefault(key, -1L)}"
        println(line)
        auditing(audited :+ line)
      case Peek(replyTo) =>
        replyTo ! audited.size
        Behaviors.same
      case Report(replyTo) =>
        replyTo ! audited.mkString("", "\n", "\n")
        Behaviors.same
    }
    auditing(Vector.empty)
  }

  /** Stands for a value worked out elsewhere, which takes a while. */
  private def valueOf(key: String): Long = {
    Thread.sleep(15)
    key.foldLeft(7L)((h, c) => h * 31 + c)
  }

  def main(args: Array[String]): Unit = {
    val store = new ConcurrentHashMap[String, Long]()
    implicit val system: ActorSystem[Command] = ActorSystem(
      auditor(store),
      "audited-store",
      ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()))
    implicit val timeout: Timeout = 10.seconds
    val pool = Executors.newFixedThreadPool(2)
    import system.executionContext

    val routes =
      concat(
        path("put" / Segment) { key =>
          post {
            pool.execute { () =>
              store.put(key, valueOf(key))
              system ! Audit(key)
            }
            complete(s"queued $key\n")
          }
        },
        path("peek") {
          get {
            onSuccess(system.ask[Int](Peek(_))) { n => complete(s"audited $n\n") }
          }
        },
        path("stop") {
          post {
            onSuccess(system.ask[String](Report(_))) { report =>
              print(report.linesIterator.map("report " + _).mkString("", "\n", "\n"))
              system.scheduler.scheduleOnce(200.millis, () => system.terminate())
              complete("bye\n")
            }
          }
        })

    Http().newServerAt("127.0.0.1", args(0).toInt).bind(routes).foreach { b =>
      println("listening")
      Files.writeString(Path.of(args(1)), b.localAddress.getPort.toString)
    }
    Await.result(system.whenTerminated, Duration.Inf)
    pool.shutdown()
    println("stopped")
  }
}
