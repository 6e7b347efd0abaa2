import ValueDump

/// An action that sets one field of a feature's state: what a form sends instead of one action per field.
///
/// Made with `.set(\.name, "Ada")`. Two binding actions are equal when they set
/// the same field to equal values, so a test can `receive` or `send` them; a
/// reducer can react to a field with `if action.binding?.keyPath == \.name`, or
/// match it in a switch: `case .binding(\.name):`.
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
  /// The field this action sets.
  public let keyPath: PartialKeyPath<Root>
  /// The value it sets, type-erased (read it with `value(as:)` or `keyPath`).
  public let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let valueEquals: @Sendable (any Sendable) -> Bool
  /// Set by a store binding, to learn whether a `BindingReducer` applied the action (not part of equality).
  let receipt: BindingReceipt?

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, value: value,
      apply: { $0[keyPath: keyPath] = value },
      valueEquals: { ($0 as? Value) == value }, receipt: nil)
  }

  /// The action a store binding sends for the field at `keyPath`, nested or not, with a receipt to check.
  static func set<Value: Equatable & Sendable>(
    field keyPath: WritableKeyPath<Root, Value>, _ value: Value, receipt: BindingReceipt
  ) -> Self {
    // Key paths built by appending components of a state struct capture nothing; they are only read.
    let field = UncheckedSendableKeyPath(keyPath: keyPath)
    return Self(
      keyPath: keyPath, value: value,
      apply: { $0[keyPath: field.keyPath] = value },
      valueEquals: { ($0 as? Value) == value }, receipt: receipt)
  }

  /// Applies the change to `state` (what `BindingReducer` does).
  public func set(_ state: inout Root) {
    apply(&state)
    receipt?.isApplied = true
  }

  /// The value, if this action sets a field of type `Value`.
  public func value<Value>(as type: Value.Type) -> Value? {
    value as? Value
  }

  /// Equal when both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueEquals(rhs.value)
  }

  /// Matches a binding action by the field it sets: `case .binding(\.name):`.
  public static func ~= (keyPath: PartialKeyPath<Root>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}

extension BindingAction: ValueDumpStringConvertible {
  /// One line naming the field and the value: `BindingAction.set(\User.name, "Ada")`.
  public var valueDumpDescription: String {
    let value = valueDump(self.value)
    return "BindingAction.set(\(keyPath), \(value.contains("\n") ? "…" : value))"
  }
}

/// Whether a binding action sent by a store binding was applied by a `BindingReducer`.
final class BindingReceipt: @unchecked Sendable {
  // Unchecked: written and read on the main actor, during and right after the store's send.
  var isApplied = false
}

/// A key path a store binding built by appending fields; it captures no value, so sharing it is safe.
struct UncheckedSendableKeyPath<Root, Value>: @unchecked Sendable {
  let keyPath: WritableKeyPath<Root, Value>
}

/// An action enum with a case for bindings, so `BindingReducer` can find them.
///
/// ```
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   ...
/// }
/// ```
public protocol BindableAction {
  /// The state the bindings set.
  associatedtype State
  /// Wraps a binding action (the enum's `binding` case).
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action, if this is the `binding` case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Shorthand for sending `.binding(.set(keyPath, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
