import Foundation
import IssueReporting

/// The set of dependency values a reducer or effect sees, read by key type.
///
/// Values set explicitly (through `withDependencies` or a `.dependency` modifier)
/// live in `overrides`. Everything else is computed once per root from the key's
/// live, preview or test value and cached in `defaults`, so a stateful test value
/// (an incrementing UUID generator) keeps counting for the life of a store.
public struct DependencyValues: Sendable {
  /// The overrides and the cache of defaults, in one shared reference: an effect's values (which add
  /// `runningEffect`) then copy with two retains, as they did before it existed.
  @usableFromInline var storage: DependencyStorage
  @usableFromInline var overrides: [ObjectIdentifier: any Sendable] {
    get { storage.overrides }
    set { storage = DependencyStorage(overrides: newValue, defaults: storage.defaults) }
  }
  @usableFromInline var defaults: DefaultValueCache {
    get { storage.defaults }
    set { storage = DependencyStorage(overrides: storage.overrides, defaults: newValue) }
  }
  /// The effect these values run, when they are an effect's: where `Task.cancel(id:)` and
  /// `withTaskCancellation(id:)` find its store's cancellation ids and its place in the feature tree.
  @usableFromInline package var runningEffect: (any AnyObject & Sendable)?
  /// Which of a key's values is used for keys not overridden.
  public var context: DependencyContext {
    get { defaults.context }
    set {
      if newValue != defaults.context { defaults = DefaultValueCache(context: newValue) }
    }
  }

  /// A fresh set of values for `context`, with its own cache of defaults.
  public init(context: DependencyContext) {
    storage = DependencyStorage(overrides: [:], defaults: DefaultValueCache(context: context))
  }

  /// The same overridden values with a new, empty cache of defaults for `context`.
  ///
  /// A test store starts from this so each test gets its own incrementing UUIDs
  /// and its own instances of stateful test values.
  public func withFreshDefaults(context: DependencyContext) -> DependencyValues {
    var copy = self
    // What `prepareDependencies` set for this context stays: it holds for the whole process.
    copy.defaults = DefaultValueCache(context: context, keepingPreparedOf: context == defaults.context ? defaults : nil)
    return copy
  }

  /// Reads or overrides the value for `Key`.
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line
  ) -> Key.Value {
    get {
      // The entry is unwrapped before the cast: a missing entry cast to an optional `Value` would succeed as nil,
      // and an optional dependency nobody overrode would read nil instead of its default.
      if let stored = overrides[ObjectIdentifier(key)], let value = stored as? Key.Value { return value }
      return defaults.value(
        for: key, location: SourceLocation(fileID: fileID, filePath: filePath, line: line), readFrom: self)
    }
    // Wrapped, so that overriding an optional dependency with nil stores nil rather than removing the override.
    set {
      DependencyUpdate.noteWrite(of: key)
      overrides[ObjectIdentifier(key)] = .some(newValue as any Sendable)
    }
  }

  /// The values of the current reduce, effect or `withDependencies` scope.
  public static var current: DependencyValues {
    if let reducing = ReducingContext.currentDependencies { return reducing }
    return taskLocal?.values ?? TestScopedDefaults.current ?? ProcessDefaults.values
  }

  /// The current values, and whether a scope (a reduce, an effect, `withDependencies`) installed them.
  static var currentWithScope: (values: DependencyValues, isScoped: Bool) {
    if let reducing = ReducingContext.currentDependencies { return (reducing, true) }
    if let scoped = taskLocal?.values { return (scoped, true) }
    return (TestScopedDefaults.current ?? ProcessDefaults.values, false)
  }

  /// The values of the `withDependencies` scope (or effect) code runs in, outside any reduce; nil outside them.
  static var scopedByWithDependencies: DependencyValues? {
    ReducingContext.currentDependencies == nil ? taskLocal?.values : nil
  }

  /// Values installed by `withDependencies` and by running effects, boxed: a task-local one reference wide (see
  /// `Scripts/check-task-locals`).
  @TaskLocal static var taskLocal: InstalledDependencies?

  /// These values, under which `captured`'s overrides fill in the keys these do not override.
  func inheriting(_ captured: DependencyValues) -> DependencyValues {
    guard storage !== captured.storage, !captured.overrides.isEmpty else { return self }
    // Usually these values grew from the captured ones (a store's, then a `.dependency` modifier's): nothing to
    // fill in, and no dictionary built on every read.
    let current = overrides
    guard captured.overrides.keys.contains(where: { current[$0] == nil }) else { return self }
    var merged = self
    merged.overrides = captured.overrides.merging(overrides) { _, own in own }
    return merged
  }

  /// These values, with `parent`'s overrides in place of these for the keys both override.
  func overriding(with parent: DependencyValues) -> DependencyValues {
    guard storage !== parent.storage, !parent.overrides.isEmpty else { return self }
    var merged = self
    merged.overrides = overrides.merging(parent.overrides) { _, parents in parents }
    return merged
  }
}

/// The values seen outside any scope: live in an app, test inside a test run; `prepareDependencies` fills their cache.
enum ProcessDefaults {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var stored = DependencyValues(context: isRunningTests ? .test : .live)

  /// The values: made once; what is prepared goes into their cache, which every copy shares.
  static var values: DependencyValues { lock.withLock { stored } }

  /// Puts `values` (another context's) in their place: `prepareDependencies { $0.context = … }`.
  static func replace(with values: DependencyValues) { lock.withLock { stored = values } }
}

