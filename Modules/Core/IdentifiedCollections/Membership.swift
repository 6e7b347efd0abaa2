import Foundation

extension IdentifiedArray {
  /// Which ids are present, as a cheap snapshot that can tell whether membership changed.
  ///
  /// `forEach` takes one before and after the parent reducer runs. Comparing
  /// stamps is O(1); only when ids were added or removed does it look further.
  /// The snapshot shares the id index, not the elements, so holding it never
  /// forces a copy of the elements when they are mutated.
  public var membership: Membership { Membership(positions: positions, stamp: membershipStamp) }

  /// A snapshot of the ids in an `IdentifiedArray`.
  public struct Membership: @unchecked Sendable {
    let positions: [Element.ID: Int]
    let stamp: UInt64

    /// Whether `id` was present.
    public func contains(_ id: Element.ID) -> Bool { positions[id] != nil }

    /// True when no id was added or removed between the two snapshots (O(1)).
    ///
    /// Stamps are unique per change across the process, so two arrays built
    /// separately never look alike unless both are empty.
    public func isSameVersion(as other: Membership) -> Bool {
      stamp == other.stamp && positions.count == other.positions.count
    }
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
