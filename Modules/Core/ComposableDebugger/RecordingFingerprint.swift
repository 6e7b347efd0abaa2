import Composable
import Foundation

/// A short text that changes when what a recording's lines decode into changes shape: the action type's cases and
/// their payloads (through every child feature's actions, when they are `CasePathable`, as generated actions are),
/// and the state's stored fields with their types (through nested structs). A recording carries the fingerprint of
/// the app that made it, so a replay can say it was made with other types before a line fails to decode.
///
/// Names of the root types are left out (a renamed feature decodes the same JSON); what shapes the JSON is in.
public func recordingFingerprint<State, Action>(of state: State, actions: Action.Type) -> String {
  let shape = "actions:" + actionShape(Action.self, depth: 0) + ";state:" + stateShape(state, depth: 0)
  // FNV-1a, 64 bits: stable across runs and platforms, unlike `Hasher`.
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in shape.utf8 {
    hash ^= UInt64(byte)
    // Wrapping, through an API every floor has (the `&*` this resolves to is macOS 15's FixedWidthInteger one).
    hash = hash.multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
  }
  return String(hash, radix: 16)
}

/// An action type's cases and payloads, child features' in turn (a bounded depth: a feature may nest itself).
private func actionShape(_ type: Any.Type, depth: Int) -> String {
  guard depth < 12, let pathable = type as? any CasePathable.Type else { return String(reflecting: type) }
  let cases = listedCases(pathable).map { listed in
    listed.spelled + (listed.payload.map { "=" + actionShape($0, depth: depth + 1) } ?? "")
  }
  return "{" + cases.joined(separator: ",") + "}"
}

/// A state's stored fields and their types, nested structs' in turn. Values that reflect themselves (a collection,
/// a stack, a shared value) and enums are named by their type: their children depend on the value, not the type.
private func stateShape(_ value: Any, depth: Int) -> String {
  let mirror = Mirror(reflecting: value)
  guard depth < 12, mirror.displayStyle == .struct, !(value is any CustomReflectable) else {
    return String(reflecting: Swift.type(of: value))
  }
  let fields = mirror.children.map { child in
    (child.label ?? "_") + ":" + stateShape(child.value, depth: depth + 1)
  }
  return "{" + fields.joined(separator: ",") + "}"
}
