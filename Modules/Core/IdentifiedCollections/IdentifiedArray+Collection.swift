extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element.
  @inlinable public var startIndex: Int { 0 }
  /// The position one past the last element.
  @inlinable public var endIndex: Int { storage.count }
  /// The number of elements.
  @inlinable public var count: Int { storage.count }
  /// Whether there are no elements.
  @inlinable public var isEmpty: Bool { storage.isEmpty }

  /// Reads, replaces or mutates in place the element at `position`.
  ///
  /// Writing an element with another id there re-indexes the position, so that
  /// the standard library's algorithms (`sort()`, a slice's `reverse()`, which
  /// swap through this subscript) work. A write may leave two elements with one
  /// id for a moment, as the first half of a swap does; one left so when the
  /// array is next changed by id is a programmer error (a precondition failure).
  @inlinable public subscript(position: Int) -> Element {
    get { storage[position] }
    _modify {
      let id = idOf(storage[position])
      let before = elementsAddress
      // Not logged in a `defer`, which costs a call per write: `beginWrite` leaves the version unknown should the
      // caller throw out of the access, so what follows the yield is skipped.
      let previous = writes.beginWrite()
      yield &storage[position]
      if idOf(storage[position]) != id {
        reindex(position, replacing: id)
      } else {
        writes.recordWrite(at: position, after: previous, copied: elementsAddress != before)
      }
    }
  }

  /// Runs `body` on the element at `position` in place, as the positional subscript's write does, for a caller
  /// that cannot throw out of it (a `forEach` running an element's reducer): with no way out between the write and
  /// its log, the version need not be made unknown first, which saves a store on the hottest path of a list.
  @inlinable package mutating func modifyElement<Result>(at position: Int, _ body: (inout Element) -> Result)
    -> Result
  {
    let id = idOf(storage[position])
    let before = elementsAddress
    let result = body(&storage[position])
    if idOf(storage[position]) != id {
      reindex(position, replacing: id)
    } else {
      writes.recordWrite(at: position, copied: elementsAddress != before)
    }
    return result
  }

  /// Exchanges two elements, keeping the id index right.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    swapElements(i, j)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when the same elements are in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes as a plain JSON array of the elements.
  public func encode(to encoder: any Encoder) throws {
    try storage.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array; a repeated id is a `DecodingError.dataCorrupted`, never a trap.
  public init(from decoder: any Decoder) throws {
    let decoded = try [Element](from: decoder)
    do {
      try self.init(validating: decoded)
    } catch {
      // Said as identified-collections says it: where in the JSON array the repeated element is.
      var seen = Set<ID>()
      let offset = decoded.firstIndex { !seen.insert($0.id).inserted } ?? 0
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "Duplicate element at offset \(offset)"))
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// Prints like an array.
  public var description: String { storage.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as its elements, like an array, so dumps and debuggers show the rows and not the index.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: storage, displayStyle: .collection)
  }
}
