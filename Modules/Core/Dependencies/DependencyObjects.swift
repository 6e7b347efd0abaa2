import Foundation

/// The objects made by a `withDependencies` operation, with the values they were made under: a parent made there
/// hands those values down to the children it makes with `withDependencies(from:)`, whether or not it holds a
/// `@Dependency` property of its own (as swift-dependencies' registry does).
enum DependencyObjects {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]
  nonisolated(unsafe) private static var pruneCount = 64

  private struct Entry {
    weak var object: AnyObject?
    let values: DependencyValues
  }

  /// Keeps `values` for `result` when it is an object: what an operation made, with the values it was made under.
  @inline(__always) static func register<R>(_ result: R, madeUnder values: @autoclosure () -> DependencyValues) {
    // By the static type only, as swift-dependencies does: a value is never boxed to look inside.
    guard R.self is AnyClass else { return }
    store(result as AnyObject, values())
  }

  private static func store(_ object: AnyObject, _ values: DependencyValues) {
    lock.withLock {
      if entries.count >= pruneCount {
        entries = entries.filter { $0.value.object != nil }
        // Doubling keeps many objects from scanning the registry at every one made.
        pruneCount = max(64, 2 * entries.count)
      }
      // Nested operations each return the object: the innermost made it, under the values it keeps; an outer one
      // (which lacks the inner overrides) must not replace them.
      if let existing = entries[ObjectIdentifier(object)], existing.object === object { return }
      entries[ObjectIdentifier(object)] = Entry(object: object, values: values)
    }
  }

  /// The values `object` was made under, if a `withDependencies` operation made it and it is still alive.
  static func values(of object: Any) -> DependencyValues? {
    guard type(of: object) is AnyClass else { return nil }
    let reference = object as AnyObject
    return lock.withLock {
      guard let entry = entries[ObjectIdentifier(reference)], entry.object === reference else { return nil }
      return entry.values
    }
  }
}
