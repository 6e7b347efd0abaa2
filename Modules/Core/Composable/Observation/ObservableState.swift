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
/// A store of any other state tells its observers about every change, as before.
public protocol ObservableState {
  /// The stored fields, each with how to tell whether it changed (generated).
  static var observableFields: ObservableFieldList<Self> { get }
}

/// One stored field of an `ObservableState`: its key path, and how two states' values of it compare.
public struct ObservableField<Root> {
  let keyPath: AnyKeyPath
  let hasChanged: (Root, Root) -> Bool

  /// A field compared with `==`.
  public init<Value: Equatable>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    hasChanged = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
  }

  /// A field that cannot be compared: every change of the state counts as a change of it.
  public init<Value>(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    hasChanged = { _, _ in true }
  }
}

/// The fields of an `ObservableState`, in declaration order, and how to find which changed.
public struct ObservableFieldList<Root> {
  let fields: [ObservableField<Root>]
  let indexByKeyPath: [AnyKeyPath: Int]
  /// Whether every stored field is listed; a state with a private one cannot list it, so a send that changed no
  /// listed field may still have changed it.
  let coversEveryField: Bool

  /// The list of `fields`; `coversEveryField` is false when some stored field could not be listed.
  public init(_ fields: [ObservableField<Root>], coversEveryField: Bool = true) {
    self.fields = fields
    self.coversEveryField = coversEveryField
    var index: [AnyKeyPath: Int] = [:]
    for (position, field) in fields.enumerated() { index[field.keyPath] = position }
    indexByKeyPath = index
  }

  /// What reading `keyPath` observes: its field, or the whole state for a key path that is not one stored field
  /// (a computed property depends on fields the list cannot see).
  func reads(_ keyPath: AnyKeyPath) -> FieldSet {
    indexByKeyPath[keyPath].map(FieldSet.init(field:)) ?? .all
  }

  /// The fields whose values differ between `old` and `new` (all of them, when none listed did and some field is
  /// not listed).
  func changes(from old: Root, to new: Root) -> FieldSet {
    var changed = FieldSet()
    for (position, field) in fields.enumerated() where field.hasChanged(old, new) {
      changed.insert(field: position)
    }
    return changed.isEmpty && !coversEveryField ? .all : changed
  }
}

/// A set of fields by position, or all of them: what an observer read, or what a send changed.
struct FieldSet: Equatable {
  private var mask: UInt64 = 0
  private(set) var isAll = false

  /// Every field.
  static let all = FieldSet(isAll: true)

  init() {}

  private init(isAll: Bool) {
    self.isAll = isAll
  }

  /// The one field at `field`.
  init(field: Int) {
    insert(field: field)
  }

  // Past 64 fields, a field is counted as all of them: more reads than needed are told, never fewer.
  mutating func insert(field: Int) {
    if field < 64 { mask |= 1 << UInt64(field) } else { isAll = true }
  }

  /// Adds `other`'s fields.
  mutating func formUnion(_ other: FieldSet) {
    mask |= other.mask
    isAll = isAll || other.isAll
  }

  /// Whether a change of `self` concerns a read of `other` (or the other way round).
  func intersects(_ other: FieldSet) -> Bool {
    if isAll { return other.isAll || other.mask != 0 }
    if other.isAll { return mask != 0 }
    return mask & other.mask != 0
  }

  /// Whether no field is in the set.
  var isEmpty: Bool { !isAll && mask == 0 }
}
