import Foundation

/// Where a shared value lives: a name in memory, or a JSON file.
///
/// Two `Shared` with equal keys are the same value. The key's `id` is what is
/// compared, so `.file(url)` keys match when their standardized paths do.
public struct SharedKey<Value: Sendable>: Sendable {
  /// What identifies the value in a storage ("memory:favorites", "file:/…/settings.json").
  public let id: String
  /// Builds the persistence for a new reference, given the storage that asks.
  let makePersistence: @Sendable (SharedStorage) -> (any SharedPersistence<Value>)?

  /// A value kept in memory under `name` for the life of the process (or of a test store).
  public static func inMemory(_ name: String) -> Self {
    Self(id: "memory:\(name)", makePersistence: { _ in nil })
  }

  /// A value persisted as JSON at `url`: loaded on first use, saved atomically shortly after each burst of changes.
  ///
  /// A missing file means the default value; a file that cannot be decoded is
  /// moved aside (`settings.json.corrupt-1`) and the default value is used, so
  /// the bad file is kept for a bug report and never overwritten. Both show in
  /// `persistenceStatus`. In tests the file system is in memory by default.
  public static func file(_ url: URL, saveDelay: Duration = .milliseconds(100)) -> Self where Value: Codable {
    let url = url.standardizedFileURL
    return Self(
      id: "file:\(url.path)",
      makePersistence: { storage in
        FilePersistence<Value>(url: url, fileSystem: storage.fileSystem, saveDelay: saveDelay)
      })
  }

  /// A value persisted as JSON in the storage's data folder under `name`, like `.file`.
  ///
  /// Features name the file; the app decides the folder (`SharedStorage.directory`),
  /// so a feature's state can declare a persisted value without knowing where the
  /// app keeps its data, and each test store gets its own in-memory folder.
  public static func dataFile(named name: String, saveDelay: Duration = .milliseconds(100)) -> Self
  where Value: Codable {
    Self(
      id: "data:\(name)",
      makePersistence: { storage in
        FilePersistence<Value>(
          url: storage.directory.appendingPathComponent(name), fileSystem: storage.fileSystem, saveDelay: saveDelay)
      })
  }
}
