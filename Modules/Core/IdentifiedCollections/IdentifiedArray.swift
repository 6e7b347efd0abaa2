/// An ordered collection of elements with O(1) lookup, update and membership by id.
///
/// Elements live in an array (so order, iteration and positional access are as
/// cheap as `Array`'s) and a hash table (`PositionIndex`) maps each id to its
/// position. Removing an element shifts later positions, so removal is O(n) like
/// `Array.remove(at:)`.
/// Ids are unique: an operation that would duplicate one is refused (appends
/// return `inserted: false`) or, where Swift's API cannot refuse, is a
/// precondition failure, like `Dictionary(uniqueKeysWithValues:)`.
///
/// An `Identifiable` element is identified by its `id` (`IdentifiedArrayOf<User>`, `[user]` as a literal); any
/// other by a key path given when the array is made (`IdentifiedArray(uniqueElements: tags, id: \.name)`), as in
/// identified-collections, whose `IdentifiedArray<ID, Element>` this is.
public struct IdentifiedArray<ID: Hashable, Element> {
  /// The elements, in order.
  @usableFromInline var storage: [Element]
  /// The elements' ids, in the same order: what rehashing, `ids` and `membership` read, so they never touch elements.
  @usableFromInline var orderedIDs: [ID]
  /// Position of each id in `storage`.
  @usableFromInline var positions: PositionIndex<ID>
  /// Changes whenever an id is added or removed; see `membership`.
  @usableFromInline var membershipStamp: UInt64 = 0
  /// How many elements share their id with an earlier-indexed one: nonzero only while positional writes
  /// are swapping elements (see `subscript(position:)`).
  @usableFromInline var sharedIDCount = 0
  /// Where the latest element writes were: what a watcher of the rows reads to learn which row a send wrote.
  @usableFromInline var writes = ElementWrites()
  /// Reads an element's id. A function rather than a key path, so that an `Identifiable` element's id is read as
  /// `.id`: applying a stored key path walks its components at each read, and ids are read on every write through
  /// the positional subscript (a list's hot path).
  @usableFromInline let idOf: (Element) -> ID
  /// The log of element writes, for a watcher of the rows (see `ElementWrites`).
  public var elementWrites: ElementWrites { writes }

  /// An empty array whose elements' ids `idOf` reads.
  @inlinable init(idOf: @escaping (Element) -> ID) {
    storage = []
    orderedIDs = []
    positions = PositionIndex()
    membershipStamp = 0
    sharedIDCount = 0
    writes = ElementWrites()
    self.idOf = idOf
  }

  /// An empty array whose elements keep their ids at `id` (identified-collections' `init(id:)`).
  public init(id: KeyPath<Element, ID>) {
    self.init(idOf: { $0[keyPath: id] })
  }

  /// Creates an array from elements whose ids, kept at `id`, must be unique (a duplicate id traps).
  public init<S: Sequence>(uniqueElements: S, id: KeyPath<Element, ID>) where S.Element == Element {
    self.init(id: id)
    appendValidated(uniqueElements)
  }

  /// Creates an array from elements whose ids are kept at `id`, throwing `DuplicateIDError` on the first repeated one.
  public init<S: Sequence>(validating elements: S, id: KeyPath<Element, ID>) throws where S.Element == Element {
    self.init(id: id)
    try appendUnique(elements)
  }

