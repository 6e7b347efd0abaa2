/// An ordered collection of identifiable elements with O(1) lookup, update and membership by id.
///
/// Elements live in an array (so order, iteration and positional access are as
/// cheap as `Array`'s) and a dictionary maps each id to its position. Removing
/// an element shifts later positions, so removal is O(n) like `Array.remove(at:)`.
/// Ids are unique: an operation that would duplicate one is refused (appends
/// return `inserted: false`) or, where Swift's API cannot refuse, is a
/// precondition failure, like `Dictionary(uniqueKeysWithValues:)`.
public struct IdentifiedArray<Element: Identifiable> {
  /// The element ids in order; kept alongside `elements` so `ids` costs nothing.
  @usableFromInline var elements: [Element]
  /// Position of each id in `elements`.
  @usableFromInline var positions: [Element.ID: Int]
  /// Changes whenever an id is added or removed; see `membership`.
  @usableFromInline var membershipStamp: UInt64 = 0

  /// Creates an empty array.
  @inlinable public init() {
    elements = []
    positions = [:]
    membershipStamp = 0
  }

  /// Creates an array from elements whose ids must be unique (a duplicate id traps).
  public init<S: Sequence>(uniqueElements: S) where S.Element == Element {
    do {
      try self.init(validating: uniqueElements)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Creates an array from elements, throwing `DuplicateIDError` on the first repeated id.
  public init<S: Sequence>(validating elements: S) throws where S.Element == Element {
    self.init()
    for element in elements {
      guard positions[element.id] == nil else { throw DuplicateIDError(id: element.id) }
      positions[element.id] = self.elements.count
      self.elements.append(element)
    }
    membershipStamp = MembershipStamp.next()
  }

  /// Creates an array from elements, keeping what `combine` returns when two share an id.
  public init<S: Sequence>(
    _ elements: S,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows where S.Element == Element {
    self.init()
    for element in elements {
      if let position = positions[element.id] {
        self.elements[position] = try combine(self.elements[position], element)
      } else {
        positions[element.id] = self.elements.count
        self.elements.append(element)
      }
    }
    membershipStamp = MembershipStamp.next()
  }

  /// The ids, in order.
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The elements as a plain array.
  @inlinable public var elementsArray: [Element] { elements }

  /// Whether an element with `id` is present.
  @inlinable public func contains(id: Element.ID) -> Bool { positions[id] != nil }

  /// The position of the element with `id`, if present.
  @inlinable public func index(id: Element.ID) -> Int? { positions[id] }

  /// Reads, replaces, mutates in place, inserts (appends) or removes (nil) the element with `id`.
  ///
  /// Setting an element whose own id differs from `id` is a precondition failure:
  /// it would corrupt the index.
  @inlinable public subscript(id id: Element.ID) -> Element? {
    get {
      guard let position = positions[id] else { return nil }
      return elements[position]
    }
    _modify {
      if let position = positions[id] {
        // A copy: an Optional cannot alias the array's slot. Hot paths that mutate
        // large elements in place use the positional subscript instead.
        var element: Element? = elements[position]
        defer { applyModification(element, at: position, id: id) }
        yield &element
      } else {
        var element: Element? = nil
        defer { if let element { insertNew(element, id: id) } }
        yield &element
      }
    }
  }

  @usableFromInline mutating func applyModification(_ element: Element?, at position: Int, id: Element.ID) {
    if let element {
      precondition(element.id == id, "IdentifiedArray: an element's id changed from \(id) to \(element.id)")
      elements[position] = element
    } else {
      remove(at: position)
    }
  }

  @usableFromInline mutating func insertNew(_ element: Element, id: Element.ID) {
    precondition(element.id == id, "IdentifiedArray: inserted element has id \(element.id), not \(id)")
    positions[id] = elements.count
    elements.append(element)
    membershipStamp = MembershipStamp.next()
  }

  /// Appends `element` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    if let position = positions[element.id] { return (false, position) }
    positions[element.id] = elements.count
    elements.append(element)
    membershipStamp = MembershipStamp.next()
    return (true, elements.count - 1)
  }

  /// Inserts `element` at `index` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    if let position = positions[element.id] { return (false, position) }
    elements.insert(element, at: index)
    reindex(from: index)
    membershipStamp = MembershipStamp.next()
    return (true, index)
  }

  /// Replaces the element with the same id, or appends it; returns the element it replaced.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    if let position = positions[element.id] {
      let old = elements[position]
      elements[position] = element
      return old
    }
    append(element)
    return nil
  }

  /// Removes and returns the element with `id`, if present.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = elements.remove(at: index)
    positions[element.id] = nil
    reindex(from: index)
    membershipStamp = MembershipStamp.next()
    return element
  }

  /// Removes every element that satisfies `shouldBeRemoved`, keeping the order of the rest.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let countBefore = elements.count
    try elements.removeAll(where: shouldBeRemoved)
    guard elements.count != countBefore else { return }
    rebuildPositions()
    membershipStamp = MembershipStamp.next()
  }

  /// Removes every element.
  public mutating func removeAll(keepingCapacity: Bool = false) {
    elements.removeAll(keepingCapacity: keepingCapacity)
    positions.removeAll(keepingCapacity: keepingCapacity)
    membershipStamp = 0
  }

  /// Moves the elements at `source` to before `destination`, as SwiftUI's `onMove` describes it.
  public mutating func move(fromOffsets source: [Int], toOffset destination: Int) {
    let moving = source.sorted().map { elements[$0] }
    let movingIDs = Set(moving.map(\.id))
    let before = elements[..<destination].filter { !movingIDs.contains($0.id) }
    let after = elements[destination...].filter { !movingIDs.contains($0.id) }
    elements = before + moving + after
    rebuildPositions()
  }

  /// Sorts in place by `areInIncreasingOrder`.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try elements.sort(by: areInIncreasingOrder)
    rebuildPositions()
  }

  /// Reorders the elements by ascending values at `keyPath`.
  public mutating func sort<Value: Comparable>(by keyPath: KeyPath<Element, Value>) {
    sort { $0[keyPath: keyPath] < $1[keyPath: keyPath] }
  }

  /// Returns the elements that satisfy `isIncluded`, as an identified array.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self()
    for element in elements where try isIncluded(element) { result.append(element) }
    return result
  }

  private mutating func reindex(from start: Int) {
    for position in start..<elements.count { positions[elements[position].id] = position }
  }

  private mutating func rebuildPositions() {
    positions.removeAll(keepingCapacity: true)
    for (position, element) in elements.enumerated() { positions[element.id] = position }
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

/// Shorthand that reads like TCA's, for arrays of `Identifiable` values.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

/// Thrown when a sequence given to `IdentifiedArray(validating:)` repeats an id.
public struct DuplicateIDError: Error, CustomStringConvertible, @unchecked Sendable {
  /// The repeated id.
  public let id: AnyHashable

  /// A message naming the id.
  public var description: String { "IdentifiedArray: duplicate id \(id)" }
}
