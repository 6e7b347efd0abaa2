/// A state whose observers are told only about the fields they read: `observe { }` and the stores' field-level
/// tracking compare the fields one by one instead of telling every observer about every change.
///
/// Conform a struct and the boilerplate plugin writes `observableFields` (no macro), as TCA's `@ObservableState`
/// instruments its properties:
///
///     struct State: Equatable, ObservableState {
///       var count = 0
///       var isLoading = false
///     }
///
/// A store of any other state tells its observers about every change.
public protocol ObservableState {
  /// The stored fields, each with how to tell whether it changed (generated).
  static var observableFields: ObservableFieldList<Self> { get }
}

/// One stored field of an `ObservableState`: its key path, and how a store's hub follows its changes.
public struct ObservableField<Root> {
  @usableFromInline let keyPath: AnyKeyPath
  /// Makes a follower of the field for one hub: given each new state, it says whether the field changed since the
  /// state it was given last (the first call only remembers). It keeps the field's value, or for a list its ids
  /// and write version, and nothing else of the state: a hub keeping the whole state would keep a list in it, and
  /// the next write to a row would copy the list.
  @usableFromInline let makeFollower: () -> (Root) -> Bool

  // Inlinable, so the comparison is specialized for the field's type in the state's own module.
  /// A field compared with `==`.
  @inlinable public init<Value: Equatable>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    makeFollower = {
      var last: Value?
      return { root in
        let value = root[keyPath: keyPath]
        guard let old = last else {
          last = value
          return false
        }
        // An equal value keeps the one held: nothing is retained or copied for a field that did not change.
        guard old != value else { return false }
        last = value
        return true
      }
    }
  }

  /// A field that cannot be compared with `==`: it counts as changed when it was written, that is when its
  /// representation differs (another value, another reference, storage a write copied), and not at every send.
  @inlinable public init<Value>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    makeFollower = {
      var last: Value?
      return { root in
        let value = root[keyPath: keyPath]
        defer { last = value }
        guard let old = last else { return false }
        return !hasSameRepresentation(old, value)
      }
    }
  }

  /// A list: changed when its ids changed or a row was written since (`ElementWrites`), its rows never compared
  /// nor kept, so that a row's write costs the same however long the list.
  @inlinable public init<ID: Hashable, Element>(_ keyPath: KeyPath<Root, IdentifiedArray<ID, Element>>) {
    self.init(keyPath, ids: \.ids, writes: \.elementWrites)
  }

  /// A navigation stack: changed when its ids changed or a screen was written since.
  @inlinable public init<Element>(_ keyPath: KeyPath<Root, StackState<Element>>) {
    self.init(keyPath, ids: \.ids, writes: \.elementWrites)
  }

  // The same for lists of `Equatable` rows, which the `==` initializer would otherwise take as well.
  /// A list of `Equatable` rows, followed as any list is (its rows are never compared).
  @inlinable public init<ID: Hashable, Element: Equatable>(_ keyPath: KeyPath<Root, IdentifiedArray<ID, Element>>) {
    self.init(keyPath, ids: \.ids, writes: \.elementWrites)
  }

  /// A navigation stack of `Equatable` screens, followed as any stack is.
  @inlinable public init<Element: Equatable>(_ keyPath: KeyPath<Root, StackState<Element>>) {
    self.init(keyPath, ids: \.ids, writes: \.elementWrites)
  }

  @inlinable init<Rows, ID: Equatable>(
    _ keyPath: KeyPath<Root, Rows>, ids: KeyPath<Rows, [ID]>, writes: KeyPath<Rows, ElementWrites>
  ) {
    self.keyPath = keyPath
    makeFollower = {
      var last: (ids: [ID], version: UInt64)?
      return { root in
        let rows = root[keyPath: keyPath]
        let now = (ids: rows[keyPath: ids], version: rows[keyPath: writes].version)
        defer { last = now }
        guard let old = last else { return false }
        return old.ids != now.ids || rows[keyPath: writes].written(since: old.version) != .nothing
      }
    }
  }
}

/// Whether two values have the same bytes in place: then they are the same value (the same references, the same
/// storage), since a store's last state shares the storage of the new one and any write to it copies first. Two
/// equal values may differ here (a copied buffer, padding): such a field is told once more, never once less.
@inlinable func hasSameRepresentation<Value>(_ old: Value, _ new: Value) -> Bool {
  withUnsafeBytes(of: old) { oldBytes in
    withUnsafeBytes(of: new) { newBytes in oldBytes.elementsEqual(newBytes) }
  }
}

/// The fields of an `ObservableState`, in declaration order, and how to find which changed.
public struct ObservableFieldList<Root> {
  @usableFromInline let indexByKeyPath: [AnyKeyPath: Int]
  /// Makes a follower of every field for one hub: given each new state, the fields that changed since the state it
  /// was given last (none at the first call, which only remembers). Built where the state's generated list is
  /// made, so it runs as code specialized for the state rather than generic code looking up type metadata.
  @usableFromInline package let makeChangeFollower: () -> (Root) -> FieldSet

