/// An optional or presented child's navigation id, unbuilt: the child's key path and key.
///
/// Like `forEach`'s element ids, it is entered with `enterDeferredNavigationID`
/// and built only if something reads the path: building a `NavigationID` (two
/// existentials) and copying it in and out of the path cost more than the rest
/// of a child action that starts no effect.
@usableFromInline struct ChildNavigation: NavigationIDSource {
  /// Not retained: a source lives only during the child's reduce, while the reducer holds the key path.
  @usableFromInline unowned(unsafe) let keyPath: AnyKeyPath
  @usableFromInline let key: ChildKey
  /// The child's state type, which an enum case's identity names.
  @usableFromInline let stateType: Any.Type

  @inlinable init(keyPath: AnyKeyPath, key: ChildKey, stateType: Any.Type) {
    self.keyPath = keyPath
    self.key = key
    self.stateType = stateType
  }

  @usableFromInline static func navigationID(at source: UnsafeRawPointer) -> NavigationID {
    let child = source.assumingMemoryBound(to: Self.self).pointee
    return NavigationID(kind: KeyPathKind(child.keyPath), id: child.key.identity(enumType: child.stateType))
  }
}

extension ChildIdentifier {
  /// Runs `reduce` on `child` with the child's navigation id entered (built only if something
  /// reads the path), and returns its effect passed through `embed` with that id.
  ///
  /// What `ifLet`, `ifCaseLet` and presentation do for every child action. A child that
  /// changed its own identity (a new id, another case) is a new child: the effects of the
  /// old identity are cancelled too. The id is boxed only when an effect or a cancellation needs it.
  @inlinable func run<ChildAction, ParentAction>(
    _ child: inout State, kind: KeyPathKind, _ reduce: (inout State) -> Effect<ChildAction>,
    embed: (Effect<ChildAction>, NavigationID) -> Effect<ParentAction>
  ) -> Effect<ParentAction> {
    let key = isConstant ? ChildKey.constant : self.key(child)
    var source = ChildNavigation(keyPath: kind.keyPath, key: key, stateType: State.self)
    let effect = withUnsafePointer(to: &source) { source in
      let context = ReducingContext.enterDeferredNavigationID(source)
      defer { ReducingContext.leaveDeferredNavigationID(context) }
      return reduce(&child)
    }
    let keptIdentity = isConstant || hasIdentity(child, key)
    if effect.isNone && keptIdentity { return .none }
    let id = navigationID(key, kind: kind)
    let result = effect.isNone ? Effect<ParentAction>.none : embed(effect, id)
    return keptIdentity ? result : .merge(result, .cancel(id: id))
  }

  /// The navigation id of the child with `key`, among the children of `kind`.
  @inlinable func navigationID(_ key: ChildKey, kind: KeyPathKind) -> NavigationID {
    NavigationID(kind: kind, id: key.identity(enumType: State.self))
  }
}