  /// Creates an array from elements whose ids are kept at `id`, keeping what `combine` returns when two share one.
  public init<S: Sequence>(
    _ elements: S, id: KeyPath<Element, ID>, uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows where S.Element == Element {
    self.init(id: id)
    try appendUniquing(elements, with: combine)
  }

  /// An array of `elements` the caller knows to have distinct ids, kept at `id`: a repeated id is still caught, as a
  /// precondition failure, rather than corrupting the index.
  public init<S: Sequence>(uncheckedUniqueElements elements: S, id: KeyPath<Element, ID>)
  where S.Element == Element {
    self.init(uniqueElements: elements, id: id)
  }

  /// Appends `elements` to an empty array; a repeated id traps.
  @usableFromInline mutating func appendValidated<S: Sequence>(_ elements: S) where S.Element == Element {
    do {
      try appendUnique(elements)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Appends `elements` to an empty array, throwing `DuplicateIDError` on the first repeated id.
  @usableFromInline mutating func appendUnique<S: Sequence>(_ elements: S) throws where S.Element == Element {
    positions.reserveCapacity(elements.underestimatedCount, ids: orderedIDs)
    for element in elements {
      let id = idOf(element)
      guard index(id: id) == nil else { throw DuplicateIDError(id: id) }
      appendNew(element)
    }
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// Appends `elements` to an empty array, keeping what `combine` returns when two share an id.
  @usableFromInline mutating func appendUniquing<S: Sequence>(
    _ elements: S, with combine: (Element, Element) throws -> Element
  ) rethrows where S.Element == Element {
    positions.reserveCapacity(elements.underestimatedCount, ids: orderedIDs)
    for element in elements {
      if let position = index(id: idOf(element)) {
        let combined = try combine(self.storage[position], element)
        precondition(idOf(combined) == idOf(element), "IdentifiedArray: combine changed an id to \(idOf(combined))")
        self.storage[position] = combined
      } else {
        appendNew(element)
      }
    }
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// The ids, in order.
  @inlinable public var ids: [ID] { orderedIDs }

  /// The elements as a plain array (identified-collections' name).
  @inlinable public var elements: [Element] { storage }

  /// The elements as a plain array; the same as `elements`.
  @inlinable public var elementsArray: [Element] { storage }

  /// Whether an element with `id` is present.
  @inlinable public func contains(id: ID) -> Bool { index(id: id) != nil }

  /// The position of the element with `id`, if present.
  ///
  /// Ids are compared in the elements themselves: the caller usually reads or
  /// changes the element next, so its memory is needed anyway.
  @inlinable public func index(id: ID) -> Int? {
    // The id column, not the element: reading an element's id would copy the whole element at each probe.
    positions.position(of: id) { orderedIDs[$0] }
  }

  /// Reads, replaces, mutates in place, inserts (appends) or removes (nil) the element with `id`.
  ///
  /// Setting an element whose own id differs from `id` is a precondition failure:
  /// it would corrupt the index.
  @inlinable public subscript(id id: ID) -> Element? {
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
  @usableFromInline mutating func reindex(_ position: Int, replacing oldID: ID) {
    let newID = idOf(storage[position])
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

  @usableFromInline mutating func applyModification(_ element: Element?, at position: Int, id: ID) {
    if let element {
      precondition(idOf(element) == id, "IdentifiedArray: an element's id changed from \(id) to \(idOf(element))")
      replaceElement(at: position, with: element)
    } else {
      remove(at: position)
    }
  }

  @usableFromInline mutating func insertNew(_ element: Element, id: ID) {
    precondition(idOf(element) == id, "IdentifiedArray: inserted element has id \(idOf(element)), not \(id)")
    appendNew(element)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
  }

  /// Appends `element`, whose id must be absent, and indexes it.
  @usableFromInline mutating func appendNew(_ element: Element) {
    positions.reserveCapacity(storage.count + 1, ids: orderedIDs)
    positions.insert(idOf(element), at: storage.count)
    orderedIDs.append(idOf(element))
    storage.append(element)
    writes.forget()
  }

  /// Appends `element` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    requireUniqueIDs()
    if let position = index(id: idOf(element)) { return (false, position) }
    appendNew(element)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
    return (true, storage.count - 1)
  }

  /// Inserts `element` at `index` unless its id is present; says whether it was inserted and where it is.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    requireUniqueIDs()
    if let position = self.index(id: idOf(element)) { return (false, position) }
    precondition(index >= 0 && index <= storage.count, "IdentifiedArray: insert index \(index) out of bounds")
    positions.reserveCapacity(storage.count + 1, ids: orderedIDs)
    orderedIDs.insert(idOf(element), at: index)
    storage.insert(element, at: index)
    repositionElements(from: index + 1, movedBy: 1)
    positions.insert(idOf(element), at: index)
    membershipStamp = MembershipStamp.next()
    writes.startAfresh()
    return (true, index)
  }

  /// Replaces the element with the same id, or appends it; returns the element it replaced.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    requireUniqueIDs()
    if let position = index(id: idOf(element)) {
      let old = storage[position]
      replaceElement(at: position, with: element)
      return old
    }
    append(element)
    return nil
  }

  /// Removes and returns the element with `id`, if present.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
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
    let movingIDs = Set(moving.map(idOf))
    let before = storage[..<destination].filter { !movingIDs.contains(idOf($0)) }
    let after = storage[destination...].filter { !movingIDs.contains(idOf($0)) }
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
    var result = Self(idOf: idOf)
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
    orderedIDs = storage.map(idOf)
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

// Unchecked for `idOf`, a function Swift cannot see is `Sendable`: it reads an id and captures at most a key path,
// which never changes once made.
extension IdentifiedArray: @unchecked Sendable where Element: Sendable, ID: Sendable {}

/// An array of `Identifiable` values, identified by their `id`: the name TCA code uses.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

/// Thrown when a sequence given to `IdentifiedArray(validating:)` repeats an id.
public struct DuplicateIDError: Error, CustomStringConvertible, @unchecked Sendable {
  /// The repeated id.
  public let id: AnyHashable

  /// A message naming the id.
  public var description: String { "IdentifiedArray: duplicate id \(id)" }
}
