/// The rest of identified-collections' editing API, in its names: each keeps the id index right.
extension IdentifiedArray {
  /// A copy of another identified array's elements, whose ids are distinct already.
  public init(_ other: IdentifiedArray) {
    self = other
  }

  /// The elements of a slice of an identified array, whose ids are distinct already.
  public init(_ slice: Slice<IdentifiedArray>) {
    self.init(idOf: slice.base.idOf)
    appendValidated(slice)
  }

  /// Appends each element whose id is not in the array yet, in order; the others are left out.
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    for element in newElements { _ = append(element) }
  }

  /// Replaces the element at `index` with `element`, which must have the same id, and returns the one replaced.
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    precondition(
      idOf(self[index]) == idOf(element),
      "IdentifiedArray: update(_:at:) with id \(idOf(element)) at a position holding id \(idOf(self[index]))")
    let replaced = self[index]
    self[index] = element
    return replaced
  }

  /// Replaces the element with `element`'s id where it is, or inserts `element` at `index`; returns the element
  /// replaced (nil when inserted) and where `element` now is.
  @discardableResult
  public mutating func updateOrInsert(_ element: Element, at index: Int) -> (originalMember: Element?, index: Int) {
    if let position = self.index(id: idOf(element)) {
      return (update(element, at: position), position)
    }
    return (nil, insert(element, at: index).index)
  }

  /// Removes the element with `element`'s id and returns it, or nil when there is none.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: idOf(element))
  }

  /// Removes and returns the first element; the array must not be empty (as `Array`'s).
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!isEmpty, "IdentifiedArray: removeFirst() on an empty array")
    return remove(at: 0)
  }

  /// Removes and returns the last element; the array must not be empty (as `Array`'s).
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!isEmpty, "IdentifiedArray: removeLast() on an empty array")
    return remove(at: count - 1)
  }

  /// Removes the first `k` elements; there must be at least `k` (as `Array`'s).
  public mutating func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= count, "IdentifiedArray: removeFirst(\(k)) on an array of \(count)")
    remove(atOffsets: 0..<k)
  }

  /// Removes the last `k` elements; there must be at least `k` (as `Array`'s).
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "IdentifiedArray: removeLast(\(k)) on an array of \(count)")
    remove(atOffsets: (count - k)..<count)
  }

  /// Removes the elements at `offsets` (a list's swipe to delete).
  public mutating func remove<Offsets: Sequence>(atOffsets offsets: Offsets) where Offsets.Element == Int {
    for offset in Set(offsets).sorted(by: >) { _ = remove(at: offset) }
  }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The element type and the elements, as swift-identified-collections writes them:
  /// `IdentifiedArray<Int>([1, 2, 3])` (the id type is the element's to say).
  public var debugDescription: String { "IdentifiedArray<\(Element.self)>(\(description))" }
}
