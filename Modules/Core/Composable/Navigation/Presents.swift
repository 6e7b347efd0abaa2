/// Optional child state for a presented feature, kept in a heap box so the parent stays small.
///
/// The parent stores one pointer however large (or deeply nested) the child is,
/// so a feature that presents itself recursively cannot overflow the stack, and
/// copying a parent copies no child. Mutation goes through the box in place
/// while it is uniquely referenced (copy-on-write otherwise). Declare it as
/// `@Presents var destination: Destination.State?` and compose with
/// `.ifLet(\.$destination, action: \.destination) { Destination() }`.
@propertyWrapper
public struct Presents<State> {
  // Reached only through `Presents`, whose accesses the compiler checks statically: dynamic checks on the box
  // cost a tenth of a presented child's action.
  @usableFromInline final class Box {
    @exclusivity(unchecked) @usableFromInline var value: State?
    /// The storage a write replaced or dismissed since the presentation's `ifLet` last ran, kept so that it can
    /// cancel the effects of a child that code outside it dismissed or replaced (TCA keeps a `presentedID`).
    /// A box whose value is nil only holds this record. Equality, hashing, coding and dumps ignore it.
    @exclusivity(unchecked) @usableFromInline var replaced: Box?

    @usableFromInline init(_ value: State?, replaced: Box? = nil) {
      self.value = value
      self.replaced = replaced
    }
  }

  @usableFromInline var box: Box?

  /// Wraps `wrappedValue` (nil: nothing presented).
  @inlinable public init(wrappedValue: State?) {
    box = wrappedValue.map { Box($0) }
  }

  /// The presented child's state, or nil.
  @inlinable public var wrappedValue: State? {
    get { box?.value }
    set {
      guard box != nil else {
        box = newValue.map { Box($0) }
        return
      }
      if box!.replaced != nil {
        // Already recorded since the `ifLet` ran: the first write keeps what it saw, no chain builds up.
        if newValue != nil, isKnownUniquelyReferenced(&box!) {
          box!.value = newValue
        } else {
          box = Box(newValue, replaced: box!.replaced)
        }
      } else if box!.value != nil {
        box = Box(newValue, replaced: box)
      } else {
        box = newValue.map { Box($0) }
      }
    }
    // Changes in place are not recorded: they keep the child (a change of id by code outside the `ifLet` is not
    // seen), and recording would copy the storage of every level a deep change goes through.
    _modify {
      if box == nil {
        box = Box(nil)
      } else if !isKnownUniquelyReferenced(&box!) {
        box = Box(box!.value, replaced: box!.replaced)
      }
      defer { if box?.value == nil, box?.replaced == nil { box = nil } }
      yield &box!.value
    }
  }

  /// What a write from outside the `ifLet` replaced or dismissed since it last ran.
  @inlinable var replaced: Box? { box?.replaced }

  /// Forgets what was replaced: the `ifLet` has cancelled what it had to.
  @inlinable mutating func settleReplacement() {
    guard box?.replaced != nil else { return }
    if box!.value == nil {
      box = nil
    } else if isKnownUniquelyReferenced(&box!) {
      box!.replaced = nil
    } else {
      box = Box(box!.value)
    }
  }

  /// Changes the presented child in place without recording: for its own `ifLet`, which tells a
  /// new child from a changed one itself.
  @inlinable mutating func modifyPresented<Result>(_ body: (inout State) -> Result) -> Result {
    if !isKnownUniquelyReferenced(&box!) { box = Box(box!.value, replaced: box!.replaced) }
    return body(&box!.value!)
  }

  /// The wrapper itself, so navigation operators can take `\.$destination`.
  @inlinable public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The presented state as the case `casePath` names, to read or change in place:
  /// `state.$destination[case: \.counter]?.count += 1`. Writing changes only a child that is that case;
  /// writing nil dismisses it.
  public subscript<Case>(case casePath: CaseKeyPath<State, Case>) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap(State.casePath(casePath).extract) }
    set {
      // Only a child that is that case is changed or dismissed: `$destination[case: \.other]?.count += 1` on
      // another case must neither replace nor dismiss it.
      guard let current = wrappedValue, State.casePath(casePath).extract(current) != nil else { return }
      wrappedValue = newValue.map(State.casePath(casePath).embed)
    }
  }

  /// Whether two wrappers share one box (so they are equal without comparing children).
  @inlinable func sharesStorage(with other: Self) -> Bool { box === other.box }
}

extension Presents: Equatable where State: Equatable {
  /// Equal when both share a box or both hold equal children.
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Presents: Hashable where State: Hashable {
  /// Hashes the child.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Presents: @unchecked Sendable where State: Sendable {}

extension Presents: Decodable where State: Decodable {
  /// Decodes the optional child.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension Presents: Encodable where State: Encodable {
  /// Encodes the optional child.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Presents: ValueDumpTransparent {
  /// Dumps as the optional child, so dumps and diffs show the child, not the box.
  public var valueDumpSubject: Any { wrappedValue as Any }
}
