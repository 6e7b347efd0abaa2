/// Where each id's element sits in an `IdentifiedArray`: a hash table of positions.
///
/// Why not `[ID: Int]`: a dictionary keeps its keys and its values in two
/// separate arrays, so finding a position reads two unrelated cache lines besides
/// its bitmap, and then the element itself is a third. Once a list no longer fits
/// in the caches (100,000 rows), each read is a miss, and an action for a random
/// row pays them one after another. Here a slot holds only a 32-bit position,
/// found by linear probing from the id's hash, and the id is compared where the
/// caller keeps it (the element about to be changed, whose line is needed anyway).
/// The table is 4 bytes per slot: a quarter of the dictionary's keys and values.
///
/// The table is at most three quarters full, so probe sequences stay short. A
/// removal closes the gap behind it (backward-shift deletion) instead of leaving
/// a tombstone, so lookups do not slow down as rows come and go.
///
/// The table does not store ids: a lookup is given `idAt`, the id at a position,
/// and operations that rehash are given the ids in position order, which must
/// agree with the table's positions at that moment.
@usableFromInline struct PositionIndex<ID: Hashable> {
  /// A position, or `empty`. The count is a power of two, or zero before the first id.
  @usableFromInline var slots: ContiguousArray<Int32>
  /// How many ids the table holds.
  @usableFromInline var count: Int

  /// What an unused slot holds.
  @inlinable static var empty: Int32 { -1 }

  /// An empty table; it allocates nothing until the first id.
  @inlinable init() {
    slots = []
    count = 0
  }

  /// The position of `id`, if the table holds it.
  @inlinable func position(of id: ID, idAt: (Int) -> ID) -> Int? {
    guard let slot = slotIndex(of: id, idAt: idAt) else { return nil }
    return Int(slots[slot])
  }

  /// The slot holding `id`'s position, if any.
  @inlinable func slotIndex(of id: ID, idAt: (Int) -> ID) -> Int? {
    let mask = slots.count &- 1
    guard mask > 0 else { return nil }
    return slots.withUnsafeBufferPointer { slots in
      var slot = id.hashValue & mask
      while true {
        let position = slots[slot]
        if position == Self.empty { return nil }
        if idAt(Int(position)) == id { return slot }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Adds `position` for `id`, which the table must not hold; make room with `reserveCapacity` first.
  @usableFromInline mutating func insert(_ id: ID, at position: Int) {
    precondition(position < Int(Int32.max), "IdentifiedArray: more than \(Int32.max - 1) elements")
    precondition(count < slots.count * 3 / 4, "PositionIndex: insert without reserveCapacity")
    let mask = slots.count - 1
    var slot = id.hashValue & mask
    while slots[slot] != Self.empty { slot = (slot + 1) & mask }
    slots[slot] = Int32(position)
    count += 1
  }

  /// Removes `id`, at `position` in `ids`, closing the gap so that every other id stays reachable from its hash.
  @usableFromInline mutating func remove(_ id: ID, at position: Int, ids: [ID]) {
    var hole = slotIndex(of: id, holding: position)
    let mask = slots.count - 1
    var next = (hole + 1) & mask
    while slots[next] != Self.empty {
      // The entry may fill the hole only if the hole lies between its home slot and
      // where it is now; otherwise a lookup starting at its home would never reach it.
      let home = ids[Int(slots[next])].hashValue & mask
      if (next - home) & mask >= (next - hole) & mask {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = Self.empty
    count -= 1
  }

  /// The slot of `id`, found by the position it holds rather than by comparing ids, which
  /// may already have moved when positions are being rewritten.
  @usableFromInline func slotIndex(of id: ID, holding position: Int) -> Int {
    let mask = slots.count - 1
    let wanted = Int32(position)
    var slot = id.hashValue & mask
    while slots[slot] != wanted {
      precondition(slots[slot] != Self.empty, "IdentifiedArray: the index lost id \(id)")
      slot = (slot + 1) & mask
    }
    return slot
  }

  /// Records that `id` moved from position `old` to `new`.
  @usableFromInline mutating func movePosition(of id: ID, from old: Int, to new: Int) {
    slots[slotIndex(of: id, holding: old)] = Int32(new)
  }

  /// Records that `first` (at `i`) and `second` (at `j`) swapped positions.
  @usableFromInline mutating func swapPositions(of first: ID, at i: Int, with second: ID, at j: Int) {
    let firstSlot = slotIndex(of: first, holding: i)
    let secondSlot = slotIndex(of: second, holding: j)
    slots[firstSlot] = Int32(j)
    slots[secondSlot] = Int32(i)
  }

  /// Adds `delta` to every position at or after `start`: what inserting or removing an element in the middle does.
  @usableFromInline mutating func shiftPositions(from start: Int, by delta: Int32) {
    let start = Int32(truncatingIfNeeded: start)
    slots.withUnsafeMutableBufferPointer { slots in
      for slot in slots.indices where slots[slot] >= start { slots[slot] += delta }
    }
  }

  /// Makes room for `minimumCount` ids without exceeding three quarters full, rehashing (with `ids`) if needed.
  @usableFromInline mutating func reserveCapacity(_ minimumCount: Int, ids: [ID]) {
    guard minimumCount * 4 >= slots.count * 3 else { return }
    var capacity = 8
    while minimumCount * 4 >= capacity * 3 { capacity *= 2 }
    let old = slots
    slots = ContiguousArray(repeating: Self.empty, count: capacity)
    let mask = capacity - 1
    for position in old where position != Self.empty {
      var slot = ids[Int(position)].hashValue & mask
      while slots[slot] != Self.empty { slot = (slot + 1) & mask }
      slots[slot] = position
    }
  }

  /// Forgets every id; keeps the allocation if asked to.
  @usableFromInline mutating func removeAll(keepingCapacity: Bool) {
    if keepingCapacity {
      slots.withUnsafeMutableBufferPointer { slots in
        for slot in slots.indices { slots[slot] = Self.empty }
      }
    } else {
      slots = []
    }
    count = 0
  }
}

extension PositionIndex: Sendable {}
