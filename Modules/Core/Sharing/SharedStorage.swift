import Dependencies
import Foundation
import IssueReporting

/// The references behind shared keys: one per key, created on first use (which loads persisted ones).
///
/// The app has one; each test store gets its own, with files in memory, so
/// tests never see each other's values or the developer's real files.
public final class SharedStorage: @unchecked Sendable {
  /// The files persisted keys read and write.
  public let fileSystem: SharedFileSystem
  /// The folder `.dataFile(named:)` keys live in (the app's data folder).
  public let directory: URL
  let lock = NSRecursiveLock()
  /// The reference of each key used so far, by the key's id; guarded by `lock`.
  var references: [String: AnyObject] = [:]

  /// A storage over `fileSystem`, keeping `.dataFile` keys in `directory`.
  public init(fileSystem: SharedFileSystem, directory: URL = URL(fileURLWithPath: "/data")) {
    self.fileSystem = fileSystem
    self.directory = directory.standardizedFileURL
  }

  /// The reference for `key`, created with the persisted value or `defaultValue` the first time.
  public func reference<Value>(for key: SharedKey<Value>, default defaultValue: () -> Value) -> SharedReference<Value> {
    lock.withLock {
      if let existing = references[key.id] {
        if let reference = existing as? SharedReference<Value> { return reference }
        reportIssue(
          """
          The shared key '\(key.id)' is used with two types: \(type(of: existing)) and \
          SharedReference<\(Value.self)>. Each key must hold one type; this use gets a value of its own.
          """)
        return SharedReference(value: defaultValue(), name: key.id)
      }
      let persistence = key.makePersistence(self)
      let fallback = defaultValue()
      let reference = SharedReference(value: fallback, name: key.id, persistence: persistence)
      reference.loadInitialValue(fallback)
      // Deleting the file elsewhere resets the value to its default.
      persistence.subscribe { [weak reference] in reference?.followExternalChange(fallback: fallback) }
      persistence.subscribe(subscriber: SharedSubscriber(following: reference, fallback: fallback))
      references[key.id] = reference
      return reference
    }
  }

  /// The reference for `key` made from the value its persistence loads now; throws what the load threw, or
  /// `SharedLoadError.notFound` when nothing is stored (`Shared(require:)`). A reference already made is reused.
  public func requiredReference<Value>(for key: SharedKey<Value>) async throws -> SharedReference<Value> {
    if let existing = lock.withLock({ references[key.id] as? SharedReference<Value> }) { return existing }
    let persistence = key.makePersistence(self)
    let loaded: Value? = try await withCheckedThrowingContinuation { waiter in
      persistence.load(
        context: .userInitiated,
        continuation: SharedLoadContinuation(key.id) { result in waiter.resume(with: result) })
    }
    guard let loaded else { throw SharedLoadError.notFound(key: key.id) }
    return lock.withLock {
      // Made by someone else while this one loaded: theirs is the value everyone shares.
      if let existing = references[key.id] as? SharedReference<Value> { return existing }
      let reference = SharedReference(value: loaded, name: key.id, persistence: persistence)
      persistence.subscribe { [weak reference] in reference?.followExternalChange(fallback: loaded) }
      persistence.subscribe(subscriber: SharedSubscriber(following: reference, fallback: loaded))
      references[key.id] = reference
      return reference
    }
  }

  /// Writes every pending save of this storage's persisted values now (the shell calls this on quit).
  public func flushAll() {
    let all = lock.withLock { Array(references.values) }
    for reference in all { (reference as? any HasPendingSave)?.flush() }
  }
}

extension SharedReference: HasPendingSave {}

extension SharedStorage {
  /// The folder a live storage keeps its files in when the app names none: the platform's application-support
  /// folder (`~/Library/Application Support` on Apple platforms, inside the app's container when sandboxed;
  /// `$XDG_DATA_HOME` or `~/.local/share` on Linux), in a folder named after the app. Never the working directory,
  /// which for an app launched from the Finder, the Dock or Xcode is `/` or a build folder.
  public static var defaultDirectory: URL {
    defaultDirectory(
      applicationSupport: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first,
      appName: Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
  }

  /// `appName`'s folder in `applicationSupport`, or in the temporary folder where the platform has none.
  static func defaultDirectory(applicationSupport: URL?, appName: String) -> URL {
    let base = applicationSupport ?? FileManager.default.temporaryDirectory
    let name = appName.isEmpty ? "app" : appName.replacingOccurrences(of: "/", with: "-")
    return base.appendingPathComponent(name, isDirectory: true)
  }
}

private enum SharedStorageKey: DependencyKey {
  static let liveValue = SharedStorage(fileSystem: .live, directory: SharedStorage.defaultDirectory)
  static var previewValue: SharedStorage { SharedStorage(fileSystem: .inMemory()) }
  static var testValue: SharedStorage { SharedStorage(fileSystem: .inMemory()) }
}

extension DependencyValues {
  /// Where shared keys resolve: the real disk in the app, memory in previews and in each test store.
  public var sharedStorage: SharedStorage {
    get { self[SharedStorageKey.self] }
    set { self[SharedStorageKey.self] = newValue }
  }
}
