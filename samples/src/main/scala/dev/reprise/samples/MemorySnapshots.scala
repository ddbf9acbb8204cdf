package dev.reprise.samples

import akka.persistence.snapshot.SnapshotStore
import akka.persistence.{SelectedSnapshot, SnapshotMetadata, SnapshotSelectionCriteria}

import scala.concurrent.Future

/** A snapshot store that keeps its snapshots in memory, as a user writes one for tests: Akka 2.6
  * has an in-memory journal but no in-memory snapshot store. Plugged in by
  * `akka.persistence.snapshot-store.plugin`; its calls come in its own actor's turns.
  */
final class MemorySnapshots extends SnapshotStore {
  private var saved = Vector.empty[SelectedSnapshot]

  private def selects(c: SnapshotSelectionCriteria, m: SnapshotMetadata): Boolean =
    m.sequenceNr >= c.minSequenceNr && m.sequenceNr <= c.maxSequenceNr &&
      m.timestamp >= c.minTimestamp && m.timestamp <= c.maxTimestamp

  override def loadAsync(persistenceId: String, criteria: SnapshotSelectionCriteria): Future[Option[SelectedSnapshot]] =
    Future.successful(
      saved
        .filter(s => s.metadata.persistenceId == persistenceId && selects(criteria, s.metadata))
        .sortBy(_.metadata.sequenceNr)
        .lastOption
    )

  override def saveAsync(metadata: SnapshotMetadata, snapshot: Any): Future[Unit] = {
    saved :+= SelectedSnapshot(metadata, snapshot)
    Future.unit
  }

  override def deleteAsync(metadata: SnapshotMetadata): Future[Unit] = {
    saved = saved.filterNot(s =>
      s.metadata.persistenceId == metadata.persistenceId && s.metadata.sequenceNr == metadata.sequenceNr
    )
    Future.unit
  }

  override def deleteAsync(persistenceId: String, criteria: SnapshotSelectionCriteria): Future[Unit] = {
    saved = saved.filterNot(s => s.metadata.persistenceId == persistenceId && selects(criteria, s.metadata))
    Future.unit
  }
}
