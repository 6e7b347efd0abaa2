import Foundation
import UserClientInterface

extension UserClient {
  /// The directory in the SQLite file at `file`, created on first use; every endpoint a query or a transaction.
  ///
  /// The file is opened at the first call (a failure to open is what every call
  /// then reports). With `watchEvery`, `changesElsewhere` tells of each commit
  /// another process makes, checked that often (SQLite's data version, one
  /// cheap read); without it, of none.
  public static func database(file: URL, watchEvery interval: Duration? = nil) -> UserClient {
    database(file: file, searchIndex: true, watchEvery: interval)
  }

  /// The same, with the trigram index left out of a new file when `searchIndex` is false (tests of the scan).
  package static func database(file: URL, searchIndex: Bool, watchEvery interval: Duration? = nil) -> UserClient {
    let opened = OpenedOnce { try UserDatabase(url: file, searchIndex: searchIndex) }
    return UserClient(
      load: { try opened.get().all() },
      page: { try opened.get().page($0) },
      user: { try opened.get().user($0) },
      add: { try opened.get().add($0) },
      update: { try opened.get().update($0, from: $1) },
      delete: { try opened.get().delete($0) },
      changesElsewhere: {
        guard let interval else { return AsyncStream { $0.finish() } }
        let database = try opened.get()
        return AsyncStream { continuation in
          let watch = Task {
            var seen = try? database.changeCount()
            while !Task.isCancelled {
              try? await Task.sleep(for: interval)
              let now = try? database.changeCount()
              if now != seen {
                seen = now
                continuation.yield()
              }
            }
            continuation.finish()
          }
          continuation.onTermination = { _ in watch.cancel() }
        }
      })
  }
}

/// A value made at its first use, once, even when first used from several tasks at once; a failure to make it is
/// kept and thrown again.
final class OpenedOnce<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<Value, any Error>?
  private let make: () throws -> Value

  init(_ make: @escaping () throws -> Value) { self.make = make }

  func get() throws -> Value {
    try lock.withLock {
      if let result { return try result.get() }
      let made = Result { try make() }
      result = made
      return try made.get()
    }
  }
}
