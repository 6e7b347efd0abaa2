import AnalyticsClientInterface
import AnalyticsClientLive
import AppInfoClientInterface
import AppInfoClientLive
import Composable
import Foundation
import Sharing
import UserClientInterface
import UserClientLive

/// The live dependencies of one session on one data folder: the clients and the shared storage every feature
/// reaches through `@Dependency` and `@Shared`.
@MainActor struct LiveWorld {
  /// The data folder.
  let directory: URL
  /// Where `@Shared` values (settings, favorites) are kept.
  let storage: SharedStorage
  /// Installs the live clients and the storage; everything the session builds runs inside it.
  let prepareDependencies: (inout DependencyValues) -> Void
  /// Tells the screens of a live terminal session of the changes other sessions make to the users; nil for a
  /// script or a pipe, whose runs must not depend on what another process does meanwhile.
  let userWatcher: UserDatabaseWatcher?
  /// Why nothing is written in the data folder (`--read-only`, or a folder this process cannot write), or nil.
  let readOnlyReason: String?

  /// The world for `options`, or a `ShellExit` naming why the data folder cannot be used.
  init(options: ShellOptions, io: UsersShell.IO) throws(ShellExit) {
    let directory = DataDirectory.resolve(explicit: options.dataDirectory, environment: io.environment)
    if let problem = cannotUseDataFolder(directory) {
      throw .cannotUse("cannot use the data folder \(directory.path): \(problem).")
    }
    let readOnlyReason =
      options.readOnly
      ? "it is opened read-only" : FileManager.default.isWritableFile(atPath: directory.path) ? nil : "it is read-only"
    let storage = SharedStorage(
      fileSystem: readOnlyReason == nil ? .live : .droppingWrites(over: .live), directory: directory)
    let watcher = options.scriptPath == nil && io.isInteractive ? UserDatabaseWatcher() : nil
    let client = UserClient.live(
      directory: directory, latency: .milliseconds(options.latencyMilliseconds),
      onSkippedRecords: { records in
        for record in records {
          io.writeError(
            "users: users.json: record \(record.position) was not imported: \(record.reason). "
              + "users.json.imported keeps it as it was.\n"
          )
        }
      },
      watcher: watcher, readOnly: options.readOnly
    )
    let analytics =
      options.analytics && readOnlyReason == nil
      ? AnalyticsClient.live(file: directory.appendingPathComponent("analytics.jsonl")) : .disabled
    let appInfo = AppInfoClient.live(
      version: UsersShell.version, directory: directory,
      dataFiles: [
        ("users", "users.db"), ("settings", "settings.json"), ("favorites", "favorites.json"),
        ("session", SessionFile.name), ("analytics", "analytics.jsonl"),
      ])
    self.directory = directory
    self.storage = storage
    self.userWatcher = watcher
    self.readOnlyReason = readOnlyReason
    self.prepareDependencies = {
      $0.context = .live
      $0[UserClient.self] = client
      $0[AppInfoClient.self] = appInfo
      $0[AnalyticsClient.self] = analytics
      $0.sharedStorage = storage
    }
  }
}

extension SharedFileSystem {
  /// `base` for reading, with every write dropped and no lock file made: the shared values of a folder that is
  /// read and never written (their changes last for the session).
  static func droppingWrites(over base: SharedFileSystem) -> SharedFileSystem {
    var fileSystem = base
    fileSystem.write = { _, _ in }
    fileSystem.move = { _, url in throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
    fileSystem.exclusively = { _, body in try body() }
    return fileSystem
  }
}
