/// Work a reducer asks the store to do after it returns: nothing, an action now, or async work that sends actions later.
///
/// Effects are data. The store interprets them on the main actor, which is why the
/// type can be `@unchecked Sendable`: its actions are only ever delivered there.
public struct Effect<Action>: @unchecked Sendable {
  @usableFromInline indirect enum Operation {
    case none
    case send(Action)
    case run(RunOperation<Action>)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    case cancellable(CancelKey, cancelInFlight: Bool, Effect<Action>)
    case cancel(CancelKey)
    case throttle(ThrottleSpec, Effect<Action>)
    case cancelRemovedChildren(kind: AnyHashableSendable, path: NavigationIDPath, present: any ChildPresence)
  }

  @usableFromInline let operation: Operation

  @inlinable init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work.
  public static var none: Self { Self(.none) }

  /// Sends `action` right after the current action, within the same `send` (no task, no suspension).
  @inlinable public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs all `effects` at once.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all `effects` at once.
  public static func merge<S: Sequence>(_ effects: S) -> Self where S.Element == Self {
    let parts = effects.filter { if case .none = $0.operation { false } else { true } }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(.merge(parts))
    }
  }

  /// Runs `effects` one after another, each starting when the previous one finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after another, each starting when the previous one finished.
  public static func concatenate<S: Sequence>(_ effects: S) -> Self where S.Element == Self {
    let parts = effects.filter { if case .none = $0.operation { false } else { true } }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(.concatenate(parts))
    }
  }

  /// This effect and `other` at once.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// This effect, then `other`.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Whether this effect does nothing (the store skips it without allocating).
  @inlinable public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

/// Tells the store which child ids still exist after a parent reducer ran.
@usableFromInline protocol ChildPresence: Sendable {
  /// Whether the child with navigation id `id` is still present.
  func contains(_ id: any Hashable & Sendable) -> Bool
}
