package dev.reprise.samples

import akka.Done
import akka.actor.typed.receptionist.{Receptionist, ServiceKey}
import akka.actor.typed.scaladsl.AskPattern._
import akka.actor.typed.scaladsl.Behaviors
import akka.actor.typed.{ActorRef, ActorSystem, Behavior, SupervisorStrategy, Terminated}
import akka.persistence.typed.scaladsl.{Effect, EventSourcedBehavior, RetentionCriteria}
import akka.persistence.typed.{PersistenceId, RecoveryCompleted, SnapshotCompleted}
import akka.util.Timeout
import com.typesafe.config.ConfigFactory

import java.util.concurrent.{Executors, TimeUnit, TimeoutException}
import scala.concurrent.duration._
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.util.Random

/** A bank written with Akka Typed's Scala DSL and Akka Persistence Typed: accounts are
  * `EventSourcedBehavior`s on the in-memory journal that snapshot every few events (into
  * [[MemorySnapshots]]) and register with the Receptionist; the guardian is the teller, which
  * subscribes to the Receptionist, stashes commands until every account is listed, and routes each
  * command to an account. Clients are tasks on a JDK thread pool, each with a `scala.util.Random`
  * seeded from the clock; now and then a client orders an audit, which makes its account fail, and
  * its supervisor restarts it: the account recovers from its last snapshot and the events after it.
  * `main` asks every account for its balance with `AskPattern` and prints them. Which client comes
  * first, the amounts, the refused withdrawals and where the failures fall differ from run to run.
  */
object TypedBank {
  val Accounts = 2
  val Clients = 3
  val CommandsEach = 8

  sealed trait Command
  final case class Deposit(amount: Int, client: String) extends Command
  final case class Withdraw(amount: Int, client: String) extends Command
  case object Audit extends Command
  final case class GetBalance(replyTo: ActorRef[Int]) extends Command

  sealed trait Event
  final case class Deposited(amount: Int, client: String) extends Event
  final case class Withdrawn(amount: Int, client: String) extends Event

  final case class Balance(amount: Int, events: Int) {
    def apply(event: Event): Balance = event match {
      case Deposited(a, _) => Balance(amount + a, events + 1)
      case Withdrawn(a, _) => Balance(amount - a, events + 1)
    }
  }

  val AccountKey: ServiceKey[Command] = ServiceKey[Command]("account")

  /** One account: persists what it takes, prints through the printer, fails on an audit. */
  def account(id: String, printer: ActorRef[PrinterCommand]): Behavior[Command] =
    Behaviors.setup { ctx =>
      ctx.system.receptionist ! Receptionist.Register(AccountKey, ctx.self)
      Behaviors
        .supervise(EventSourcedBehavior[Command, Event, Balance](
          PersistenceId.ofUniqueId(id),
          Balance(0, 0),
          (balance, command) =>
            command match {
              case Deposit(a, client) =>
                Effect.persist(Deposited(a, client)).thenRun(b => printer ! Line(s"$id +$a from $client = ${b.amount}"))
              case Withdraw(a, client) if a > balance.amount =>
                printer ! Line(s"$id refuses -$a to $client at ${balance.amount}")
                Effect.none
              case Withdraw(a, client) =>
                Effect.persist(Withdrawn(a, client)).thenRun(b => printer ! Line(s"$id -$a to $client = ${b.amount}"))
              case Audit =>
                printer ! Line(s"$id fails its audit at ${balance.amount}")
                throw new IllegalStateException(s"audit of $id")
              case GetBalance(replyTo) =>
                replyTo ! balance.amount
                Effect.none
            },
          (balance, event) => balance(event)
        ).withRetention(RetentionCriteria.snapshotEvery(numberOfEvents = 3, keepNSnapshots = 2))
          .receiveSignal {
            case (b, RecoveryCompleted) if b.events > 0 =>
              printer ! Line(s"$id recovered ${b.amount} after ${b.events} events")
            case (_, SnapshotCompleted(meta)) =>
              printer ! Line(s"$id snapshot at event ${meta.sequenceNr}")
          })
        .onFailure[IllegalStateException](SupervisorStrategy.restart)
    }

  sealed trait TellerCommand
  final case class Route(account: Int, command: Command) extends TellerCommand
  final case class Flush(replyTo: ActorRef[Done]) extends TellerCommand
  private final case class Listed(listing: Receptionist.Listing) extends TellerCommand

