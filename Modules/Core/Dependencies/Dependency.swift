/// A property wrapper that reads one dependency from the current reduce, effect or `withDependencies` scope.
///
/// It captures nothing when created: the value is looked up on each read, so a
/// reducer sees its store's dependencies and an effect sees the ones it was
/// created under.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value

  /// A dependency read through a key path of `DependencyValues`, like `\.uuid`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    read = { $0[keyPath: keyPath] }
  }

  /// A dependency read by its key type, like `UserClient.self`.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) where Key.Value == Value {
    read = { $0[key, fileID: fileID, filePath: filePath, line: line] }
  }

  /// The current value.
  public var wrappedValue: Value { read(DependencyValues.current) }
}
