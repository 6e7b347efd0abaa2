import Foundation
import UserClientInterface

extension UserClient {
  /// The directory in the SQLite file at `file` alone (no folder, no import), created on first use: for the tests
  /// that put the same queries to every client. A new file gets the trigram index only if `searchIndex`; short
  /// searches of up to `smallDirectory` users scan the keys.
  package static func database(file: URL, searchIndex: Bool, smallDirectory: Int = 20_000) -> UserClient {
    let opened = OpenedOnce { try UserDatabase(url: file, searchIndex: searchIndex, smallDirectory: smallDirectory) }
    return UserClient(reading: { try opened.get() }, writing: { try opened.get() })
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