  sealed trait PrinterCommand
  final case class Line(text: String) extends PrinterCommand
  final case class Printed(replyTo: ActorRef[Done]) extends PrinterCommand

  /** Prints every line in the order it comes; answers a flush once the lines before it are out. */
  def printer: Behavior[PrinterCommand] = Behaviors.receiveMessage {
    case Line(text) =>
      println(text)
      Behaviors.same
    case Printed(replyTo) =>
      replyTo ! Done
      Behaviors.same
  }

  /** The guardian: spawns the printer and the accounts, and spawns an account again when it stops
    * (an account that fails while it recovers is stopped, not restarted: Akka's rule); routes
    * commands to the accounts the Receptionist lists, by name; a command to an account not listed
    * (not yet, or not at the moment) is stashed until the next listing.
    */
  def teller: Behavior[TellerCommand] = Behaviors.setup { ctx =>
    val print = ctx.spawn(printer, "printer")
    def open(name: String): Unit = ctx.watch(ctx.spawn(account(name, print), name))
    for (i <- 0 until Accounts) open(s"account-$i")
    ctx.system.receptionist ! Receptionist.Subscribe(AccountKey, ctx.messageAdapter[Receptionist.Listing](Listed(_)))
    Behaviors.withStash(1000) { stash =>
      def routing(accounts: Map[String, ActorRef[Command]]): Behavior[TellerCommand] = Behaviors
        .receiveMessage[TellerCommand] {
          case Listed(listing) =>
            stash.unstashAll(routing(listing.serviceInstances(AccountKey).map(a => a.path.name -> a).toMap))
          case route @ Route(i, command) =>
            accounts.get(s"account-$i") match {
              case Some(account) => account ! command
              case None          => stash.stash(route)
            }
            Behaviors.same
          case Flush(replyTo) =>
            print ! Printed(replyTo)
            Behaviors.same
        }
        .receiveSignal { case (_, Terminated(account)) =>
          print ! Line(s"${account.path.name} stopped, opened again")
          open(account.path.name)
          routing(accounts - account.path.name)
        }
      routing(Map.empty)
    }
  }

  def main(args: Array[String]): Unit = {
    val config = ConfigFactory
      .parseString("""
        |akka.loglevel = WARNING
        |akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
        |akka.persistence.snapshot-store.plugin = "memory-snapshots"
        |memory-snapshots.class = "dev.reprise.samples.MemorySnapshots"
        |""".stripMargin)
      .withFallback(ConfigFactory.load())
    val system = ActorSystem(teller, "bank", config)

    val pool = Executors.newFixedThreadPool(Clients)
    for (c <- 1 to Clients) pool.execute { () =>
      val random = new Random(System.nanoTime())
      for (_ <- 1 to CommandsEach) {
        val command = random.nextInt(10) match {
          case 0          => Audit
          case n if n < 4 => Withdraw(1 + random.nextInt(30), s"client$c")
          case _          => Deposit(1 + random.nextInt(20), s"client$c")
        }
        system ! Route(random.nextInt(Accounts), command)
        Thread.sleep(random.nextInt(10))
      }
    }
    pool.shutdown()
    pool.awaitTermination(30, TimeUnit.SECONDS)

    implicit val scheduler: akka.actor.typed.Scheduler = system.scheduler
    implicit val ec: ExecutionContext = system.executionContext
    // An account that fails drops the commands it had stashed while persisting (Akka's rule for
    // EventSourcedBehavior), so a balance request can be lost: ask again.
    def balance(account: Int, attempts: Int): Future[Int] =
      system
        .ask[Int](reply => Route(account, GetBalance(reply)))(Timeout(1.second), scheduler)
        .recoverWith { case _: TimeoutException if attempts > 1 => balance(account, attempts - 1) }
    val balances = Await.result(Future.traverse((0 until Accounts).toList)(balance(_, 5)), 15.seconds)
    implicit val timeout: Timeout = 10.seconds
    Await.result(system.ask[Done](Flush(_)), 15.seconds)
    for ((b, i) <- balances.zipWithIndex) println(s"account-$i: $b")
    println(s"total: ${balances.sum}")
    system.terminate()
    Await.result(system.whenTerminated, 30.seconds)
  }
}
