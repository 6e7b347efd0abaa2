import Foundation
import IssueReporting
import Observation

/// The loading state of every value kept nowhere: it never loads, saves or fails.
let idleLoadingState = SharedLoadingState()

/// The one box behind every `Shared` that names the same value: the value, its lock, its persistence.
///
/// Reads and writes take a lock, so effects on any thread may mutate it; reads
/// are registered with Observation, so a view that read it re-renders when it changes.
/// A projection (`$user.name`) is a reference too, reading and writing through its parent's.
public class SharedReference<Value: Sendable>: @unchecked Sendable, Observable {
  private let lock = NSRecursiveLock()
  private var storedValue: Value
  /// The values recent changes replaced, while a timeline keeps history (`SharedHistory`); guarded by `lock`.
  private var past = SharedPast<Value>()
  /// The number `SharedHistory` gave the last change stored (0: none yet); guarded by `lock`.
  private var lastChangeNumber: UInt64 = 0
  /// Called once after the next change is stored (`afterNextChange`); guarded by `lock`.
  private var nextChangeFollowers: [@Sendable () -> Void] = []
  private let registrar = ObservationRegistrar()
  /// Where the value is kept between runs, if anywhere.
  let persistence: (any SharedPersistence<Value>)?
  /// Whether changes are handed to `persistence` (an in-memory key keeps nothing, so it is not asked).
  private let savesChanges: Bool
  /// Whether the value is loading and how its last load and save went (one idle state for a value kept nowhere).
  private let ownLoadingState: SharedLoadingState
  /// How the reference is named in failure messages (its key, or its type).
  public let name: String

  init(value: Value, name: String, persistence: (any SharedPersistence<Value>)? = nil) {
    storedValue = value
    self.name = name
    self.persistence = persistence
    savesChanges = persistence != nil && !(persistence is InMemoryPersistence<Value>)
    ownLoadingState = savesChanges ? SharedLoadingState() : idleLoadingState
  }

  /// Whether the value is loading and how its last load and save went (a projection's are its parent's).
  var loadingState: SharedLoadingState { ownLoadingState }

  /// Loads the value again from where it is kept (`Shared.load()`).
  public func load() async throws {
    try await loadFromPersistence()
  }

  /// Saves the value now (`Shared.save()`).
  public func save() async throws {
    try await saveToPersistence()
  }

  /// The current value (inside `SharedHistory.reading(asOf:)`, the value as it was then).
  public var value: Value {
    registrar.access(self, keyPath: valueKeyPath)
    SharedReadRecording.record(self)
    if let number = SharedHistory.pastBeingRead {
      return lock.withLock { past.value(asOf: number, now: storedValue) }
    }
    return lock.withLock { storedValue }
  }

  /// The value as `SharedHistory.reading(asOf:)` gives it (now outside one), without registering a read: what a
  /// snapshot of the values as they were takes.
  var valueAsOfHistory: Value {
    lock.withLock {
      guard let number = SharedHistory.pastBeingRead else { return storedValue }
      return past.value(asOf: number, now: storedValue)
    }
  }

  // Made once: forming `\.value` in a generic class instantiates the key path at every read.
  private let valueKeyPath: KeyPath<SharedReference, Value> = \.value

