/// One element's identity in the feature tree: which collection or presentation, and which id in it.
public struct NavigationID: Hashable, Sendable, CustomStringConvertible {
  /// Distinguishes the collection or presentation (its state key path, say).
  public let kind: ObjectIdentifierOrKeyPath
  /// The element's id within it.
  public let id: AnyHashableSendable

  /// An id for element `id` of the collection identified by `kind`.
  public init(kind: some Hashable & Sendable, id: some Hashable & Sendable) {
    self.kind = ObjectIdentifierOrKeyPath(kind)
    self.id = AnyHashableSendable(id)
  }

  /// `kind#id`.
  public var description: String { "\(kind.base)#\(id.base)" }
}

/// The path of navigation ids from the root store down to the running feature.
///
/// Effects register their cancellation ids under every prefix of this path, so
/// cancelling an id at a parent reaches the same id in its descendants, while
/// siblings (different last elements) never see each other's ids.
public struct NavigationIDPath: Hashable, Sendable, CustomStringConvertible {
  /// The ids from the root down.
  public var ids: [NavigationID]

  /// The root path, or one built from ids.
  public init(_ ids: [NavigationID] = []) {
    self.ids = ids
  }

  /// Every prefix, from the root (empty) to the path itself.
  public var prefixes: [NavigationIDPath] {
    (0...ids.count).map { NavigationIDPath(Array(ids.prefix($0))) }
  }

  /// Whether `self` starts with `prefix`.
  public func hasPrefix(_ prefix: NavigationIDPath) -> Bool {
    ids.count >= prefix.ids.count && ids.starts(with: prefix.ids)
  }

  /// `/` then the ids joined by `/`.
  public var description: String { "/" + ids.map(\.description).joined(separator: "/") }
}

/// A type-erased hashable value that is also `Sendable`.
public struct AnyHashableSendable: Hashable, @unchecked Sendable {
  /// The erased value; only ever built from a `Sendable` value.
  public let base: AnyHashable

  /// Erases `value`.
  @inlinable public init(_ value: some Hashable & Sendable) {
    self.base = AnyHashable(value)
  }
}

/// The `kind` half of a navigation id, erased.
public typealias ObjectIdentifierOrKeyPath = AnyHashableSendable
