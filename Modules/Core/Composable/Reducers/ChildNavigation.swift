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
