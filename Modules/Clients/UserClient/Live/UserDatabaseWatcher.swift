import Foundation
import Sharing

/// Tells the screens of a process of the changes other processes commit to the users, for the live client's
/// `changesElsewhere`: one reader for the process however many screens follow, and none while no screen follows;
/// the shell stops it at the end of a session so that no screen's watch is left running.
///
/// Another process's commit writes the database's write-ahead log: the platform's file events on it (with a poll
/// every `safetyNet` in case they do not come) make the watcher read the database's data version, one cheap read
/// that changes only when another connection commits, so this process's own writes are never told as news. A
/// changed version is told to every follower at once.
public final class UserDatabaseWatcher: @unchecked Sendable {
  // Unchecked: what follows is read and written under `lock`.
  private let lock = NSLock()
  private var followers: [Int: AsyncStream<Void>.Continuation] = [:]
  private var nextFollower = 0
  private var isStopped = false
  /// What is watched while someone follows: the database, the data version last seen, and the file watch.
  private var watching: (database: UserDatabase, seen: Int?, watch: SharedFileWatch)?
  private var reads = 0
  /// File events of the log seen so far (each schedules a read, and at most one second look).
  private var events = 0
  /// Whether a second look after a file event is scheduled.
  private var secondLookPending = false
  /// Where the version is read, one read at a time.
  private let readQueue = DispatchQueue(label: "UserDatabaseWatcher.read", qos: .utility)
  /// How often the data version is read when no file event came: the events' safety net.
  let safetyNet: Duration

  /// A watcher with no follower yet, polling every `safetyNet` besides the file events.
  public init(safetyNet: Duration = .seconds(5)) { self.safetyNet = safetyNet }

  /// Whether the database is watched now (someone follows it).
  package var isWatching: Bool { lock.withLock { watching != nil } }

  /// How many times the data version was read since the watcher was made: what following costs.
  package var versionReads: Int { lock.withLock { reads } }
  /// How many file events of the log it has seen: a test's measure of reads per event, whatever the followers.
  package var fileEvents: Int { lock.withLock { events } }

  /// Ends every stream, now and for any asked for later.
  public func stop() {
    let (ended, watch) = lock.withLock {
      isStopped = true
      defer {
        followers = [:]
        watching = nil
      }
      return (Array(followers.values), watching?.watch)
    }
    watch?.cancel()
    for continuation in ended { continuation.finish() }
  }

  /// A stream of the commits other processes make to `database` from now on.
  func changes(to database: UserDatabase) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let follower: (id: Int, isFirst: Bool)? = lock.withLock {
      guard !isStopped else { return nil }
      nextFollower += 1
      followers[nextFollower] = continuation
      return (nextFollower, watching == nil)
    }
    guard let follower else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.unfollow(follower.id) }
    if follower.isFirst { startWatching(database) }
    return stream
  }

  /// Reads the version to compare with, then follows the write-ahead log's events.
  private func startWatching(_ database: UserDatabase) {
    let seen = try? database.changeCount()
    let log = URL(fileURLWithPath: database.url.path + "-wal")
    let interval = DispatchTimeInterval.milliseconds(max(Int(safetyNet / .milliseconds(1)), 1))
    let watch = watchFileForChanges(log, safetyNet: interval) { [weak self] in self?.fileChanged() }
    let kept = lock.withLock {
      // Another follower started it meanwhile, or every follower already left.
      guard watching == nil, !followers.isEmpty, !isStopped else { return false }
      watching = (database, seen, watch)
      return true
    }
    if !kept { watch.cancel() }
  }

  /// The log changed: the version is read now, and once more a little later, since a commit writes the log before
  /// it makes the commit visible (in the shared memory index, whose writes give no file event).
  private func fileChanged() {
    lock.withLock { events += 1 }
    readQueue.async { [weak self] in self?.checkTheVersion() }
    let schedule = lock.withLock {
      guard !secondLookPending, watching != nil else { return false }
      secondLookPending = true
      return true
    }
    guard schedule else { return }
    readQueue.asyncAfter(deadline: .now() + .milliseconds(150)) { [weak self] in
      self?.lock.withLock { self?.secondLookPending = false }
      self?.checkTheVersion()
    }
  }

  /// Reads the data version and tells every follower when it changed (on `readQueue`: reads are never concurrent,
  /// so an older read cannot land after a newer one).
  private func checkTheVersion() {
    guard let database = lock.withLock({ watching?.database }) else { return }
    let now = try? database.changeCount()
    let toTell: [AsyncStream<Void>.Continuation] = lock.withLock {
      reads += 1
      guard let now, let seen = watching?.seen, now != seen else {
        if watching?.seen == nil, let now { watching?.seen = now }
        return []
      }
      watching?.seen = now
      return Array(followers.values)
    }
    for continuation in toTell { continuation.yield() }
  }

  /// Forgets follower `id`; the last one to go stops the watch.
  private func unfollow(_ id: Int) {
    let watch: SharedFileWatch? = lock.withLock {
      followers[id] = nil
      guard followers.isEmpty else { return nil }
      defer { watching = nil }
      return watching?.watch
    }
    watch?.cancel()
  }
}
