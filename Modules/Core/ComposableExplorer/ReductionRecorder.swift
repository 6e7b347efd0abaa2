import Composable
import ValueDump

/// One action a replayed sequence reduced, with the state changes it made, spelled as a test's assertion closure
/// spells them (`$0.query = "a"`, `$0.$favorites.withLock { $0 = [2] }`).
struct RecordedReduction<Action> {
  /// The action.
  let action: Action
  /// Whether the sequence sent it (else an effect did, and a test receives it).
  let wasSent: Bool
  /// The assignments that turn the state before it into the state after it.
  let changes: [String]
  /// The state after it.
  let state: Any
  /// The last shared change stored after it: the state's shared fields read as of it are as they were then.
  let sharedChange: UInt64
}

/// The reductions of a replay, in order (written by the store's reducer, on the main actor like the explorer).
final class ReductionLog<Action> {
  var reductions: [RecordedReduction<Action>] = []
  /// Set just before the sequence sends an action, so its reduction is told from an effect's.
  var nextIsSent = false
}

/// Writes down every action with the fields it changed, read before and after it (a shared field's value is read
/// at that moment: copies of the state share it, so comparing copies later would not show it).
struct RecordingReductions<State, Action>: ReducerModifier {
  let log: ReductionLog<Action>

  func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    let before = FieldSnapshot(state)
    let effect = next(&state, action)
    let changes = FieldSnapshot(state).assignments(from: before)
    log.reductions.append(
      RecordedReduction(
        action: action, wasSent: log.nextIsSent, changes: changes, state: state, sharedChange: SharedHistory.now))
    log.nextIsSent = false
    return effect
  }
}

/// A state's fields as text, down to the fields that are values of their own (text, numbers, collections, enums),
/// with the Swift path that writes each one.
struct FieldSnapshot {
  /// How a field is written back.
  enum Kind {
    /// `path = text`.
    case plain
    /// `owner.$name.withLock { $0 = text }`.
    case shared
    /// A stack's screen, `path[id: N] = text`, and `path[id: N] = nil` once it is gone: a stack has no literal
    /// that keeps its ids, and a test states a push or a pop through its id.
    case stackScreen
  }

  /// Each field's path (`$0.list.query`) and its value as Swift spells it.
  private(set) var fields: [(path: String, text: String, kind: Kind)] = []

  init(_ state: Any) {
    collect(state, path: "$0", depth: 0)
  }

  /// The assignments that make `before` into this snapshot, one per field that changed.
  func assignments(from before: FieldSnapshot) -> [String] {
    let old = Dictionary(before.fields.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    let changed: [String] = fields.compactMap { field in
      guard old[field.path] != field.text else { return nil }
      guard field.kind == .shared else { return "\(field.path) = \(field.text)" }
      // `$0.list._favorites` is written as `$0.list.$favorites.withLock { $0 = … }`.
      let parts = field.path.split(separator: ".")
      let owner = parts.dropLast().joined(separator: ".")
      return "\(owner).$\(parts.last!.dropFirst()).withLock { $0 = \(field.text) }"
    }
    let now = Set(fields.map(\.path))
    let popped = before.fields.filter { $0.kind == .stackScreen && !now.contains($0.path) }
    return changed + popped.map { "\($0.path) = nil" }
  }

  private mutating func collect(_ value: Any, path: String, depth: Int) {
    if let stack = value as? any StackScreens {
      fields += stack.screens.map {
        (path + "[id: \($0.id)]", valueDumpLine($0.element, abbreviatingNestedCases: true), .stackScreen)
      }
      return
    }
    let mirror = Mirror(reflecting: value)
    guard depth < 6, mirror.displayStyle == .struct, !mirror.children.isEmpty, !isLeaf(value) else {
      fields.append((path, valueDumpLine(value, abbreviatingNestedCases: true), .plain))
      return
    }
    for child in mirror.children {
      guard let label = child.label else { continue }
      if let shared = child.value as? any SharedValueReading {
        fields.append((path + "." + label, valueDumpLine(shared.currentValue, abbreviatingNestedCases: true), .shared))
      } else if let presented = child.value as? any PresentedValue {
        let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
        fields.append(
          (path + "." + name, valueDumpLine(presented.presentedValue as Any, abbreviatingNestedCases: true), .plain))
      } else {
        collect(child.value, path: path + "." + label, depth: depth + 1)
      }
    }
  }

  /// Whether `value` is written whole: a struct whose fields a test does not set one by one (identified arrays,
  /// text, and structs shown by a custom description).
  private func isLeaf(_ value: Any) -> Bool {
    value is any IdentifiedElements || value is String || value is any ValueDumpStringConvertible
  }
}

/// A navigation stack seen through `Any`: its screens with their ids' numbers, bottom first.
protocol StackScreens {
  /// Each screen's id number and state.
  var screens: [(id: Int, element: Any)] { get }
}

extension StackState: StackScreens {
  var screens: [(id: Int, element: Any)] { ids.map { ($0.rawValue, self[id: $0]! as Any) } }
}

/// A `Shared` field seen through `Any`: its value now.
protocol SharedValueReading {
  /// The shared value at this moment.
  var currentValue: Any { get }
}

extension Shared: SharedValueReading {
  var currentValue: Any { wrappedValue }
}
