import Foundation

/// Where a collection's latest element writes were, and since which version of its elements: lets a watcher of a
/// long list (the rows a view shows) learn which row a send wrote without reading the other rows.
///
/// A version is unique to one content of the elements while it is nonzero. A write in place counts up within the
/// version's *lineage*; a write that had to copy the elements first (another value shared them) starts a lineage
/// no value has had, so two copies written apart never carry one version. Any change this log cannot describe as a
/// write at one position (ids added, removed or moved, the elements replaced) sets the version to 0: unknown.
public struct ElementWrites: Equatable, Sendable {
  /// This content's version, or 0 when unknown.
  public var version: UInt64 { current }
  @usableFromInline var current: UInt64 = 0
  /// A version (possibly of another lineage) whose content differs from this one at `position` alone.
  @usableFromInline var base: UInt64 = 0
  /// The first version in this lineage from which only `position` was written.
  @usableFromInline var runStart: UInt64 = 0
  /// Where the writes since `base` and `runStart` were.
  @usableFromInline var position = -1

  /// A log with no known version.
  @inlinable public init() {}

  /// What differs between the content at `seen`, a version read earlier, and this one, for a caller that found
  /// the ids unchanged since (with the same ids, the same version is the same content, even the unknown 0: every
  /// change that forgets the version moves an id).
  public func written(since seen: UInt64) -> WrittenSince {
    if seen == current { return .nothing }
    guard seen != 0, current != 0 else { return .unknown }
    if seen == base { return .element(at: position) }
    let sameLineage = seen & Self.lineageMask == current & Self.lineageMask
    return sameLineage && seen >= runStart && seen < current ? .element(at: position) : .unknown
  }

  /// What `written(since:)` finds.
  public enum WrittenSince: Equatable, Sendable {
    /// The content is the one seen.
    case nothing
    /// Only the element at this position was written (it may hold the same value again).
    case element(at: Int)
    /// Anything may differ.
    case unknown
  }

  /// Records a write of the element at `written`; `copied` says whether the elements were copied to make it.
  @inlinable package mutating func recordWrite(at written: Int, copied: Bool) {
    let previous = current
    if copied || previous == 0 || previous & Self.countMask == Self.countMask {
      current = ElementWriteLineage.next()
      runStart = current
      base = previous
      position = written
      return
    }
    current = previous &+ 1
    guard written != position else { return }
    runStart = previous
    base = previous
    position = written
  }

  /// Gives the elements a version of their own after a change a position cannot describe (ids added, removed or
  /// reordered, the elements replaced): the next write in place is then exact again.
  package mutating func startAfresh() {
    current = ElementWriteLineage.next()
    base = 0
    runStart = current
    position = -1
  }

  /// Forgets the version, for a step of a reordering (a swap) whose end starts afresh or is unknown.
  @inlinable package mutating func forget() {
    current = 0
  }

  /// The bits of a version that count writes in place within its lineage; the others name the lineage.
  @usableFromInline static var countMask: UInt64 { (1 << 24) - 1 }
  @usableFromInline static var lineageMask: UInt64 { ~countMask }
}

/// A process-wide source of lineages for `ElementWrites`: taken when a write copies the elements and at a change
/// of ids (which costs O(n) or takes a lock already), never by a write in place.
@usableFromInline enum ElementWriteLineage {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var last: UInt64 = 0

  /// The first version of a lineage no collection has had.
  @usableFromInline static func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    last &+= 1
    return last << 24
  }
}
