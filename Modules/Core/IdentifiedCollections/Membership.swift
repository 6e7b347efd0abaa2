import Foundation

extension IdentifiedArray {
  /// Which ids are present, as a cheap snapshot that can tell whether membership changed.
  ///
  /// `forEach` takes one before and after the parent reducer runs. Comparing
  /// stamps is O(1); only when ids were added or removed does it look further.
  /// The snapshot shares the id index and the id list, not the elements, so
  /// holding it never forces a copy of the elements when they are mutated, and it
  /// is `Sendable` whenever the ids are.
  public var membership: Membership { Membership(positions: positions, ids: orderedIDs, stamp: membershipStamp) }

  /// Changes whenever an id is added or removed: equal versions mean equal ids (the cheapest check, for hot paths).
  @inlinable public var membershipVersion: MembershipVersion {
    MembershipVersion(stamp: membershipStamp, count: storage.count)
  }

  /// A snapshot of the ids in an `IdentifiedArray`.
  public struct Membership {
    let positions: PositionIndex<ID>
    let ids: [ID]
    let stamp: UInt64

    /// Whether `id` was present.
    public func contains(_ id: ID) -> Bool { positions.position(of: id) { ids[$0] } != nil }

    /// True when no id was added or removed between the two snapshots (O(1)).
    ///
    /// Stamps are unique per change across the process, so two arrays built
    /// separately never look alike unless both are empty.
    public func isSameVersion(as other: Membership) -> Bool {
      version == other.version
    }

    /// The version this snapshot was taken at (what `IdentifiedArray.membershipVersion` said then).
    public var version: MembershipVersion { MembershipVersion(stamp: stamp, count: ids.count) }
  }
}

extension IdentifiedArray.Membership: Sendable where ID: Sendable {}

/// Which change to an `IdentifiedArray`'s ids it reflects; compare two to tell whether ids changed.
public struct MembershipVersion: Equatable, Sendable {
  @usableFromInline let stamp: UInt64
  @usableFromInline let count: Int

  @inlinable init(stamp: UInt64, count: Int) {
    self.stamp = stamp
    self.count = count
  }
}

/// A process-wide source of unique membership stamps.
enum MembershipStamp {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var last: UInt64 = 0

  /// A stamp no array has used before.
  static func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    last &+= 1
    return last
  }
}
