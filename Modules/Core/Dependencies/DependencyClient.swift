/// A dependency client: a struct whose stored properties are its endpoints, closures a test or a live module fills.
///
/// Conforming makes the boilerplate plugin generate its `unimplementedValue`, whose every endpoint fails the test that calls it, naming the endpoint
/// (`UserClient.load`). A throwing endpoint throws after failing; one returning `Void` returns.
///
///     public struct UserClient: DependencyClient {
///       public var load: @Sendable () async throws -> [User]
///     }
///
///     extension UserClient: TestDependencyKey {
///       public static var testValue: UserClient { .unimplementedValue }
///     }
public protocol DependencyClient: Sendable {}