  /// Mutates the value under the lock, then tells observers and persistence.
  ///
  /// Inside a test store's assertion closure this edits what the test expects
  /// instead; inside a test store's feature it records the change for the test
  /// to assert.
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if let tracker = SharedChangeTracker.asserting {
      return try tracker.editExpectation(of: self, body)
    }
    let tracker = SharedChangeTracker.current
    tracker?.willChange(self)
    defer { tellFollowersOfTheChange() }
    return try registrar.withMutation(of: self, keyPath: valueKeyPath) {
      try lock.withLock {
        let replaced: Value? = SharedHistory.keepers.load() > 0 ? storedValue : nil
        let result = try body(&storedValue)
        let number = SharedHistory.numberChange()
        lastChangeNumber = number
        if let replaced { past.note(number, replaced: replaced) }
        SharedEvents.send(.changed(name: name, file: persistence?.fileURL?.path, number: number, elsewhere: false))
        // Under the lock, so a reload of someone else's change sees this one pending and merges it first.
        if savesChanges, !SharedSaves.arePaused, let persistence {
          persistence.save(storedValue, context: .didSet, continuation: saveContinuation())
        }
        return result
      }
    }
  }

  /// Stores `value` loaded from where it is kept as a change made elsewhere: observers and followers are told,
  /// and nothing is saved.
  func storeLoaded(_ value: Value) {
    defer { tellFollowersOfTheChange() }
    registrar.withMutation(of: self, keyPath: valueKeyPath) {
      lock.withLock { replaceWithOutsideValueLocked(value) }
    }
  }

  /// Puts a value that came from outside this process in place (the caller holds `lock`): a numbered change,
  /// kept in the history while someone keeps it, announced as made elsewhere.
  private func replaceWithOutsideValueLocked(_ value: Value) {
    let replaced = storedValue
    storedValue = value
    let number = SharedHistory.numberChange()
    lastChangeNumber = number
    if SharedHistory.keepers.load() > 0 { past.note(number, replaced: replaced) }
    SharedEvents.send(.changed(name: name, file: persistence?.fileURL?.path, number: number, elsewhere: true))
  }

  /// Stores the value a load made while the reference was being made, before anyone can read it: no change.
  func storeInitial(_ value: Value) {
    lock.withLock { storedValue = value }
  }

  /// Follows a change someone else made to the stored value (another process wrote, replaced or deleted the
  /// file): the value becomes theirs (with this process's unsaved change merged in), or `fallback` when there is
  /// none any more, and observers are told. Nothing is saved.
  func followExternalChange(fallback: Value) {
    guard let persistence, persistence.isStale else { return }
    defer { tellFollowersOfTheChange() }
    registrar.withMutation(of: self, keyPath: valueKeyPath) {
      // Under the value's lock: a change of this process is either all before the reload (saved and merged
      // first) or all after it, never half-way.
      lock.withLock {
        guard let reloaded = persistence.reloadIfStale() else { return }
        replaceWithOutsideValueLocked(reloaded ?? fallback)
      }
    }
  }

  /// How loading went, and how the last save went, for references that persist.
  public var persistenceStatus: SharedPersistenceStatus {
    persistence?.status ?? .notPersisted
  }

  /// Writes a pending save now (a no-op for values that do not persist).
  public func flush() {
    persistence?.flush()
  }

  /// The current value, without registering an observation.
  public var trackedValue: Any { lock.withLock { storedValue } }

  /// What an assertion of `tracker` expects this value to be: its edit, else the value before the changes asserted,
  /// else the current value (a projection's and a derived value's come from their parent's).
  func expectedValue(in tracker: SharedChangeTracker) -> Value {
    tracker.expectedValue(of: self) as? Value ?? value
  }

  /// The key the value is kept under, as a declaration writes it (`.inMemory("count")`, `.dataFile(named:
  /// "settings.json")`), or `value: 3` for a value of its own: what `Shared`'s description shows.
  public var keyDescription: String {
    guard let colon = name.firstIndex(of: ":"), !name.hasPrefix("Shared<") else {
      return "value: \(String(reflecting: lock.withLock { storedValue }))"
    }
    let kind = name[..<colon]
    let rest = String(name[name.index(after: colon)...])
    switch kind {
    case "memory": return ".inMemory(\(String(reflecting: rest)))"
    case "data": return ".dataFile(named: \(String(reflecting: rest)))"
    case "file": return ".file(\(URL(fileURLWithPath: rest).absoluteString))"
    default: return "SharedKey(id: \(String(reflecting: name)))"
    }
  }

  /// Calls `onChange` once, from the changing thread, after the next change is stored (a write here, or another
  /// process's followed): what reads it then sees the new value, unlike Observation's `onChange`, which comes
  /// before the change is stored.
  public func afterNextChange(_ onChange: @escaping @Sendable () -> Void) {
    lock.withLock { nextChangeFollowers.append(onChange) }
  }

  /// The number `SharedHistory` gave the value's last change (0: never changed): a reader that noted
  /// `SharedHistory.now` before reading knows whether it read the value as it is.
  public var lastChange: UInt64 { lock.withLock { lastChangeNumber } }

  /// Tells observers and followers that what they read here may have changed, without changing it: a wrapper that
  /// read this value now reads another (`$x = other`).
  func touch() {
    defer { tellFollowersOfTheChange() }
    registrar.withMutation(of: self, keyPath: valueKeyPath) {}
  }

  private func tellFollowersOfTheChange() {
    let followers: [@Sendable () -> Void] = lock.withLock {
      defer { nextChangeFollowers = [] }
      return nextChangeFollowers
    }
    for follower in followers { follower() }
  }
}

