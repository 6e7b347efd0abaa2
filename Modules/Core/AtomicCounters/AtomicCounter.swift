import Foundation
import Synchronization

/// A 64-bit integer that threads read and change together: the runtime's counters, flags and clock readings.
///
/// `Synchronization.Atomic` is what it uses where the platform has it (Linux, and Apple's 2024 releases: macOS 15,
/// iOS 18 and later). The package's floor is a year earlier (macOS 14, iOS 17), where `Atomic` does not exist, so
/// there the same operations run under a lock. Both ways are compiled on every platform, and the tests run both
/// (`package init(_:lockingBelowTheFloor:)`), so the way an older device takes is not code no one has run.
///
/// Every operation is relaxed: it orders nothing but itself, which is all a counter or a flag read before other
/// work needs. Use a lock for anything that must be seen together with other memory.
public final class AtomicCounter: Sendable {
  @usableFromInline let storage: AnyObject & Sendable
  /// Whether `storage` is a `NativeAtomicStorage`: read instead of a dynamic cast at every operation.
  @usableFromInline let isNative: Bool

  /// A counter holding `value`.
  public convenience init(_ value: Int64 = 0) {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      self.init(storage: NativeAtomicStorage(value))
    } else {
      self.init(storage: LockedAtomicStorage(value))
    }
  }

  /// A counter holding `value`, under a lock when `lockingBelowTheFloor`, as on a platform without `Atomic`.
  package convenience init(_ value: Int64, lockingBelowTheFloor: Bool) {
    if !lockingBelowTheFloor, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      self.init(storage: NativeAtomicStorage(value))
    } else {
      self.init(storage: LockedAtomicStorage(value))
    }
  }

  private init(storage: AnyObject & Sendable) {
    self.storage = storage
    isNative = !(storage is LockedAtomicStorage)
  }

  /// Whether this counter runs under a lock (a platform below `Atomic`'s, or a test that asked for it).
  package var isLocked: Bool { !isNative }

  // Each operation inlines its atomic instruction and calls out for the lock: the caller's code stays small, so
  // the optimizer inlines it into hot paths (a shared value's read, a timeline's stamp).

  /// The value now.
  @inlinable @inline(__always) public func load() -> Int64 {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), isNative {
      return native.value.load(ordering: .relaxed)
    }
    return lockedLoad()
  }

  /// Replaces the value with `value`.
  @inlinable @inline(__always) public func store(_ value: Int64) {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), isNative {
      native.value.store(value, ordering: .relaxed)
      return
    }
    lockedStore(value)
  }

  /// Adds `delta` (wrapping around on overflow) and returns the new value.
  @inlinable @inline(__always) @discardableResult public func add(_ delta: Int64) -> Int64 {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), isNative {
      return native.value.wrappingAdd(delta, ordering: .relaxed).newValue
    }
    return lockedAdd(delta)
  }

  /// Replaces the value with `value` and returns the one it held.
  @inlinable @inline(__always) @discardableResult public func exchange(_ value: Int64) -> Int64 {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), isNative {
      return native.value.exchange(value, ordering: .relaxed)
    }
    return lockedExchange(value)
  }

  @usableFromInline @inline(never) func lockedLoad() -> Int64 {
    locked.withLock { $0 }
  }

  @usableFromInline @inline(never) func lockedStore(_ value: Int64) {
    locked.withLock { $0 = value }
  }

  @usableFromInline @inline(never) func lockedAdd(_ delta: Int64) -> Int64 {
    locked.withLock { value in
      value &+= delta
      return value
    }
  }

  @usableFromInline @inline(never) func lockedExchange(_ value: Int64) -> Int64 {
    locked.withLock { held in
      defer { held = value }
      return held
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @inlinable var native: NativeAtomicStorage { unsafeDowncast(storage, to: NativeAtomicStorage.self) }

  var locked: LockedAtomicStorage { unsafeDowncast(storage, to: LockedAtomicStorage.self) }
}

/// The counter's storage where `Atomic` exists.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline final class NativeAtomicStorage: Sendable {
  @usableFromInline let value: Atomic<Int64>

  @usableFromInline init(_ value: Int64) {
    self.value = Atomic(value)
  }
}

/// The counter's storage below `Atomic`'s platforms: the value under a lock.
@usableFromInline final class LockedAtomicStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int64

  @usableFromInline init(_ value: Int64) {
    self.value = value
  }

  /// Runs `body` on the value while no other thread can.
  @usableFromInline func withLock<Result>(_ body: (inout Int64) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
