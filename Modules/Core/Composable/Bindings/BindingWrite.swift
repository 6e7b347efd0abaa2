/// Whether the action being sent now comes from a view's binding write, and whether a dismissed child's store
/// dropped it: SwiftUI writes a sheet's bindings once more as it goes away, and a write to a child that is gone is
/// no mistake of the feature's, so it is dropped without an issue (as TCA drops it); any other action sent to a
/// dismissed child's store still reports.
@MainActor enum BindingWrite {
  private static var depth = 0
  private static var dropped = false

  /// Whether a binding write is being sent now.
  static var isActive: Bool { depth > 0 }

  /// Sends a binding write with `send`, and says whether a dismissed child's store dropped it.
  static func sending(_ send: () -> Void) -> Bool {
    let outerDropped = dropped
    depth += 1
    dropped = false
    defer {
      depth -= 1
      dropped = outerDropped
    }
    send()
    return dropped
  }

  /// Notes that a dismissed child's store dropped the write being sent.
  static func drop() {
    dropped = true
  }
}
