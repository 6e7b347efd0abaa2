/// The screens pushed on a navigation stack, bottom first, each with a `StackElementID`.
///
/// The stack hands out ids itself, counting from 0 and never reusing one, so ids
/// are the same in every run and in tests without a generator dependency. Two
/// stacks are equal when they hold the same ids and elements.
public struct StackState<Element> {
  /// One pushed element and its id.
  @usableFromInline struct Entry {
    @usableFromInline let id: StackElementID
    @usableFromInline var element: Element
  }

  @usableFromInline var entries: [Entry] = []
  /// The id the next pushed element gets.
  public private(set) var nextID = StackElementID(0)
  /// Ids removed since the stack's `forEach` last ran, so that it cancels the effects of elements that code
  /// outside it removed (as TCA's mounted ids do). Not part of the value: equality, coding and dumps ignore it.
  @usableFromInline var unsettledRemovals: [StackElementID] = []
  /// Where the latest element writes were: what a watcher of the screens reads to learn which one a send wrote.
  /// Not part of the value either.
  @usableFromInline var writes = ElementWrites()
  /// The log of element writes, for a watcher of the screens (see `ElementWrites`).
  public var elementWrites: ElementWrites { writes }

  /// An empty stack.
  public init() {}

  /// A stack holding `elements`, bottom first, with ids 0, 1, 2…
  public init(_ elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// The ids, bottom first.
  public var ids: [StackElementID] { entries.map(\.id) }

  /// Pushes `element` with the next id, and returns that id.
  @discardableResult public mutating func append(_ element: Element) -> StackElementID {
    let id = nextID
    entries.append(Entry(id: id, element: element))
    writes.startAfresh()
    nextID = StackElementID(id.rawValue + 1)
    return id
  }

  /// How a push with a given id went.
  @usableFromInline enum PushOutcome {
    /// Pushed, with the id the stack would have handed out or an earlier unused one.
    case pushed
    /// Pushed, with an id beyond the one the stack would have handed out (a push action should not do that).
    case pushedBeyondNextID
    /// Not pushed: the id is on the stack already.
    case idInUse
  }

  /// Pushes `element` on top with a given id, unless the id is on the stack already; later ids are handed out
  /// after it.
  @usableFromInline mutating func push(_ element: Element, id: StackElementID) -> PushOutcome {
    guard !contains(id: id) else { return .idInUse }
    let beyond = id > nextID
    entries.append(Entry(id: id, element: element))
    writes.startAfresh()
    nextID = Swift.max(nextID, StackElementID(id.rawValue + 1))
    return beyond ? .pushedBeyondNextID : .pushed
  }

  /// Whether an element with `id` is on the stack.
  public func contains(id: StackElementID) -> Bool { index(of: id) != nil }

  /// The element with `id`, or nil.
  ///
  /// Setting a present id replaces its element; setting nil removes that element only
  /// (those above it stay, as in TCA; `pop(from:)` removes them too); setting a new id
  /// pushes it on top, whatever the id, which is how a test states a push: the check of a pushed id belongs to
  /// the push action (`forEach` reports one beyond the next id), not to the state.
  public subscript(id id: StackElementID) -> Element? {
    get { index(of: id).map { entries[$0].element } }
    set {
      guard let index = index(of: id) else {
        if let newValue { _ = push(newValue, id: id) }
        return
      }
      if let newValue {
        modifyElement(at: index) { $0 = newValue }
      } else {
        removeEntries(at: index...index)
      }
    }
  }

  /// The element with `id` as the case `casePath` names, to read or change in place:
  /// `state.path[id: 0, case: \.detail]?.title = "New"`. Setting nil removes the element.
  public subscript<Case>(id id: StackElementID, case casePath: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    get { self[id: id].flatMap(Element.casePath(casePath).extract) }
    set {
      // Only an element that is that case is changed: writing another case's payload would replace the screen,
      // and `path[id: 0, case: \.other]?.title = …` on another case must not remove it.
      guard let index = index(of: id), Element.casePath(casePath).extract(entries[index].element) != nil else {
        return
      }
      guard let newValue else {
        removeEntries(at: index...index)
        return
      }
      modifyElement(at: index) { $0 = Element.casePath(casePath).embed(newValue) }
    }
  }

  /// Removes only the element with `id` and returns it; the elements above it stay.
  @discardableResult public mutating func remove(id: StackElementID) -> Element? {
    guard let index = index(of: id) else { return nil }
    let element = entries[index].element
    removeEntries(at: index...index)
    return element
  }

  /// Removes the entries at `positions`, noting their ids for the stack's `forEach`.
  @usableFromInline mutating func removeEntries(at positions: some RangeExpression<Int>) {
    let positions = positions.relative(to: entries)
    unsettledRemovals.append(contentsOf: entries[positions].lazy.map(\.id))
    entries.removeSubrange(positions)
    writes.startAfresh()
  }

  /// Runs `body` on the element at `index` in place, and logs the write. `body` cannot throw: with no way out
  /// between the write and its log, the version need not be made unknown first (see `subscript(position:)`).
  @inlinable mutating func modifyElement<Result>(at index: Int, _ body: (inout Element) -> Result) -> Result {
    let before = entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    let result = body(&entries[index].element)
    let after = entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    writes.recordWrite(at: index, copied: after != before)
    return result
  }

  /// The element with `id` for in-place mutation by the stack's `forEach`.
  @usableFromInline func index(of id: StackElementID) -> Int? {
    // Stacks are short and actions mostly reach the top, so search from the end.
    entries.lastIndex { $0.id == id }
  }

  /// Removes the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = index(of: id) else { return }
    removeEntries(at: index...)
  }