/// The values seen outside any scope in a test: one set per running test, so tests running in parallel never
/// share a stateful default (the in-memory files behind `@Shared`, a counting UUID generator).
enum TestScopedDefaults {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var valuesByTest: [AnyHashable: DependencyValues] = [:]

  /// The current test's values, or nil outside tests (and in processes without linked test support).
  static var current: DependencyValues? {
    guard let test = currentTestIdentity else { return nil }
    return lock.withLock {
      if let values = valuesByTest[test] { return values }
      let values = DependencyValues(context: .test)
      valuesByTest[test] = values
      return values
    }
  }

  /// Puts `values` in place of the current test's, if a test is running: `prepareDependencies { $0.context = … }`.
  static func replaceCurrent(with values: DependencyValues) -> Bool {
    guard let test = currentTestIdentity else { return false }
    lock.withLock { valuesByTest[test] = values }
    return true
  }
}

/// The values set explicitly and the cache of the others; replaced, never changed, when an override is set.
@usableFromInline final class DependencyStorage: Sendable {
  @usableFromInline let overrides: [ObjectIdentifier: any Sendable]
  @usableFromInline let defaults: DefaultValueCache

  @usableFromInline init(overrides: [ObjectIdentifier: any Sendable], defaults: DefaultValueCache) {
    self.overrides = overrides
    self.defaults = defaults
  }
}

/// Computes each key's default value once per root set of dependency values.
@usableFromInline final class DefaultValueCache: @unchecked Sendable {
  let context: DependencyContext
  private let lock = NSRecursiveLock()
  private var values: [ObjectIdentifier: any Sendable] = [:]
  /// The keys whose value `prepareDependencies` set: for every scope sharing this cache, from then on.
  private var prepared: Set<ObjectIdentifier> = []

  /// An empty cache for `context`, holding what `prepareDependencies` set in `earlier`, if given.
  init(context: DependencyContext, keepingPreparedOf earlier: DefaultValueCache? = nil) {
    self.context = context
    if let earlier {
      earlier.lock.withLock {
        prepared = earlier.prepared
        values = earlier.values.filter { earlier.prepared.contains($0.key) }
      }
    }
  }

  /// The keys read (their default computed) or prepared so far.
  var computedKeys: Set<ObjectIdentifier> { lock.withLock { Set(values.keys) } }

  /// Whether `prepareDependencies` set the key `id`.
  func isPrepared(_ id: ObjectIdentifier) -> Bool { lock.withLock { prepared.contains(id) } }

  /// Makes `value` the key `id`'s for everything that reads it through this cache from now on.
  func prepare(_ id: ObjectIdentifier, _ value: any Sendable) {
    lock.withLock {
      values[id] = value
      prepared.insert(id)
    }
  }

  /// The key's value: the one cached, else its default computed now, once, with `readFrom` (the values it is read
  /// from) installed, so that a `@Dependency` the key's live, preview or test value declares keeps them, as in
  /// swift-dependencies (a model made with an override of what that value reads sees it through the value).
  func value<Key: TestDependencyKey>(
    for key: Key.Type, location: SourceLocation, readFrom: DependencyValues? = nil
  ) -> Key.Value {
    lock.lock()
    defer { lock.unlock() }
    // Unwrapped before the cast, as in the overrides: a missing entry must not read as an optional value's nil.
    if let stored = values[ObjectIdentifier(key)], let cached = stored as? Key.Value { return cached }
    // Read in `withDependencies`' update closure, a missing live value is about to be replaced: no report, and
    // nothing kept, so that a real read later still reports it.
    if context == .live, DependencyUpdate.isRunning, !(key is any DependencyKey.Type) { return key.testValue }
    let site = DependencyReadSite.current
    let make = {
      Self.makeValue(
        for: key, context: self.context,
        location: site.map { SourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line) } ?? location)
    }
    let value: Key.Value
    if let readFrom, !readFrom.overrides.isEmpty,
      DependencyValues.scopedByWithDependencies?.storage !== readFrom.storage
    {
      value = DependencyValues.$taskLocal.withValue(InstalledDependencies(readFrom)) { make() }
    } else {
      value = make()
    }
    values[ObjectIdentifier(key)] = .some(value as any Sendable)
    return value
  }

  /// Whether the default of the key `id` was already computed (read) in these values.
  func hasComputed(_ id: ObjectIdentifier) -> Bool {
    lock.withLock { values[id] != nil }
  }

  private static func makeValue<Key: TestDependencyKey>(
    for key: Key.Type, context: DependencyContext, location: SourceLocation
  ) -> Key.Value {
    switch context {
    case .live:
      if let live = key as? any DependencyKey.Type, let value = live.liveValue as? Key.Value {
        return value
      }
      reportIssue(
        """
        No live implementation of \(typeName(key)) is linked: the executable must depend on the \
        module that declares 'extension \(typeName(key)): DependencyKey' (its Live module). \
        Using its test value instead.
        """,
        at: location)
      return key.testValue
    case .preview:
      return key.previewValue
    case .test:
      return key.testValue
    }
  }
}

/// The name a developer would write for a key type.
func typeName(_ type: Any.Type) -> String {
  String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
}

/// Dependency values installed for a task: a box, so that the task-local holding them is one reference wide
/// (macOS 14's back-deployed `TaskLocal` has crashed in optimized builds with wider values).
final class InstalledDependencies: Sendable {
  let values: DependencyValues

  init(_ values: DependencyValues) {
    self.values = values
  }
}
