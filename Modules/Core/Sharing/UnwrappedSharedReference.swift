import Foundation

/// A shared optional seen as the value it holds (`Shared($destination)`): reads and writes go through the
/// optional while it holds a value; once it is nil, reads give the last value held and writes change that value
/// only (a view writing into a child that was just dismissed), never the optional. A value put there again is
/// followed again.
final class UnwrappedSharedReference<Value: Sendable>: SharedReference<Value>, @unchecked Sendable {
  let parent: SharedReference<Value?>
  private let lastLock = NSLock()
  private var last: Value

  init(parent: SharedReference<Value?>, initial: Value) {
    self.parent = parent
    last = initial
    super.init(value: initial, name: "\(parent.name)!")
  }

  private func remember(_ value: Value?) -> Value {
    lastLock.withLock {
      if let value { last = value }
      return last
    }
  }

  override var value: Value { remember(parent.value) }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.withLock { optional in
      guard var unwrapped = optional else {
        // Gone from the optional: the write lands on the last value, which this reference goes on showing (a
        // removed row's screen still editing), and the optional stays nil, as swift-sharing does.
        var last = remember(nil)
        let result = try body(&last)
        lastLock.withLock { self.last = last }
        return result
      }
      let result = try body(&unwrapped)
      optional = unwrapped
      _ = remember(unwrapped)
      return result
    }
  }

  override var persistenceStatus: SharedPersistenceStatus { parent.persistenceStatus }

  override func afterNextChange(_ onChange: @escaping @Sendable () -> Void) { parent.afterNextChange(onChange) }

  override func touch() { parent.touch() }

  override var lastChange: UInt64 { parent.lastChange }

  override func flush() { parent.flush() }

  override var trackedValue: Any { remember(parent.trackedValue as? Value) }

  override func expectedValue(in tracker: SharedChangeTracker) -> Value {
    parent.expectedValue(in: tracker) ?? value
  }
}

extension Shared {
  /// The value `base` holds, shared: nil when it holds none now. Once `base` becomes nil this keeps reading the
  /// last value it held and drops writes, as swift-sharing's unwrapping does.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedSharedReference(parent: base.reference, initial: initial))
  }
}
