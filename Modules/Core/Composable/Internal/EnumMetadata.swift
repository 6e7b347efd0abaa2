// Reads of the Swift runtime's type metadata: the one place this package depends on the ABI's layout.
//
// Why: an enum destination or stack element is identified by the case it holds (a child that changes case is a
// new child, its effects cancelled). The runtime's public answer, `swift_EnumCaseName`, demangles the payload
// types on every call (about 15,000 instructions here); the tag itself is one indirect call away.
//
// The layout relied on, from the Swift ABI (swift/docs/ABI/TypeMetadata.rst and
// swift/include/swift/ABI/ValueWitness.def, stable since Swift 5 on Apple platforms and Linux alike):
// - a type's metadata pointer is preceded by a pointer to its value witness table;
// - that table starts with 8 function pointers (initializeBufferWithCopyOfBuffer … assignWithTake,
//   getEnumTagSinglePayload, storeEnumTagSinglePayload), then size and stride (two words), then flags and
//   extra inhabitants (two 32-bit fields);
// - an enum's table continues with `getEnumTag(value, metadata) -> UInt32`: payload cases first, then the others,
//   each group in declaration order;
// - the first word of any metadata is its kind; `MetadataKind.Enum` is 0x201 (Optional is 0x202).
// ChildIdentifierTests checks both on this toolchain, so a layout change fails the tests rather than misbehaving.

/// The tag of the case `value`, an enum, holds (payload cases first), asked of the enum's value witnesses.
@usableFromInline func enumTag<Enum>(of value: Enum) -> UInt32 {
  typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  let metadata = unsafeBitCast(Enum.self, to: UnsafeRawPointer.self)
  let witnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  let offset =
    8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 2 * MemoryLayout<UInt32>.size
  let getEnumTag = witnesses.load(fromByteOffset: offset, as: GetEnumTag.self)
  return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
}

/// Whether `type` is an enum (not an optional), from the kind word at the start of its metadata.
func isEnum(_ type: Any.Type) -> Bool {
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}