extension SharedReference: SharedTrackable {
  /// The reference as `Shared`'s description spells it: its value's type and its key (or value).
  public var sharedDescription: String { "Shared<\(sharedTypeName(Value.self))>(\(keyDescription))" }
}

extension SharedReference: FollowableSharedValue {
  /// Calls `onChange` once, at the next change of the value: a write here, or another process's followed (before
  /// it is stored: `afterNextChange` comes after).
  public func onNextChange(_ onChange: @escaping @Sendable () -> Void) {
    withObservationTracking {
      registrar.access(self, keyPath: valueKeyPath)
    } onChange: {
      onChange()
    }
  }
}

/// A field of another shared value (`$user.name`): reads, writes, observation, persistence and a test store's
/// tracking all go through the parent, so the two never disagree.
final class ProjectedSharedReference<Root: Sendable, Value: Sendable>: SharedReference<Value>, @unchecked Sendable {
  let parent: SharedReference<Root>
  // Key paths of stored fields capture nothing: sharing one between threads is safe.
  nonisolated(unsafe) let keyPath: KeyPath<Root, Value>
  /// Made by a `SharedReader`: writing through it is a mistake (a key path's runtime type cannot tell).
  let isReadOnly: Bool

  init(parent: SharedReference<Root>, keyPath: KeyPath<Root, Value>, isReadOnly: Bool = false) {
    self.parent = parent
    self.keyPath = keyPath
    self.isReadOnly = isReadOnly
    // The value held by the base class is never read: every access goes to the parent.
    super.init(value: (parent.trackedValue as! Root)[keyPath: keyPath], name: "\(parent.name)\(keyPath)")
  }

  override var value: Value { parent.value[keyPath: keyPath] }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    guard !isReadOnly, let writable = keyPath as? WritableKeyPath<Root, Value> else {
      reportIssue("The shared value '\(name)' is read-only: it was projected from a 'SharedReader'.")
      var copy = value
      return try body(&copy)
    }
    return try parent.withLock { try body(&$0[keyPath: writable]) }
  }

  override var persistenceStatus: SharedPersistenceStatus { parent.persistenceStatus }

  override var loadingState: SharedLoadingState { parent.loadingState }

  override func load() async throws { try await parent.load() }

  override func save() async throws { try await parent.save() }

  // Every change goes through the parent, so its followers are the ones told.
  override func afterNextChange(_ onChange: @escaping @Sendable () -> Void) { parent.afterNextChange(onChange) }

  override func touch() { parent.touch() }

  override var lastChange: UInt64 { parent.lastChange }

  override func flush() { parent.flush() }

  override var trackedValue: Any { (parent.trackedValue as! Root)[keyPath: keyPath] }

  override func expectedValue(in tracker: SharedChangeTracker) -> Value {
    parent.expectedValue(in: tracker)[keyPath: keyPath]
  }

  override var keyDescription: String { "\(parent.keyDescription)[dynamicMember: \(keyPath)]" }
}
