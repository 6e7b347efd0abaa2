import Composable

/// Which screens a state shows over its root, found by reflection: each presentation's and stack's path in the
/// state (`destination`, `list.path`) with how many screens it shows. Two states with one signature show the same
/// screens, whatever their contents.
struct ScreenSignature: Equatable {
  /// Screens shown, by the path of the presentation or stack that shows them.
  private(set) var shown: [String: Int] = [:]

  /// The signature of `state`, looked for down to `depth` levels of nested values.
  init(of state: Any, depth: Int = 8) {
    collect(state, path: "", depth: depth)
  }

  /// Whether an action at `actionPath` belongs to a screen shown over the root (a presented child's, a stacked
  /// screen's), not counting what a child asks its parent to do (`.delegate`), which the parent's own effects do.
  func isOverTheRoot(_ actionPath: String) -> Bool {
    guard !actionPath.contains(".delegate.") else { return false }
    return shown.keys.contains { path in
      actionPath.hasPrefix(path + ".") || actionPath.hasPrefix(path + "[")
    }
  }

  private mutating func collect(_ value: Any, path: String, depth: Int) {
    if let screens = value as? any ScreenPresence {
      shown[path] = screens.screensShown
      return
    }
    guard depth > 0 else { return }
    let mirror = Mirror(reflecting: value)
    // Structs and classes hold fields; collections and enums hold what a user switches between, not screens.
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return }
    for child in mirror.children {
      guard var label = child.label else { continue }
      // A property wrapper's storage (`_destination`) is named by its property.
      if label.hasPrefix("_") { label.removeFirst() }
      collect(child.value, path: path.isEmpty ? label : path + "." + label, depth: depth - 1)
    }
  }
}
