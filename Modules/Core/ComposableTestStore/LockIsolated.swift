import Foundation

/// A value behind a lock, so `@Sendable` test doubles can record calls (`let calls = LockIsolated(0)`).
public final class LockIsolated<Value>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var stored: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    stored = value
  }

  /// The current value.
  public var value: Value { lock.withLock { stored } }

  /// Reads and changes the value in one locked step, returning what `body` returns.
  @discardableResult
  public func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&stored) }
  }

  /// Replaces the value.
  public func setValue(_ newValue: Value) {
    lock.withLock { stored = newValue }
  }
}
