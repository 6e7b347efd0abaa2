import Foundation

/// Where a shared value lives: a name in memory, or a JSON file.
///
/// Two `Shared` with equal keys are the same value. The key's `id` is what is
/// compared, so `.file(url)` keys match when their standardized paths do.
public struct SharedKey<Value: Sendable>: Sendable {
  /// What identifies the value in a storage ("memory:favorites", "file:/…/settings.json").
  public let id: String
  /// Builds the persistence for a new reference, given the storage that asks.
  let makePersistence: @Sendable (SharedStorage) -> any SharedPersistence<Value>

  /// A key for the value `persistence` keeps; keys with the same `id` share one value in a storage.
  public init(id: String, persistence: @escaping @Sendable (SharedStorage) -> any SharedPersistence<Value>) {
    self.id = id
    makePersistence = persistence
  }

  /// A value kept in memory under `name` for the life of the process (or of a test store).
  public static func inMemory(_ name: String) -> Self {
    Self(id: "memory:\(name)") { _ in InMemoryPersistence() }
  }

  /// A value persisted as JSON at `url`: loaded on first use, saved atomically shortly after each burst of changes.
  ///
  /// A missing file means the default value; a file that cannot be decoded is
  /// moved aside (`settings.json.corrupt-1`) and the default value is used, so
  /// the bad file is kept for a bug report and never overwritten. Both show in
  /// `persistenceStatus`. In tests the file system is in memory by default.
  public static func file(_ url: URL, saveDelay: Duration = .milliseconds(100)) -> Self where Value: Codable {
    file(url, coding: .json, saveDelay: saveDelay)
  }

  /// A value persisted at `url` in a format of your own (`decode` reads the file's bytes, `encode` writes them),
  /// kept as `.file` keeps JSON; a file `decode` refuses is moved aside the same way.
  public static func file(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data, saveDelay: Duration = .milliseconds(100)
  ) -> Self {
    file(url, coding: FileCoding(decode: decode, encode: encode), saveDelay: saveDelay)
  }

  /// A value persisted at `url` with `coding`.
  static func file(_ url: URL, coding: FileCoding<Value>, saveDelay: Duration) -> Self {
    let url = url.standardizedFileURL
    return Self(id: "file:\(url.path)") { storage in
      FilePersistence<Value>(url: url, coding: coding, fileSystem: storage.fileSystem, saveDelay: saveDelay)
    }
  }

  /// A value persisted as JSON in the storage's data folder under `name`, like `.file`.
  ///
  /// Features name the file; the app decides the folder (`SharedStorage.directory`),
  /// so a feature's state can declare a persisted value without knowing where the
  /// app keeps its data, and each test store gets its own in-memory folder.
  public static func dataFile(named name: String, saveDelay: Duration = .milliseconds(100)) -> Self
  where Value: Codable {
    dataFile(named: name, coding: .json, saveDelay: saveDelay)
  }

  /// A value persisted in the storage's data folder under `name` in a format of your own, like `.file(_:decode:encode:)`.
  public static func dataFile(
    named name: String, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data, saveDelay: Duration = .milliseconds(100)
  ) -> Self {
    dataFile(named: name, coding: FileCoding(decode: decode, encode: encode), saveDelay: saveDelay)
  }

  /// A value persisted in the storage's data folder under `name` with `coding`.
  static func dataFile(named name: String, coding: FileCoding<Value>, saveDelay: Duration) -> Self {
    Self(id: "data:\(name)") { storage in
      FilePersistence<Value>(
        url: storage.directory.appendingPathComponent(name), coding: coding, fileSystem: storage.fileSystem,
        saveDelay: saveDelay)
    }
  }
}

/// A key with the value to use when nothing is stored yet, declared once with the key:
///
///     extension SharedKeyWithDefault where Value == Preferences {
///       static var preferences: Self { SharedKey.dataFile(named: "settings.json").withDefault(Preferences()) }
///     }
///     @Shared(.preferences) var preferences
public struct SharedKeyWithDefault<Value: Sendable>: Sendable {
  /// The key.
  public let key: SharedKey<Value>
  /// The value used when nothing is stored under the key yet.
  public let defaultValue: @Sendable () -> Value

  /// `key` with `defaultValue`.
  public init(_ key: SharedKey<Value>, default defaultValue: @escaping @Sendable () -> Value) {
    self.key = key
    self.defaultValue = defaultValue
  }
}

extension SharedKey {
  /// This key with the value to use when nothing is stored yet.
  public func withDefault(_ value: @autoclosure @escaping @Sendable () -> Value) -> SharedKeyWithDefault<Value> {
    SharedKeyWithDefault(self, default: value)
  }
}
