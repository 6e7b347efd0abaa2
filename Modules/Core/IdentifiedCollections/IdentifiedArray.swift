/// An ordered collection of identifiable elements with O(1) lookup, update and membership by id.
///
/// Elements live in an array (so order, iteration and positional access are as
/// cheap as `Array`'s) and a hash table (`PositionIndex`) maps each id to its
/// position. Removing an element shifts later positions, so removal is O(n) like
/// `Array.remove(at:)`.
/// Ids are unique: an operation that would duplicate one is refused (appends
/// return `inserted: false`) or, where Swift's API cannot refuse, is a
/// precondition failure, like `Dictionary(uniqueKeysWithValues:)`.
public struct IdentifiedArray<Element: Identifiable> {
  /// The elements, in order.
  @usableFromInline var storage: [Element]
  /// The elements' ids, in the same order: what rehashing, `ids` and `membership` read, so they never touch elements.
  @usableFromInline var orderedIDs: [Element.ID]
  /// Position of each id in `storage`.
  @usableFromInline var positions: PositionIndex<Element.ID>
  /// Changes whenever an id is added or removed; see `membership`.
  @usableFromInline var membershipStamp: UInt64 = 0
  /// How many elements share their id with an earlier-indexed one: nonzero only while positional writes
  /// are swapping elements (see `subscript(position:)`).
  @usableFromInline var sharedIDCount = 0
  /// Where the latest element writes were: what a watcher of the rows reads to learn which row a send wrote.
  @usableFromInline var writes = ElementWrites()
  /// The log of element writes, for a watcher of the rows (see `ElementWrites`).
  public var elementWrites: ElementWrites { writes }

