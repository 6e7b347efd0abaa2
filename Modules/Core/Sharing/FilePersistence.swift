import Foundation

/// Keeps a shared value in a JSON file: loads once, saves atomically after a burst of changes settles.
final class FilePersistence<Value: Codable & Sendable>: SharedPersistence, @unchecked Sendable {
  let url: URL
  let fileSystem: SharedFileSystem
  let saveDelay: Duration
  private let lock = NSLock()
  /// Serializes writes, so a late timer never writes an older value over a newer one.
  private let writeLock = NSLock()
  private var pending: Value?
  private var isScheduled = false
  private var currentStatus = SharedPersistenceStatus.missing
  /// Set when the file could not be read: saving would overwrite data we never saw.
  private var savingDisabled = false
  /// This process's value as JSON when it last read or wrote the file: what its changes are measured from.
  private var base: Data?

  init(url: URL, fileSystem: SharedFileSystem, saveDelay: Duration) {
    self.url = url
    self.fileSystem = fileSystem
    self.saveDelay = saveDelay
    FlushOnExit.register(self)
  }

  var status: SharedPersistenceStatus { lock.withLock { currentStatus } }

  func load() -> Value? {
    let data: Data?
    do {
      data = try fileSystem.read(url)
    } catch {
      setStatus(.unreadable(reason: SharedFileSystem.describe(error, at: url)), disableSaving: true)
      return nil
    }
    guard let data else {
      setStatus(.missing)
      return nil
    }
    do {
      let value = try JSONDecoder().decode(Value.self, from: data)
      setStatus(.loaded)
      lock.withLock { base = data }
      return value
    } catch {
      let reason = SharedFileSystem.describe(error, at: url)
      guard let backup = fileSystem.moveAside(url) else {
        // Could not keep the bad file: do not write over it either.
        setStatus(.corrupt(movedTo: nil, reason: reason), disableSaving: true)
        return nil
      }
      setStatus(.corrupt(movedTo: backup, reason: reason))
      return nil
    }
  }

  func valueDidChange(_ value: Value) {
    let schedule: Bool = lock.withLock {
      pending = value
      guard !isScheduled else { return false }
      isScheduled = true
      return true
    }
    guard schedule else { return }
    let delay = saveDelay.components
    let nanoseconds = Int(delay.seconds) * 1_000_000_000 + Int(delay.attoseconds / 1_000_000_000)
    saveQueue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in flush() }
  }

  func flush() {
    writeLock.withLock {
      let value: Value? = lock.withLock {
        defer {
          pending = nil
          isScheduled = false
        }
        return savingDisabled ? nil : pending
      }
      guard let value else { return }
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let ours = try encoder.encode(value)
        // Another process may have saved since this one read the file: apply only what this process changed
        // (since its last read or write) to the file as it is now, under the file's lock, so no change is lost.
        try fileSystem.exclusively(url) {
          let theirs = try? fileSystem.read(url)
          let merged = JSONMerge.apply(
            ours: ours, base: lock.withLock { base }, onto: theirs ?? nil, asSet: Value.self is any SetAlgebra.Type)
          try fileSystem.write(merged, url)
        }
        lock.withLock { base = ours }
        // A file kept aside as corrupt stays worth telling about for the whole session; a failed save does not.
        lock.withLock {
          if case .corrupt = currentStatus { return }
          currentStatus = .loaded
        }
      } catch {
        setStatus(.saveFailed(reason: SharedFileSystem.describe(error, at: url)))
      }
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
