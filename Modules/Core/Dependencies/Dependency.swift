/// A property wrapper that reads one dependency from the current reduce, effect or `withDependencies` scope.
///
/// It also keeps the values of the `withDependencies` scope it was created in, if any, so an object created
/// there keeps reading them afterwards, from any thread: outside every scope it reads them as they were; inside
/// another scope (a store's reduce, an effect), that scope's own overrides come first and the kept ones fill in.
/// A reducer created outside any scope keeps nothing and reads its store's values, with no extra cost.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value
  /// The `withDependencies` values in force when this was created, if it was created in such a scope.
  let captured: DependencyValues?

  /// A dependency read through a key path of `DependencyValues`, like `\.uuid`.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) {
    // A key path reads through a property of `DependencyValues`, whose subscript cannot see this line: the site
    // goes with the read, for the report of a dependency with no live implementation.
    let site = DependencyReadSite(fileID: fileID, filePath: filePath, line: line)
    read = { values in site.whileReading { values[keyPath: keyPath] } }
    captured = DependencyValues.scopedByWithDependencies
  }

  /// A dependency read by its key type, like `UserClient.self`.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) where Key.Value == Value {
    // The site goes with the read, so a key with no test value is reported here, not inside the library.
    let site = DependencyReadSite(fileID: fileID, filePath: filePath, line: line)
    read = { values in site.whileReading { values[key, fileID: fileID, filePath: filePath, line: line] } }
    captured = DependencyValues.scopedByWithDependencies
  }

  /// A dependency read through `keyPath` as the concrete type a test installed there (`TestClock<Duration>` for
  /// `\.continuousClock`); a value of another type stops the process with a message naming both types.
  public init<Declared>(
    _ keyPath: KeyPath<DependencyValues, Declared> & Sendable, as type: Value.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) {
    let site = DependencyReadSite(fileID: fileID, filePath: filePath, line: line)
    read = { values in
      Self.cast(site.whileReading { values[keyPath: keyPath] }, named: "\(keyPath)", fileID: fileID, line: line)
    }
    captured = DependencyValues.scopedByWithDependencies
  }

  /// A dependency read by its key type as the concrete type a test installed (`@Dependency(ClientKey.self, as:
  /// TestClient.self)`); a value of another type stops the process with a message naming both types.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type, as type: Value.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) {
    let site = DependencyReadSite(fileID: fileID, filePath: filePath, line: line)
    read = { values in
      Self.cast(
        site.whileReading { values[key, fileID: fileID, filePath: filePath, line: line] }, named: "\(Key.self)",
        fileID: fileID, line: line)
    }
    captured = DependencyValues.scopedByWithDependencies
  }

  /// `value` as `Value`, or the end of the process: a test reading a concrete type it did not install cannot go on.
  private static func cast<Declared>(_ value: Declared, named name: String, fileID: StaticString, line: UInt) -> Value {
    guard let concrete = value as? Value else {
      fatalError(
        "@Dependency(\(name), as: \(Value.self).self) at \(fileID):\(line) holds a \(type(of: value)), "
          + "not a \(Value.self). Install a \(Value.self) first (withDependencies, or the test's .dependencies).")
    }
    return concrete
  }

  /// The current value.
  public var wrappedValue: Value {
    guard let captured else { return read(DependencyValues.current) }
    let (current, isScoped) = DependencyValues.currentWithScope
    return read(isScoped ? current.inheriting(captured) : captured)
  }
}

/// Something whose `@Dependency` properties kept the values they were created with: `withDependencies(from:)`
/// finds them in a parent object through this.
protocol CapturedDependencies {
  /// The kept values, if any.
  var capturedValues: DependencyValues? { get }
}

extension Dependency: CapturedDependencies {
  var capturedValues: DependencyValues? { captured }
}
