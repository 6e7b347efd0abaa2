import ComposableTesting
import UserClientInterface

extension StubFailure {
  /// The data folder cannot be reached.
  public static let offline = StubFailure("The data folder is offline.")
  /// A write found no room.
  public static let diskFull = StubFailure("The disk is full.")
}

extension UserClient {
  /// A client whose every endpoint throws `failure`, as when the data folder is unreachable.
  public static func failing(with failure: any Error = StubFailure.offline) -> UserClient {
    UserClient(
      load: { throw failure },
      add: { _ in throw failure },
      update: { _, _ in throw failure },
      delete: { _ in throw failure })
  }

  /// This client with every call waiting `delay` on `clock` first, so a test can assert what shows while a call
  /// is in flight and advance the clock to finish it.
  public func slowed(by delay: Duration, on clock: any Clock<Duration>) -> UserClient {
    let base = self
    return UserClient(
      load: {
        try await clock.sleep(for: delay)
        return try await base.load()
      },
      add: { new in
        try await clock.sleep(for: delay)
        return try await base.add(new)
      },
      update: { edited, original in
        try await clock.sleep(for: delay)
        try await base.update(edited, original)
      },
      delete: { id in
        try await clock.sleep(for: delay)
        try await base.delete(id)
      },
      changesElsewhere: base.changesElsewhere)
  }
}

extension UserClient {
  /// A `user` endpoint that finds the user among those `users` returns at each call (`notFound` when absent): for
  /// a test that keeps its directory in a variable.
  public static func user(
    among users: @escaping @Sendable () throws -> [User]
  ) -> @Sendable (User.ID) async throws -> User {
    { id in
      guard let user = try users().first(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
      return user
    }
  }

  /// A `page` endpoint answering from those `users` returns at each call, by the rules every client follows.
  public static func page(
    among users: @escaping @Sendable () throws -> [User]
  ) -> @Sendable (UserQuery) async throws -> UserPage {
    { query in query.answer(over: try users()) }
  }
}
