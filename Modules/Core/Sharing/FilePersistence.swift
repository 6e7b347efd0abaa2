import Foundation

/// Keeps a shared value in a file (JSON, or the key's own coding): loads once, follows changes others make to the file, and saves atomically:
/// the first change after a quiet period at once, the changes that follow within `saveDelay` together after it.
final class FilePersistence<Value: Sendable>: SharedPersistence, @unchecked Sendable {
  let url: URL
  let coding: FileCoding<Value>
  let fileSystem: SharedFileSystem
  let saveDelay: Duration
  private let lock = NSLock()
  /// Serializes writes and reloads, so a late timer never writes an older value over a newer one, and a reload
  /// never reads between this process's write and its note of that write's identity.
  private let writeLock = NSLock()
  private var pending: Value?
  /// Saves waiting for the next write to end (resumed with its result).
  private var waiting: [SharedSaveContinuation] = []
  private var isScheduled = false
  private var currentStatus = SharedPersistenceStatus.missing
  /// The error that stopped the last read (the decoder's, or the file system's): what `loadError` holds, as in
  /// swift-sharing, while `status` keeps the notice for the user (where the bad file went).
  private var readFailure: (any Error)?
  /// Set when the file could not be read: saving would overwrite data we never saw.
  private var savingDisabled = false
  /// This process's value as JSON when it last read or wrote the file: what its changes are measured from.
  private var base: Data?
  /// The file's identity when this process last read or wrote it: a different one is someone else's change.
  private var knownIdentity: FileIdentity?
  /// When this process last wrote the file: a change after a quiet period is written at once.
  private var lastWrite: ContinuousClock.Instant?
  private var watch: SharedFileWatch?

  init(url: URL, coding: FileCoding<Value>, fileSystem: SharedFileSystem, saveDelay: Duration) {
    self.url = url
    self.coding = coding
    self.fileSystem = fileSystem
    self.saveDelay = saveDelay
    FlushOnExit.register(self)
  }

  var status: SharedPersistenceStatus { lock.withLock { currentStatus } }

  func load(context: SharedLoadContext<Value>, continuation: SharedLoadContinuation<Value>) {
    let value = read()
    let (status, failure) = lock.withLock { (currentStatus, readFailure) }
    switch status {
    case .corrupt, .unreadable: continuation.resume(throwing: failure ?? SharedPersistenceError(status: status))
    default: continuation.resume(with: .success(value))
    }
  }

  /// The value in the file, or nil (and why, in `status`) when there is none to use.
  private func read() -> Value? {
    // The identity is taken before the read: a change landing in between then shows as a change, later.
    let identity = fileSystem.identity(url)
    let data: Data?
    do {
      data = try fileSystem.read(url)
    } catch {
      lock.withLock { readFailure = error }
      setStatus(.unreadable(reason: SharedFileSystem.describe(error, at: url)), disableSaving: true)
      return nil
    }
    lock.withLock { knownIdentity = identity }
    // An empty file is one being created (or emptied on purpose): no value yet, not a corrupt one.
    guard let data, !data.isEmpty else {
      setStatus(.missing)
      return nil
    }
    do {
      let value = try coding.decode(data)
      setStatus(.loaded)
      lock.withLock { base = data }
      return value
    } catch {
      lock.withLock { readFailure = error }
      let reason = SharedFileSystem.describe(error, at: url)
      guard let backup = fileSystem.moveAside(url) else {
        // Could not keep the bad file: do not write over it either.
        setStatus(.corrupt(movedTo: nil, reason: reason), disableSaving: true)
        return nil
      }
      // The name holds no file now, by this process's own doing: not a change made elsewhere to reload.
      let moved = fileSystem.identity(url)
      lock.withLock { knownIdentity = moved }
      setStatus(.corrupt(movedTo: backup, reason: reason))
      return nil
    }
  }

  /// The file the value is kept in.
  var fileURL: URL? { url }

