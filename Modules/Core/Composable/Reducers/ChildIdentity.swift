/// The identity of a child's state, used to tell "the same child, changed" from "a new child".
///
/// Identifiable state is identified by its id; other state by its enum case or,
/// for structs, by being present at all.
@usableFromInline func childIdentity<State>(of state: State) -> AnyHashableSendable {
  if let identifiable = state as? any Identifiable {
    return identity(of: identifiable)
  }
  return AnyHashableSendable(0)
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
  let keyPath: AnyKeyPath
  @usableFromInline init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}
