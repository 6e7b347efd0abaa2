import Foundation

/// Tells the screens of a session of the changes other processes commit to the users, for the live client's
/// `changesElsewhere`; the shell stops it at the end of a session so that no screen's watch is left running.
///
/// Each stream asks the database, a few times a second, for its data version:
/// one cheap read that changes only when another connection commits, so this
/// process's own writes are never told as news.
public final class UserDatabaseWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [Int: (AsyncStream<Void>.Continuation, Task<Void, Never>)] = [:]
  private var nextStream = 0
  private var isStopped = false
  /// How often each stream asks.
  let interval: Duration

  /// A watcher with no stream yet, asking every `interval`.
  public init(interval: Duration = .milliseconds(200)) { self.interval = interval }

  /// Ends every stream, now and for any asked for later.
  public func stop() {
    let ended = lock.withLock {
      isStopped = true
      defer { streams = [:] }
      return Array(streams.values)
    }
    for (continuation, task) in ended {
      task.cancel()
      continuation.finish()
    }
  }

  /// A stream of the commits other processes make to `database` from now on.
  func changes(to database: UserDatabase) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let interval = interval
    let start = try? database.changeCount()
    let task = Task {
      var seen = start
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        guard let now = try? database.changeCount(), now != seen else { continue }
        seen = now
        continuation.yield()
      }
    }
    let id: Int? = lock.withLock {
      guard !isStopped else { return nil }
      defer { nextStream += 1 }
      streams[nextStream] = (continuation, task)
      return nextStream
    }
    guard let id else {
      task.cancel()
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      task.cancel()
      self?.lock.withLock { _ = self?.streams.removeValue(forKey: id) }
    }
    return stream
  }
}
