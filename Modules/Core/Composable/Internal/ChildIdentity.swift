/// How a navigation reducer identifies its child's state, to tell "the same child, changed" from "a new child".
///
/// Identifiable state is identified by its id; enum state by its case (so switching
/// a destination from one screen to another is a new child); other state by being
/// present at all. Which rule applies is decided once, for the child's type: asking
/// the runtime whether a value is `Identifiable` is a dynamic cast (a conformance
/// lookup of hundreds of instructions), and `ifLet`, `ifCaseLet`, presentation
/// and stacks identify their child on every action that reaches it.
@usableFromInline struct ChildIdentifier<State>: @unchecked Sendable {
  // Unchecked: the closure captures nothing but metatypes.
  /// The child's key: compared on every child action, boxed into an identity only for a navigation id.
  @usableFromInline let key: (State) -> ChildKey
  /// Whether every value has the same identity (state neither `Identifiable` nor an enum):
  /// then a change to the child never makes it a new child, and only presence matters.
  @usableFromInline let isConstant: Bool

  @usableFromInline init() {
    if let identifiable = State.self as? any Identifiable.Type {
      key = Self.identifying(identifiable)
      isConstant = false
    } else if isEnum(State.self) {
      key = { state in .enumCase(enumTag(of: state)) }
      isConstant = false
    } else {
      key = { _ in .constant }
      isConstant = true
    }
  }

  /// The identity of `state`, boxed, as navigation ids hold it.
  @inlinable func identify(_ state: State) -> AnyHashableSendable {
    key(state).identity(enumType: State.self)
  }

  /// Reads the id of a `State` that is, at run time, the `Identifiable` type `type`.
  private static func identifying<Identified: Identifiable>(_ type: Identified.Type) -> (State) -> ChildKey {
    { state in
      withUnsafePointer(to: state) { pointer in
        pointer.withMemoryRebound(to: Identified.self, capacity: 1) { .id(identity(of: $0.pointee)) }
      }
    }
  }
}

/// What tells one child from another: cheap to compare, boxed into an identity only when a
/// navigation id is built (boxing a value in `AnyHashable` allocates and asks the runtime for a
/// conformance, more than the rest of a child action).
@usableFromInline enum ChildKey: Equatable, @unchecked Sendable {
  // Unchecked: `AnyHashableSendable` is only built from Sendable values or ids compared only.
  /// A child without identity: any two are the same child.
  case constant
  /// An enum child: its case's tag.
  case enumCase(UInt32)
  /// An `Identifiable` child: its id.
  case id(AnyHashableSendable)

  /// The identity a navigation id holds; `enumType` is the child's state type, for an enum's case.
  @usableFromInline func identity(enumType: Any.Type) -> AnyHashableSendable {
    switch self {
    case .constant: AnyHashableSendable(0)
    case let .enumCase(tag): AnyHashableSendable(EnumCaseIdentity(tag: tag, type: enumType))
    case let .id(id): id
    }
  }
}

/// An enum child's identity: which case it holds.
struct EnumCaseIdentity: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Unchecked: the metatype is immutable and lives as long as the program.
  let tag: UInt32
  let type: Any.Type

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.tag == rhs.tag && lhs.type == rhs.type }
  func hash(into hasher: inout Hasher) {
    hasher.combine(tag)
    hasher.combine(ObjectIdentifier(type))
  }
  /// The enum and the case's index, such as `Destination.State.case1`.
  var description: String { "\(type).case\(tag)" }
}

private func identity<T: Identifiable>(of value: T) -> AnyHashableSendable {
  AnyHashableSendable(UncheckedHashable(value.id))
}

/// Lets an id that is not declared `Sendable` take part in a navigation id; it is only ever compared.
private struct UncheckedHashable<Base: Hashable>: Hashable, @unchecked Sendable {
  let base: Base
  init(_ base: Base) { self.base = base }
}

/// Erases a key path for use as the `kind` half of a navigation id; key paths are immutable.
@usableFromInline struct KeyPathKind: Hashable, @unchecked Sendable {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}
