import Foundation
import Sharing

/// Watches `users.json` for the changes other processes make, for the live client's `changesElsewhere`; the
/// shell stops it at the end of a session so that no screen's watch is left running.
///
/// Each stream tells of a change once: when the file's version differs from the last one that stream saw and is
/// not a version this process wrote itself (unless that write carried another process's change). While this
/// process changes the file (a command's work), nothing is told; the check after it tells. File events (inotify,
/// kqueue) wake it at once, and a check of the file's identity once a second covers the platforms and folders
/// without them.
public final class UserFileWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [Int: AsyncStream<Void>.Continuation] = [:]
  private var nextStream = 0
  private var isStopped = false

  /// A watcher with no stream yet.
  public init() {}

  /// Ends every stream, now and for any asked for later.
  public func stop() {
    let ended = lock.withLock {
      isStopped = true
      defer { streams = [:] }
      return Array(streams.values)
    }
    for continuation in ended { continuation.finish() }
  }

  /// A stream of the changes to `store`'s file made by other processes from now on.
  func changes(to store: UserFileStore) async -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id: Int? = lock.withLock {
      guard !isStopped else { return nil }
      defer { nextStream += 1 }
      streams[nextStream] = continuation
      return nextStream
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    let start = await store.versionOnDisk()
    let told = Told(start?.identity, foldedChanges: start?.foldedChanges ?? 0)
    let watch = SharedFileSystem.live.watch(store.fileURL) {
      Task {
        guard let version = await store.versionOnDisk() else { return }
        if told.isNews(version.identity, isOwnWrite: version.isOwnWrite, foldedChanges: version.foldedChanges) {
          continuation.yield()
        }
      }
    }
    continuation.onTermination = { [weak self] _ in
      watch.cancel()
      self?.lock.withLock { _ = self?.streams.removeValue(forKey: id) }
    }
    return stream
  }
}

/// The version of the file a stream last saw (or started at), under a lock: the watch's checks run in tasks of
/// their own.
private final class Told: @unchecked Sendable {
  private let lock = NSLock()
  private var identity: FileIdentity?
  private var foldedChanges: Int

  init(_ identity: FileIdentity?, foldedChanges: Int) {
    self.identity = identity
    self.foldedChanges = foldedChanges
  }

  /// Records the version seen now; whether it is news: another version than before, written by another process
  /// or by this one carrying another's change.
  func isNews(_ new: FileIdentity?, isOwnWrite: Bool, foldedChanges newFolded: Int) -> Bool {
    lock.withLock {
      defer {
        identity = new
        foldedChanges = newFolded
      }
      return new != identity && (!isOwnWrite || newFolded != foldedChanges)
    }
  }
}
