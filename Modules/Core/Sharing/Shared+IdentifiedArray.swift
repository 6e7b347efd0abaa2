import IdentifiedCollections

extension Shared {
  /// The element with `id`, shared: reads and writes go through this collection (`$users[id: 2]?.withLock { … }`),
  /// and it follows the element wherever it moves; nil when no element has that id now.
  public subscript<Element: Identifiable & Sendable>(id id: Element.ID) -> Shared<Element>?
  where Value == IdentifiedArray<Element>, Element.ID: Sendable {
    Shared<Element>(self[dynamicMember: \IdentifiedArray<Element>.[id: id]])
  }

  /// Each element, shared, in order: what a list of child views is given (`ForEach($users.elements) { … }`).
  public func elements<Element: Identifiable & Sendable>() -> [Shared<Element>]
  where Value == IdentifiedArray<Element>, Element.ID: Sendable {
    wrappedValue.ids.compactMap { self[id: $0] }
  }
}