  /// Creates an empty array.
  @inlinable public init() {
    storage = []
    orderedIDs = []
    positions = PositionIndex()
    membershipStamp = 0
    sharedIDCount = 0
    writes = ElementWrites()
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
    positions.reserveCapacity(elements.underestimatedCount, ids: orderedIDs)
    for element in elements {
      guard index(id: element.id) == nil else { throw DuplicateIDError(id: element.id) }
      appendNew(element)
    }
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// Creates an array from elements, keeping what `combine` returns when two share an id.
  public init<S: Sequence>(
    _ elements: S,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows where S.Element == Element {
    self.init()
    positions.reserveCapacity(elements.underestimatedCount, ids: orderedIDs)
    for element in elements {
      if let position = index(id: element.id) {
        let combined = try combine(self.storage[position], element)
        precondition(combined.id == element.id, "IdentifiedArray: combine changed an id to \(combined.id)")
        self.storage[position] = combined
      } else {
        appendNew(element)
      }
    }
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// The ids, in order.
  @inlinable public var ids: [Element.ID] { orderedIDs }

  /// The elements as a plain array (identified-collections' name).
  @inlinable public var elements: [Element] { storage }

  /// The elements as a plain array; the same as `elements`.
  @inlinable public var elementsArray: [Element] { storage }

  /// Whether an element with `id` is present.
  @inlinable public func contains(id: Element.ID) -> Bool { index(id: id) != nil }

  /// The position of the element with `id`, if present.
  ///
  /// Ids are compared in the elements themselves: the caller usually reads or
  /// changes the element next, so its memory is needed anyway.
  @inlinable public func index(id: Element.ID) -> Int? {
    // The id column, not the element: reading an element's id would copy the whole element at each probe.
    positions.position(of: id) { orderedIDs[$0] }
  }

  /// Reads, replaces, mutates in place, inserts (appends) or removes (nil) the element with `id`.
  ///
  /// Setting an element whose own id differs from `id` is a precondition failure:
  /// it would corrupt the index.
  @inlinable public subscript(id id: Element.ID) -> Element? {
    get {
      guard let position = index(id: id) else { return nil }
      return storage[position]
    }
    _modify {
      requireUniqueIDs()
      if let position = index(id: id) {
        // A copy: an Optional cannot alias the array's slot. Hot paths that mutate
        // large elements in place use the positional subscript instead.
        var element: Element? = storage[position]
        defer { applyModification(element, at: position, id: id) }
        yield &element
      } else {
        var element: Element? = nil
        defer { if let element { insertNew(element, id: id) } }
        yield &element
      }
    }
  }

  /// Indexes `position` under the id its element now has, instead of `oldID`.
  @usableFromInline mutating func reindex(_ position: Int, replacing oldID: Element.ID) {
    let newID = storage[position].id
    // Found by the position it holds: the element there already has the new id.
    positions.remove(oldID, at: position, ids: orderedIDs)
    orderedIDs[position] = newID
    if index(id: oldID) != nil { sharedIDCount -= 1 }
    if index(id: newID) != nil { sharedIDCount += 1 }
    positions.insert(newID, at: position)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// Replaces the element at `position` with one of the same id, and logs the write.
  @usableFromInline mutating func replaceElement(at position: Int, with element: Element) {
    let before = elementsAddress
    storage[position] = element
    writes.recordWrite(at: position, copied: elementsAddress != before)
  }

  /// Where the elements are in memory: it changes when a write had to copy them first.
  @inlinable var elementsAddress: UnsafeRawPointer? {
    storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// Traps if positional writes left two elements with one id: changing by id would pick one arbitrarily.
  @inlinable func requireUniqueIDs() {
    precondition(
      sharedIDCount == 0,
      "IdentifiedArray: positional writes left \(sharedIDCount + 1) storage sharing an id; ids must be unique")
  }

  @usableFromInline mutating func applyModification(_ element: Element?, at position: Int, id: Element.ID) {
    if let element {
      precondition(element.id == id, "IdentifiedArray: an element's id changed from \(id) to \(element.id)")
      replaceElement(at: position, with: element)
    } else {
      remove(at: position)
    }
  }

  @usableFromInline mutating func insertNew(_ element: Element, id: Element.ID) {
    precondition(element.id == id, "IdentifiedArray: inserted element has id \(element.id), not \(id)")
    appendNew(element)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// Appends `element`, whose id must be absent, and indexes it.
  private mutating func appendNew(_ element: Element) {
    positions.reserveCapacity(storage.count + 1, ids: orderedIDs)
    positions.insert(element.id, at: storage.count)
    orderedIDs.append(element.id)
    storage.append(element)
    writes.forget()
  }

  /// Appends `element` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    requireUniqueIDs()
    if let position = index(id: element.id) { return (false, position) }
    appendNew(element)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
    return (true, storage.count - 1)
  }

  /// Inserts `element` at `index` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    requireUniqueIDs()
    if let position = self.index(id: element.id) { return (false, position) }
    precondition(index >= 0 && index <= storage.count, "IdentifiedArray: insert index \(index) out of bounds")
    positions.reserveCapacity(storage.count + 1, ids: orderedIDs)
    orderedIDs.insert(element.id, at: index)
    storage.insert(element, at: index)
    repositionElements(from: index + 1, movedBy: 1)
    positions.insert(element.id, at: index)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
    return (true, index)
  }

  /// Replaces the element with the same id, or appends it; returns the element it replaced.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    requireUniqueIDs()
    if let position = index(id: element.id) {
      let old = storage[position]
      replaceElement(at: position, with: element)
      return old
    }
    append(element)
    return nil
  }

  /// Removes and returns the element with `id`, if present.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    requireUniqueIDs()
    guard let position = index(id: id) else { return nil }
    return remove(at: position)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    precondition(index >= 0 && index < storage.count, "IdentifiedArray: remove index \(index) out of bounds")
    let removedID = orderedIDs[index]
    positions.remove(removedID, at: index, ids: orderedIDs)
    orderedIDs.remove(at: index)
    let element = storage.remove(at: index)
    repositionElements(from: index, movedBy: -1)
    if sharedIDCount > 0, self.index(id: removedID) != nil { sharedIDCount -= 1 }
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
    return element
  }

  /// Removes every element that satisfies `shouldBeRemoved`, keeping the order of the rest.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let countBefore = storage.count
    // Forgotten first: `shouldBeRemoved` may throw once some elements are gone.
    writes.forget()
    try storage.removeAll(where: shouldBeRemoved)
    guard storage.count != countBefore else {
      writes.startAfresh()
      return
    }
    rebuildPositions()
    membershipStamp = MembershipStamp.next()
  }

  /// Removes every element.
  public mutating func removeAll(keepingCapacity: Bool = false) {
    storage.removeAll(keepingCapacity: keepingCapacity)
    writes.forget()
    orderedIDs.removeAll(keepingCapacity: keepingCapacity)
    positions.removeAll(keepingCapacity: keepingCapacity)
    membershipStamp = 0
    sharedIDCount = 0
  }

  /// Moves the elements at `source` to before `destination`, as SwiftUI's `onMove` describes it.
  public mutating func move(fromOffsets source: [Int], toOffset destination: Int) {
    let moving = source.sorted().map { storage[$0] }
    let movingIDs = Set(moving.map(\.id))
    let before = storage[..<destination].filter { !movingIDs.contains($0.id) }
    let after = storage[destination...].filter { !movingIDs.contains($0.id) }
    storage = before + moving + after
    rebuildPositions()
  }

  /// Sorts in place by `areInIncreasingOrder`.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try storage.sort(by: areInIncreasingOrder)
    rebuildPositions()
  }

