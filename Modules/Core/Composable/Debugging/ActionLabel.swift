/// A short name for an action: its case path from the root, like `list.element.favoriteTapped`.
///
/// Cheaper than a dump and stable across payload values, so instrumentation can
/// group by it. Enum payloads are followed; in a tuple payload the element
/// labelled `action` (an `IdentifiedAction`, a `StackAction`) is followed.
public func actionLabel(_ action: Any) -> String {
  var parts: [String] = []
  var current: Any = action
  while parts.count < 32 {
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum else { break }
    guard let payload = mirror.children.first else {
      parts.append(String(describing: current).split(separator: "(").first.map(String.init) ?? "?")
      break
    }
    parts.append(payload.label ?? "?")
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      guard let next = payloadMirror.children.first(where: { $0.label == "action" }) else { break }
      current = next.value
    } else {
      current = payload.value
    }
  }
  // An action that is not an enum (a Bool, a struct) is named by its description, kept short.
  return parts.isEmpty ? String(String(describing: action).prefix(40)) : parts.joined(separator: ".")
}