  func save(_ value: Value, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    // Leading and trailing edge: the first change after a quiet period is written at once, on this thread, so
    // the file holds it when `withLock` returns (as swift-sharing's file keys do); the changes that follow
    // within `saveDelay` of that write are written together, on the save queue, when the delay is over. A
    // `save()` writes at once.
    let wait: Duration? = lock.withLock {
      pending = value
      waiting.append(continuation)
      if context == .userInitiated { return .zero }
      guard !isScheduled else { return nil }
      isScheduled = true
      guard let lastWrite else { return .zero }
      return max(.zero, saveDelay - (ContinuousClock.now - lastWrite))
    }
    guard let wait else { return }
    guard wait > .zero else {
      flush()
      return
    }
    let parts = wait.components
    let nanoseconds = Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    saveQueue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in flush() }
  }

  func flush() {
    let resumeSaves = writeLock.withLock { flushLocked() }
    resumeSaves()
  }

  /// Writes the pending value, merged onto the file as it is now; the caller holds `writeLock`. Returns what
  /// tells the waiting saves how it went, for the caller to call once it let go of `writeLock` (what it tells
  /// takes the value's lock, which a change holds while it asks for `writeLock`).
  private func flushLocked() -> @Sendable () -> Void {
    let (value, refused, toResume): (Value?, Bool, [SharedSaveContinuation]) = lock.withLock {
      defer {
        pending = nil
        isScheduled = false
        waiting = []
      }
      let value = savingDisabled ? nil : pending
      // The window starts with the write, not after it: a change made while it runs waits for the window's end
      // instead of starting a second write at once.
      if value != nil { lastWrite = ContinuousClock.now }
      return (value, savingDisabled && pending != nil, waiting)
    }
    guard let value else {
      let result: Result<Void, any Error> = refused ? .failure(SharedPersistenceError(status: status)) : .success(())
      return { for continuation in toResume { continuation.resume(with: result) } }
    }
    var outcome: Result<Void, any Error> = .success(())
    let saveID = SharedEvents.nextSaveID()
    SharedEvents.send(.saveBegan(file: url.path, id: saveID))
    var failure: String?
    defer { SharedEvents.send(.saveEnded(file: url.path, id: saveID, failure: failure)) }
    do {
      let ours = try coding.encode(value)
      // Another process may have saved since this one read the file: apply only what this process changed
      // (since its last read or write) to the file as it is now, under the file's lock, so no change is lost.
      try fileSystem.exclusively(url) {
        var written = ours
        if coding.mergesChanges {
          let theirs = try? fileSystem.read(url)
          written = JSONMerge.apply(ours: ours, base: lock.withLock { base }, onto: theirs ?? nil, asSet: coding.isSet)
        }
        try fileSystem.write(written, url)
        // Under the file's lock, so the identity is this write's and not a later one's by someone else.
        let identity = fileSystem.identity(url)
        lock.withLock { knownIdentity = identity }
      }
      lock.withLock { base = ours }
      setLoaded()
    } catch {
      let reason = SharedFileSystem.describe(error, at: url)
      failure = reason
      setStatus(.saveFailed(reason: reason))
      outcome = .failure(SharedPersistenceError(status: .saveFailed(reason: reason)))
    }
    let result = outcome
    return { for continuation in toResume { continuation.resume(with: result) } }
  }

  func subscribe(_ onPossibleChange: @escaping @Sendable () -> Void) {
    let watch = fileSystem.watch(url, onPossibleChange)
    lock.withLock { self.watch = watch }
  }

  var isStale: Bool {
    fileSystem.identity(url) != lock.withLock { knownIdentity }
  }

  func reloadIfStale() -> Value?? {
    var resumeSaves: @Sendable () -> Void = {}
    defer { resumeSaves() }
    return writeLock.withLock {
      guard isStale else { return nil }
      // Merged onto theirs from the version this change was made on, before that version is forgotten.
      if lock.withLock({ pending != nil }) { resumeSaves = flushLocked() }
      // The identity is taken before the read: a change landing in between then shows as a change, later.
      let identity = fileSystem.identity(url)
      let data: Data?
      do {
        data = try fileSystem.read(url)
      } catch {
        setStatus(.unreadable(reason: SharedFileSystem.describe(error, at: url)))
        return nil
      }
      lock.withLock { knownIdentity = identity }
      guard let data, !data.isEmpty else {
        // Deleted (or emptied): the value goes back to its default, as if never saved.
        lock.withLock { base = nil }
        setStatus(.missing)
        return .some(nil)
      }
      do {
        let value = try coding.decode(data)
        lock.withLock { base = data }
        setLoaded()
        return .some(value)
      } catch {
        // Another writer left something unreadable: keep the value shown, and say why it did not follow.
        setStatus(.corrupt(movedTo: nil, reason: SharedFileSystem.describe(error, at: url)))
        return nil
      }
    }
  }

  /// The file holds a value this process read or wrote: that ends a failed save. A file set aside stays said for
  /// the session, since the user's old data is in the copy and a screen showing the status must still say where.
  private func setLoaded() {
    lock.withLock {
      if case .corrupt(movedTo: .some, _) = currentStatus { return }
      currentStatus = .loaded
    }
  }

  private func setStatus(_ status: SharedPersistenceStatus, disableSaving: Bool = false) {
    lock.withLock {
      currentStatus = status
      if disableSaving { savingDisabled = true }
    }
  }
}

/// Flushes pending saves when the process exits normally, so a quick quit loses nothing.
enum FlushOnExit {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var persistences: [WeakFlushable] = []
  nonisolated(unsafe) private static var installed = false

  private struct WeakFlushable {
    weak var target: (any HasPendingSave)?
  }

  static func register(_ target: any HasPendingSave) {
    lock.withLock {
      persistences.removeAll { $0.target == nil }
      persistences.append(WeakFlushable(target: target))
      if !installed {
        installed = true
        atexit { FlushOnExit.flushAll() }
      }
    }
  }

  /// Writes every pending save now.
  static func flushAll() {
    let targets = lock.withLock { persistences.compactMap(\.target) }
    for target in targets { target.flush() }
  }
}

extension FilePersistence: HasPendingSave {}

/// The queue coalesced saves are written on.
private let saveQueue = DispatchQueue(label: "Sharing.FilePersistence")
