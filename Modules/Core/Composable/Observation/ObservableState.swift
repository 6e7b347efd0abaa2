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

/// One stored field of an `ObservableState`: its key path, and how two states' values of it compare.
public struct ObservableField<Root> {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let hasChanged: (Root, Root) -> Bool

  // Inlinable, so the comparison is specialized for the field's type in the state's own module.
  /// A field compared with `==`.
  @inlinable public init<Value: Equatable>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    hasChanged = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
  }

  /// A field that cannot be compared with `==`: it counts as changed when it was written, that is when its
  /// representation differs (another value, another reference, storage a write copied), and not at every send.
  @inlinable public init<Value>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    hasChanged = { !hasSameRepresentation($0[keyPath: keyPath], $1[keyPath: keyPath]) }
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
  /// Compares two states field by field: built where the state's generated list is made, so it runs as code
  /// specialized for the state rather than generic code looking up type metadata at every send.
  @usableFromInline package let changesBetween: (Root, Root) -> FieldSet

  /// The list of `fields`; `coversEveryField` is false when some stored field could not be listed (a private one),
  /// and then a send that changed no listed field counts as a change of all.
  @inlinable public init(_ fields: [ObservableField<Root>], coversEveryField: Bool = true) {
    indexByKeyPath = Self.index(fields)
    let comparisons = fields.map(\.hasChanged)
    changesBetween = { old, new in
      var changed = FieldSet()
      for position in comparisons.indices where comparisons[position](old, new) {
        changed.insert(field: position)
      }
      return changed.isEmpty && !coversEveryField ? .everyField : changed
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