  /// The list of `fields`; `coversEveryField` is false when some stored field could not be listed (a private one),
  /// and then a send that changed no listed field counts as a change of all.
  @inlinable public init(_ fields: [ObservableField<Root>], coversEveryField: Bool = true) {
    indexByKeyPath = Self.index(fields)
    let makers = fields.map(\.makeFollower)
    makeChangeFollower = {
      let followers = makers.map { $0() }
      var isFirst = true
      return { new in
        var changed = FieldSet()
        for position in followers.indices where followers[position](new) {
          changed.insert(field: position)
        }
        defer { isFirst = false }
        return changed.isEmpty && !coversEveryField && !isFirst ? .everyField : changed
      }
    }
  }
  @usableFromInline static func index(_ fields: [ObservableField<Root>]) -> [AnyKeyPath: Int] {
    var index: [AnyKeyPath: Int] = [:]
    for (position, field) in fields.enumerated() { index[field.keyPath] = position }
    return index
  }

  /// What reading `keyPath` observes: its field, or the whole state for a key path that is not one stored field
  /// (a computed property depends on fields the list cannot see).
  package func reads(_ keyPath: AnyKeyPath) -> FieldSet {
    indexByKeyPath[keyPath].map(FieldSet.init(field:)) ?? .everyField
  }
}

/// A set of fields by position, or all of them, and the state's structure: what an observer read, or what a send
/// changed.
///
/// The structure is what a parent shows of a child it presents, lists or stacks: whether an optional child is
/// there, which rows a list holds, which screens a stack. Reading through an optional, row or stack scope reads it,
/// so a view showing a sheet or a pushed screen is told when it comes and goes, and not when it changes inside.
@usableFromInline package struct FieldSet: Equatable, Sendable {
  @usableFromInline var mask: UInt64 = 0
  @usableFromInline private(set) var isAll = false
  @usableFromInline var structure = false

  /// Every field, and the structure: the whole state, or a state that came or went.
  @usableFromInline package static let all = FieldSet(isAll: true, structure: true)
  /// Every field, not the structure: a state whose changed fields cannot be named.
  @usableFromInline static let everyField = FieldSet(isAll: true, structure: false)
  /// The structure alone.
  static let structureOnly = FieldSet(isAll: false, structure: true)

  @inlinable package init() {}

  @usableFromInline init(isAll: Bool, structure: Bool) {
    self.isAll = isAll
    self.structure = structure
  }

  /// The one field at `field`.
  init(field: Int) {
    insert(field: field)
  }

  // Past 64 fields, a field is counted as all of them: more reads than needed are told, never fewer.
  @inlinable mutating func insert(field: Int) {
    if field < 64 { mask |= 1 << UInt64(field) } else { isAll = true }
  }

  /// Adds `other`'s fields.
  package mutating func formUnion(_ other: FieldSet) {
    mask |= other.mask
    isAll = isAll || other.isAll
    structure = structure || other.structure
  }

  /// Whether a change of `self` concerns a read of `other` (or the other way round).
  package func intersects(_ other: FieldSet) -> Bool {
    if structure && other.structure { return true }
    if isAll { return other.isAll || other.mask != 0 }
    if other.isAll { return mask != 0 }
    return mask & other.mask != 0
  }

  /// The fields of both sets, and the structure if either has it.
  func union(_ other: FieldSet) -> FieldSet {
    var both = self
    both.formUnion(other)
    return both
  }

  /// Whether the field at `field` is in the set (any field, for all fields).
  func contains(field: Int) -> Bool {
    isAll || (field < 64 && mask & (1 << UInt64(field)) != 0)
  }

  /// Removes `other`'s fields (all of them when `other` is all fields).
  mutating func subtract(_ other: FieldSet) {
    if other.isAll {
      isAll = false
      mask = 0
    } else {
      mask &= ~other.mask
    }
    if other.structure { structure = false }
  }

  /// The fields in both sets (all of `other` when `self` is all fields).
  func intersection(_ other: FieldSet) -> FieldSet {
    var both = FieldSet()
    if isAll {
      both.isAll = other.isAll
      both.mask = other.mask
    } else if other.isAll {
      both.mask = mask
    } else {
      both.mask = mask & other.mask
    }
    both.structure = structure && other.structure
    return both
  }

  /// The positions of the fields in the set (none for all fields: they cannot be listed).
  var positions: [Int] {
    var positions: [Int] = []
    var rest = mask
    while rest != 0 {
      positions.append(rest.trailingZeroBitCount)
      rest &= rest - 1
    }
    return positions
  }

  /// Whether no field is in the set, nor the structure.
  @inlinable package var isEmpty: Bool { !isAll && mask == 0 && !structure }
}
