import IdentifiedCollections

extension Shared {
  /// The element with `id`, shared: reads and writes go through this collection (`$users[id: 2]?.withLock { … }`),
  /// and it follows the element wherever it moves; nil when no element has that id now.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> Shared<Element>?
  where Value == IdentifiedArray<ID, Element> {
    Shared<Element>(self[dynamicMember: \IdentifiedArray<ID, Element>.[id: id]])
  }

  /// Each element, shared, in order: what a list of child views is given (`ForEach($users.elements) { … }`).
  public func elements<ID: Hashable & Sendable, Element: Sendable>() -> [Shared<Element>]
  where Value == IdentifiedArray<ID, Element> {
    wrappedValue.ids.compactMap { self[id: $0] }
  }
}
