import Dependencies

/// Loads and changes the directory's users; features reach it through `@Dependency(UserClient.self)`.
///
/// The interface only: `UserClientLive` adds the file-backed `liveValue`. Tests
/// get endpoints that fail when called unless overridden; previews and examples
/// get an in-memory directory of sample users.
public struct UserClient: DependencyClient {
  /// Every user, in storage order.
  public var load: @Sendable () async throws -> [User]
  /// One page of the users a search matches, in an order, with how many match and how many there are.
  public var page: @Sendable (UserQuery) async throws -> UserPage
  /// The user with an id; `UserClientError.notFound` if there is none.
  public var user: @Sendable (User.ID) async throws -> User
  /// Adds a user, assigning its id, and returns it.
  public var add: @Sendable (NewUser) async throws -> User
  /// Replaces the stored user with the same id: `update(edited, original)`, where `original` is the user as it
  /// was loaded; refused with `UserClientError.conflict` if someone changed it since.
  public var update: @Sendable (_ edited: User, _ original: User) async throws -> Void
  /// Removes the user with an id.
  public var delete: @Sendable (User.ID) async throws -> Void
  /// A stream telling of each change another process makes to the users from now on (what changed is read with
  /// `load`), for a screen to show it without a key typed; it ends when the client stops watching.
  public var changesElsewhere: @Sendable () async throws -> AsyncStream<Void>

  /// A client from its endpoints, and a feed of changes made elsewhere (none by default: tests, previews and
  /// scripts see only their own changes).
  public init(
    load: @escaping @Sendable () async throws -> [User],
    page: @escaping @Sendable (UserQuery) async throws -> UserPage,
    user: @escaping @Sendable (User.ID) async throws -> User,
    add: @escaping @Sendable (NewUser) async throws -> User,
    update: @escaping @Sendable (_ edited: User, _ original: User) async throws -> Void,
    delete: @escaping @Sendable (User.ID) async throws -> Void,
    changesElsewhere: @escaping @Sendable () async throws -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
  ) {
    self.load = load
    self.page = page
    self.user = user
    self.add = add
    self.update = update
    self.delete = delete
    self.changesElsewhere = changesElsewhere
  }

  /// A client whose queries are answered from what `load` returns, by the rules every client follows
  /// (`UserQuery.answer(over:)`): a stand-in for a test that only says which users there are.
  public init(
    load: @escaping @Sendable () async throws -> [User],
    add: @escaping @Sendable (NewUser) async throws -> User,
    update: @escaping @Sendable (_ edited: User, _ original: User) async throws -> Void,
    delete: @escaping @Sendable (User.ID) async throws -> Void,
    changesElsewhere: @escaping @Sendable () async throws -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
  ) {
    self.init(
      load: load,
      page: { query in query.answer(over: try await load()) },
      user: { id in
        guard let user = try await load().first(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
        return user
      },
      add: add, update: update, delete: delete, changesElsewhere: changesElsewhere)
  }
}

extension UserClient: TestDependencyKey {
  /// Every endpoint fails the test unless the test overrides it.
  public static var testValue: UserClient { .unimplementedValue }

  /// An in-memory directory of sample users, for previews and examples.
  public static var previewValue: UserClient { .inMemory(SampleUsers.all) }
}
