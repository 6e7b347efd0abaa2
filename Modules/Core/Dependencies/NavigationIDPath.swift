/// One element's identity in the feature tree: which collection or presentation, and which id in it.
///
/// Built for every element action, so it keeps its parts as plain existentials
/// (an `Int` id fits inline: no allocation, no cast) and only erases them to
/// `AnyHashable` when it is hashed or compared, which happens only when an
/// effect is filed or cancelled.
@usableFromInline package struct NavigationID: Hashable, Sendable, CustomStringConvertible {
  /// Distinguishes the collection or presentation (its state key path, say).
  @usableFromInline package let kind: any Hashable & Sendable
  /// The element's id within it.
  @usableFromInline package let id: any Hashable & Sendable

  /// An id for element `id` of the collection identified by `kind`.
  @inlinable package init(kind: some Hashable & Sendable, id: some Hashable & Sendable) {
    self.kind = kind
    self.id = id
  }

  /// Equal when kind and id are equal.
  @usableFromInline package static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.kind) == AnyHashable(rhs.kind) && AnyHashable(lhs.id) == AnyHashable(rhs.id)
  }

  /// Hashes kind and id.
  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(kind))
    hasher.combine(AnyHashable(id))
  }

  /// Whether this id belongs to the collection or presentation `kind`.
  @usableFromInline package func hasKind(_ kind: some Hashable) -> Bool { AnyHashable(self.kind) == AnyHashable(kind) }

  /// `kind#id`.
  @usableFromInline package var description: String { "\(kind)#\(id)" }
}

/// The path of navigation ids from the root store down to the running feature.
///
/// Effects register their cancellation ids under every prefix of this path, so
/// cancelling an id at a parent reaches the same id in its descendants, while
/// siblings (different last elements) never see each other's ids.
@usableFromInline package struct NavigationIDPath: Hashable, Sendable, CustomStringConvertible {
  /// The ids from the root down.
  @usableFromInline package var ids: [NavigationID]

  /// The root path, or one built from ids.
  @usableFromInline package init(_ ids: [NavigationID] = []) {
    self.ids = ids
  }

  /// Every prefix, from the root (empty) to the path itself.
  @usableFromInline package var prefixes: [NavigationIDPath] {
    (0...ids.count).map { NavigationIDPath(Array(ids.prefix($0))) }
  }

  /// Whether `self` starts with `prefix`.
  @usableFromInline package func hasPrefix(_ prefix: NavigationIDPath) -> Bool {
    ids.count >= prefix.ids.count && ids.starts(with: prefix.ids)
  }

  /// `/` then the ids joined by `/`.
  @usableFromInline package var description: String { "/" + ids.map(\.description).joined(separator: "/") }
}

/// A type-erased hashable value that is also `Sendable`.
@usableFromInline package struct AnyHashableSendable: Hashable, @unchecked Sendable {
  /// The erased value; only ever built from a `Sendable` value.
  @usableFromInline package let base: AnyHashable

  /// Erases `value`.
  @inlinable package init(_ value: some Hashable & Sendable) {
    self.base = AnyHashable(value)
  }
}