  /// Reorders the elements by ascending values at `keyPath`.
  public mutating func sort<Value: Comparable>(by keyPath: KeyPath<Element, Value>) {
    sort { $0[keyPath: keyPath] < $1[keyPath: keyPath] }
  }

  /// Returns the elements that satisfy `isIncluded`, as an identified array.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self()
    for element in storage where try isIncluded(element) { result.append(element) }
    return result
  }

  /// Exchanges the elements at `i` and `j`, keeping the index right.
  mutating func swapElements(_ i: Int, _ j: Int) {
    guard i != j else { return }
    positions.swapPositions(of: orderedIDs[i], at: i, with: orderedIDs[j], at: j)
    orderedIDs.swapAt(i, j)
    storage.swapAt(i, j)
    writes.forget()
  }

  /// Records the new positions of `storage[start...]`, which an insertion or removal just moved by `delta`.
  private mutating func repositionElements(from start: Int, movedBy delta: Int) {
    let moved = storage.count - start
    guard moved > 0 else { return }
    // Updating each moved id costs a hash; sweeping the whole table costs a few
    // instructions per slot. Near the end of a long array, the first is cheaper.
    guard moved * 8 < positions.slots.count else {
      positions.shiftPositions(from: start - delta, by: Int32(delta))
      return
    }
    // In the direction that never gives two ids the same position at once, so
    // each id is found by the position it still holds.
    let moves = delta > 0 ? Array((start..<storage.count).reversed()) : Array(start..<storage.count)
    for position in moves {
      positions.movePosition(of: orderedIDs[position], from: position - delta, to: position)
    }
  }

  private mutating func rebuildPositions() {
    writes.startAfresh()
    orderedIDs = storage.map(\.id)
    positions.removeAll(keepingCapacity: true)
    positions.reserveCapacity(storage.count, ids: orderedIDs)
    guard sharedIDCount > 0 else {
      for (position, id) in orderedIDs.enumerated() { positions.insert(id, at: position) }
      return
    }
    // Reordering or removing cannot create a shared id, but may have removed one.
    sharedIDCount = 0
    for (position, id) in orderedIDs.enumerated() {
      if index(id: id) != nil { sharedIDCount += 1 }
      positions.insert(id, at: position)
    }
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
