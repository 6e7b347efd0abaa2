/// Arrays of `Identifiable` elements, identified by their `id`: no key path to give.
extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array.
  @inlinable public init() {
    self.init(idOf: { $0.id })
  }

  /// Creates an array from elements whose ids must be unique (a duplicate id traps).
  public init<S: Sequence>(uniqueElements: S) where S.Element == Element {
    self.init()
    appendValidated(uniqueElements)
  }

  /// Creates an array from elements, throwing `DuplicateIDError` on the first repeated id.
  public init<S: Sequence>(validating elements: S) throws where S.Element == Element {
    self.init()
    try appendUnique(elements)
  }

  /// Creates an array from elements, keeping what `combine` returns when two share an id.
  public init<S: Sequence>(
    _ elements: S,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows where S.Element == Element {
    self.init()
    try appendUniquing(elements, with: combine)
  }

  /// An array of `elements` the caller knows to have distinct ids (a slice or a copy of another identified array):
  /// a repeated id is still caught, as a precondition failure, rather than corrupting the index.
  public init<S: Sequence>(uncheckedUniqueElements elements: S) where S.Element == Element {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal; a repeated id traps, as with a dictionary literal.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}
