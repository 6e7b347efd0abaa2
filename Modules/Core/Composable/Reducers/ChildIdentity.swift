/// The identity of a child's state, used to tell "the same child, changed" from "a new child".
///
/// Identifiable state is identified by its id; enum state by its case (so switching
/// a destination from one screen to another is a new child); other state by being
/// present at all.
@usableFromInline func childIdentity<State>(of state: State) -> AnyHashableSendable {
  if let identifiable = state as? any Identifiable {
    return identity(of: identifiable)
  }
  if isEnum(State.self), let name = enumCaseName(state) {
    return AnyHashableSendable(String(cString: name))
  }
  return AnyHashableSendable(0)
}

/// How a navigation reducer identifies its child's state: `childIdentity(of:)`'s rule, decided once.
///
/// `childIdentity(of:)` asks the runtime whether the value is `Identifiable` on
/// every call (a dynamic cast: a conformance lookup of hundreds of instructions).
/// `ifLet`, `ifCaseLet` and presentation identify their child on every action that
/// reaches it, so they decide once, for the child's type, which rule applies.
@usableFromInline struct ChildIdentifier<State>: @unchecked Sendable {
  // Unchecked: the closure captures nothing but metatypes.
  @usableFromInline let identify: (State) -> AnyHashableSendable
  /// The one identity every value has, when the state is neither `Identifiable` nor an enum:
  /// then a change to the child never makes it a new child, and only presence matters.
  @usableFromInline let constantIdentity: AnyHashableSendable?

  /// Whether every value has the same identity.
  @inlinable var isConstant: Bool { constantIdentity != nil }

  @usableFromInline init() {
    if let identifiable = State.self as? any Identifiable.Type {
      identify = Self.identifying(identifiable)
      constantIdentity = nil
    } else if isEnum(State.self) {
      identify = { state in
        enumCaseName(state).map { AnyHashableSendable(String(cString: $0)) } ?? AnyHashableSendable(0)
      }
      constantIdentity = nil
    } else {
      let constant = AnyHashableSendable(0)
      identify = { _ in constant }
      constantIdentity = constant
    }
  }

  /// Reads the id of a `State` that is, at run time, the `Identifiable` type `type`.
  private static func identifying<Identified: Identifiable>(
    _ type: Identified.Type
  ) -> (State) -> AnyHashableSendable {
    { state in
      withUnsafePointer(to: state) { pointer in
        pointer.withMemoryRebound(to: Identified.self, capacity: 1) { identity(of: $0.pointee) }
      }
    }
  }
}

/// Whether `type` is an enum (not an optional): the runtime metadata's kind word says so.
private func isEnum(_ type: Any.Type) -> Bool {
  // MetadataKind.enum is 0x201 in the Swift ABI; reading the first word of any type's metadata is safe.
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}

/// The runtime's name for the case `value` holds (the same lookup `Mirror` uses, without building one).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

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
