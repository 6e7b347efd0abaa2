import Foundation

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
  /// For enum state, what each case's payload is (identifiable, ephemeral), learned once per case.
  @usableFromInline let cases: EnumCasePayloads?

  @usableFromInline init() {
    if let identifiable = State.self as? any Identifiable.Type {
      key = Self.identifying(identifiable)
      isConstant = false
      cases = nil
    } else if isEnum(State.self) {
      let cases = EnumCasePayloads()
      key = { state in
        let tag = enumTag(of: state)
        // A case holding an identifiable child is that child: another id in the same case is a new child.
        if let id = cases.payloadID(of: state, tag: tag) { return .enumCaseID(tag, id) }
        return .enumCase(tag)
      }
      isConstant = false
      self.cases = cases
    } else {
      key = { _ in .constant }
      isConstant = true
      cases = nil
    }
  }

  /// Whether `state` still has identity `key`. For an enum case whose payload is not identifiable the
  /// case's tag decides: the payload lookup is skipped for the second time within one action.
  @inlinable func hasIdentity(_ state: State, _ key: ChildKey) -> Bool {
    if case let .enumCase(tag) = key { return enumTag(of: state) == tag }
    return self.key(state) == key
  }

  /// Whether `state` is an enum case holding an alert or a dialog, which any of its actions dismisses.
  @usableFromInline func holdsEphemeralCase(_ state: State) -> Bool {
    guard let cases else { return false }
    return cases.isEphemeral(state, tag: enumTag(of: state))
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
  /// An enum child whose case holds an `Identifiable` value: the case's tag and the value's id.
  case enumCaseID(UInt32, AnyHashableSendable)

  /// The identity a navigation id holds; `enumType` is the child's state type, for an enum's case.
  @usableFromInline func identity(enumType: Any.Type) -> AnyHashableSendable {
    switch self {
    case .constant: AnyHashableSendable(0)
    case let .enumCase(tag): AnyHashableSendable(EnumCaseIdentity(tag: tag, type: enumType, id: nil))
    case let .enumCaseID(tag, id): AnyHashableSendable(EnumCaseIdentity(tag: tag, type: enumType, id: id))
    case let .id(id): id
    }
  }
}

/// An enum child's identity: which case it holds, and the id of what the case holds if that is `Identifiable`.
struct EnumCaseIdentity: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Unchecked: the metatype is immutable and lives as long as the program.
  let tag: UInt32
  let type: Any.Type
  let id: AnyHashableSendable?

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.tag == rhs.tag && lhs.type == rhs.type && lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(tag)
    hasher.combine(ObjectIdentifier(type))
    hasher.combine(id)
  }
  /// The enum and the case's index, such as `Destination.State.case1`, and the id if any.
  var description: String { "\(type).case\(tag)" + (id.map { "(id: \($0))" } ?? "") }
}

/// What the payload of each case of an enum is, learned by reflection the first time a case is seen.
///
/// Reflection (a `Mirror`) costs thousands of instructions, so it runs once per case to learn whether
/// the payload is `Identifiable` or ephemeral; after that only identifiable payloads are reflected, to
/// read their id. What is learned sits in an array indexed by case tag: every child action of an enum
/// destination asks (its identity before and after, and whether it is an alert), so the lookup is a load,
/// not a hash. Reducers run on the main actor, but the lock keeps this correct from anywhere.
@usableFromInline final class EnumCasePayloads: @unchecked Sendable {
  private struct Kind {
    var isIdentifiable: Bool
    var isEphemeral: Bool
  }

  private let lock = NSLock()
  // Guarded by the lock.
  @exclusivity(unchecked) private var kinds: [Kind?] = []
  /// What the main thread has learned, read there without the lock (stores run reducers on the main actor).
  @exclusivity(unchecked) private var kindsOnMainThread: [Kind?] = []

  @usableFromInline init() {}

  /// The id of the payload of `value` (whose case is `tag`) if it is `Identifiable`.
  @usableFromInline func payloadID<Value>(of value: Value, tag: UInt32) -> AnyHashableSendable? {
    // Generic, so that a case without an identifiable payload costs no boxing of the value into `Any`.
    guard kind(of: value, tag: tag).isIdentifiable,
      let payload = Mirror(reflecting: value).children.first?.value as? any Identifiable
    else { return nil }
    return identity(of: payload)
  }

  /// Whether the payload of `value` (whose case is `tag`) is an alert or a dialog.
  @usableFromInline func isEphemeral<Value>(_ value: Value, tag: UInt32) -> Bool {
    kind(of: value, tag: tag).isEphemeral
  }

  private func kind<Value>(of value: Value, tag: UInt32) -> Kind {
    let index = Int(tag)
    guard Thread.isMainThread else { return lockedKind(of: value, index: index) }
    if index < kindsOnMainThread.count, let known = kindsOnMainThread[index] { return known }
    let kind = lockedKind(of: value, index: index)
    if kindsOnMainThread.count <= index {
      kindsOnMainThread += Array(repeating: nil, count: index + 1 - kindsOnMainThread.count)
    }
    kindsOnMainThread[index] = kind
    return kind
  }

  /// The kind of case `index`, through the cache every thread shares; learned by reflecting `value`.
  private func lockedKind<Value>(of value: Value, index: Int) -> Kind {
    if let known = lock.withLock({ index < kinds.count ? kinds[index] : nil }) { return known }
    let payload = Mirror(reflecting: value).children.first?.value
    let kind = Kind(isIdentifiable: payload is any Identifiable, isEphemeral: payload is any EphemeralState)
    lock.withLock {
      if kinds.count <= index { kinds += Array(repeating: nil, count: index + 1 - kinds.count) }
      kinds[index] = kind
    }
    return kind
  }
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