  /// Removes every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = index(of: id) else { return }
    removeEntries(at: (index + 1)...)
  }

  /// Removes and returns the top element.
  @discardableResult public mutating func removeLast() -> Element {
    let element = entries[entries.count - 1].element
    removeEntries(at: (entries.count - 1)...)
    return element
  }

  /// Removes the top `count` elements.
  public mutating func removeLast(_ count: Int) {
    precondition(count >= 0 && count <= entries.count, "Cannot remove \(count) of \(entries.count) elements")
    removeEntries(at: (entries.count - count)...)
  }

  /// Removes every element.
  public mutating func removeAll() { removeEntries(at: 0...) }

}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The bottom position.
  public var startIndex: Int { entries.startIndex }
  /// One past the top position.
  public var endIndex: Int { entries.endIndex }
  /// The element at a position (0 is the bottom).
  public subscript(position: Int) -> Element {
    get { entries[position].element }
    _modify {
      let before = entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      let previous = writes.beginWrite()
      yield &entries[position].element
      let after = entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      writes.recordWrite(at: position, after: previous, copied: after != before)
    }
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when the ids and elements are equal, bottom to top (the id counter is not compared).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy { $0.id == $1.id && $0.element == $1.element }
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes ids and elements.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entries.count)
    for entry in entries {
      hasher.combine(entry.id)
      hasher.combine(entry.element)
    }
  }
}

extension StackState: Sendable where Element: Sendable {}
extension StackState.Entry: Sendable where Element: Sendable {}

extension StackState: Codable where Element: Codable {
  private enum CodingKeys: String, CodingKey { case ids, elements, nextID }

  /// Decodes ids, elements and the id counter; mismatched or repeated ids are a decoding error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let ids = try container.decode([StackElementID].self, forKey: .ids)
    let elements = try container.decode([Element].self, forKey: .elements)
    guard ids.count == elements.count, Set(ids).count == ids.count, ids == ids.sorted() else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container, debugDescription: "stack ids must be unique, increasing, one per element")
    }
    entries = zip(ids, elements).map { Entry(id: $0, element: $1) }
    let counter = try container.decodeIfPresent(StackElementID.self, forKey: .nextID) ?? StackElementID(0)
    nextID = Swift.max(counter, StackElementID((ids.last?.rawValue ?? -1) + 1))
  }

  /// Encodes ids, elements and the id counter.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ids, forKey: .ids)
    try container.encode(Array(self), forKey: .elements)
    try container.encode(nextID, forKey: .nextID)
  }
}

extension StackState: CustomReflectable {
  /// Reflects as fields named by id (`#0: …`), so dumps show which element has which id and diffs match by id.
  public var customMirror: Mirror {
    Mirror(self, children: entries.map { (label: $0.id.description, value: $0.element as Any) }, displayStyle: .struct)
  }
}
