import Foundation

/// Where a collection's latest element writes were, and since which version of its elements: lets a watcher of a
/// long list (the rows a view shows) learn which row a send wrote without reading the other rows.
///
/// A version is unique to one content of the elements while it is nonzero. A write in place counts up within the
/// version's *lineage*; a write that had to copy the elements first (another value shared them) starts a lineage
/// no value has had, so two copies written apart never carry one version. Any change this log cannot describe as a
/// write at one position (ids added, removed or moved, the elements replaced) makes the version unknown (0).
public struct ElementWrites: Equatable, Sendable {
  /// This content's version, or 0 when unknown.
  public var version: UInt64 { current == Self.unknown ? 0 : current }
  // Unknown is all ones inside, so that a write tests one condition for "unknown, or its lineage's count spent".
  @usableFromInline var current = Self.unknown
  /// The version from which only `position` was written: it, and the versions of this one's lineage after it.
  /// Lineages are handed out in increasing order, so one started by a copy comes after `runStart`'s.
  @usableFromInline var runStart = Self.unknown
  /// Where the writes since `runStart` were.
  @usableFromInline var position = -1

  /// A log with no known version.
  @inlinable public init() {}

  /// What differs between the content at `seen`, a version read earlier, and this one, for a caller that found
  /// the ids unchanged since (with the same ids, the same version is the same content, even the unknown 0: every
  /// change that forgets the version moves an id).
  public func written(since seenVersion: UInt64) -> WrittenSince {
    let seen = seenVersion == 0 ? Self.unknown : seenVersion
    if seen == current { return .nothing }
    guard seen != Self.unknown, current != Self.unknown else { return .unknown }
    if seen == runStart { return .element(at: position) }
    let sameLineage = seen & Self.lineageMask == current & Self.lineageMask
    return sameLineage && seen > runStart && seen < current ? .element(at: position) : .unknown
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
    recordWrite(at: written, after: current, copied: copied)
  }

  /// Begins a write in place: the version is unknown until `recordWrite(at:after:copied:)` is given what this
  /// returns, so a write that throws before then leaves a version no watcher trusts, never a wrong one.
  @inlinable package mutating func beginWrite() -> UInt64 {
    let previous = current
    current = Self.unknown
    return previous
  }

  /// Records a write of the element at `written` made from the content at version `previous`.
  @inlinable package mutating func recordWrite(at written: Int, after previous: UInt64, copied: Bool) {
    let next = previous &+ 1
    // One test for the three cases that need a new lineage: the elements were copied, the version is unknown (all
    // ones, so `next` is 0), or the lineage's count is spent (`next` would carry into the lineage's bits).
    if copied || next & Self.countMask == 0 {
      recordWriteInNewLineage(at: written, after: previous)
      return
    }
    current = next
    guard written != position else { return }
    runStart = previous
    position = written
  }

  /// The rare side of `recordWrite(at:after:copied:)`, out of line so the write in place stays small.
  @usableFromInline mutating func recordWriteInNewLineage(at written: Int, after previous: UInt64) {
    current = ElementWriteLineage.next()
    // From an unknown content, the run starts at this write's own content.
    runStart = previous == Self.unknown ? current : previous
    position = written
  }

  /// Gives the elements a version of their own after a change a position cannot describe (ids added, removed or
  /// reordered, the elements replaced): the next write in place is then exact again.
  package mutating func startAfresh() {
    current = ElementWriteLineage.next()
    runStart = Self.unknown
    position = -1
  }

  /// Forgets the version, for a step of a reordering (a swap) whose end starts afresh or is unknown.
  @inlinable package mutating func forget() {
    current = Self.unknown
  }

  /// The bits of a version that count writes in place within its lineage; the others name the lineage.
  @usableFromInline static var countMask: UInt64 { (1 << 24) - 1 }
  @usableFromInline static var lineageMask: UInt64 { ~countMask }
  /// The version of a content no one knows.
  @usableFromInline static var unknown: UInt64 { .max }
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
