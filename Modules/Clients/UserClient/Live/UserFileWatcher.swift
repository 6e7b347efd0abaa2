import Foundation
import Sharing

/// Watches `users.json` for the changes other processes make, for the live client's `changesElsewhere`; the
/// shell stops it at the end of a session so that no screen's watch is left running.
///
/// Each stream tells of a change once: when the file's version differs from the last one that stream told of
/// and is not the version this process wrote itself. File events (inotify, kqueue) wake it at once, and a check
/// of the file's identity once a second covers the platforms and folders without them.
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
    let told = Told(await store.versionOnDisk().identity)
    let watch = SharedFileSystem.live.watch(store.fileURL) {
      Task {
        let (identity, isOwnWrite) = await store.versionOnDisk()
        if told.update(to: identity), !isOwnWrite { continuation.yield() }
      }
    }
    continuation.onTermination = { [weak self] _ in
      watch.cancel()
      self?.lock.withLock { _ = self?.streams.removeValue(forKey: id) }
    }
    return stream
  }
}

/// The version of the file a stream last told of (or started at), under a lock: the watch's checks run in
/// tasks of their own.
private final class Told: @unchecked Sendable {
  private let lock = NSLock()
  private var identity: FileIdentity?

  init(_ identity: FileIdentity?) { self.identity = identity }

  /// Records `identity`; whether it differs from the one recorded before.
  func update(to new: FileIdentity?) -> Bool {
    lock.withLock {
      defer { identity = new }
      return new != identity
    }
  }
}
