/// A writable way to a field of `Root`: a key path, and once prepared, the field's byte offset.
///
/// Applying a key path goes through the runtime on every call (tens of
/// nanoseconds, and metadata lookups for generic types), and `Scope` and
/// `forEach` do it for every action at every level. When the key path names
/// stored properties of structs, `MemoryLayout.offset(of:)` gives the field's
/// offset, and reaching it is pointer arithmetic: the use that API documents.
/// Computing the offset is itself a runtime walk, so it happens once, in
/// `prepare()`, which a store triggers through `prepareReducer(_:)`.
/// Unprepared, or for computed properties and class fields (no offset), the key
/// path is used as is.
@usableFromInline struct FieldPath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline var offset: Int?

  @inlinable init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = nil
  }

  /// Looks the field's offset up, once.
  @inlinable mutating func prepare() {
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The field inside the `Root` at `root`, given the offset `prepare()` found.
  ///
  /// Callers take `root` from an inout argument (`&state`) and use the result
  /// only within that call; no closure is involved, because a closure captures
  /// the values it uses by copying them, and a reducer tree can be hundreds of bytes.
  @inlinable static func field(at offset: Int, in root: UnsafeMutablePointer<Root>) -> UnsafeMutablePointer<Value> {
    UnsafeMutableRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self)
  }
}
