/// A type that chooses which of its parts a dump shows (for example to hide a field, or show only an id).
///
/// Return a `Mirror` whose children are what the dump should list:
/// `Mirror(self, children: ["id": id])`. Its display style (struct, class,
/// enum, collection…) decides how the children are printed.
public protocol ValueDumpReflectable {
  /// The mirror the dump walks instead of the type's own stored properties.
  var valueDumpMirror: Mirror { get }
}

/// A type that dumps as one line of text of its choosing (a leaf: no children).
public protocol ValueDumpStringConvertible {
  /// The line the dump prints for this value.
  var valueDumpDescription: String { get }
}

/// A wrapper that dumps as the value it stands for (a property wrapper).
///
/// Without it a dump would show the wrapper's storage; with it a field declared
/// `@Presents var destination` dumps as `destination: …`.
public protocol ValueDumpTransparent {
  /// The value to dump in this wrapper's place.
  var valueDumpSubject: Any { get }
}

/// A reference to a value kept elsewhere (shared state): dumps as its value after the reference's number in the dump
/// (`#1`, numbered in the order references first appear, the same number wherever one reference appears again),
/// on a line of its own, as custom-dump prints a `@Shared` field: `count: #1 3`.
public protocol ValueDumpReference: ValueDumpTransparent {
  /// Which reference it is: two wrappers of one reference print one number.
  var valueDumpReferenceIdentity: ObjectIdentifier { get }
}
