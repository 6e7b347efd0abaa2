import IdentifiedCollections
import Testing

/// An id whose hash keeps only `value % buckets`, so many ids collide: probe chains get long and
/// removals must close gaps in the middle of them.
private struct CollidingID: Hashable, Sendable, CustomStringConvertible {
  let value: Int
  static let buckets = 3

  func hash(into hasher: inout Hasher) { hasher.combine(value % Self.buckets) }
  var description: String { "#\(value)" }
}

private struct Item: Identifiable, Equatable {
  let id: CollidingID
  var payload: Int
}

/// A deterministic generator, so that a failing sequence replays the same way.
private struct Steps: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)).multipliedReportingOverflow(by: 0xBF58_476D_1CE4_E5B9).partialValue
    mixed = (mixed ^ (mixed >> 27)).multipliedReportingOverflow(by: 0x94D0_49BB_1331_11EB).partialValue
    return mixed ^ (mixed >> 31)
  }
}

/// Drives an `IdentifiedArray` and a plain array (the model) through the same random operations
/// and checks after each one that every id is found at its position and absent ids are not found.
struct IdentifiedArrayModelTests {
  @Test(arguments: [1, 2, 3])
  func agreesWithAPlainArrayThroughRandomOperations(seed: UInt64) {
    var generator = Steps(state: seed)
    var array = IdentifiedArrayOf<Item>()
    var model: [Item] = []
    let idRange = 0..<60

    for step in 0..<2_000 {
      let id = CollidingID(value: Int.random(in: idRange, using: &generator))
      let present = model.contains { $0.id == id }
      let operation = Int.random(in: 0..<14, using: &generator)
      switch operation {
      case 0:
        let result = array.append(Item(id: id, payload: step))
        #expect(result.inserted == !present)
        if !present { model.append(Item(id: id, payload: step)) }
      case 1:
        let position = Int.random(in: 0...model.count, using: &generator)
        let result = array.insert(Item(id: id, payload: step), at: position)
        #expect(result.inserted == !present)
        if !present { model.insert(Item(id: id, payload: step), at: position) }
      case 2:
        let removed = array.remove(id: id)
        #expect(removed?.id == (present ? id : nil))
        model.removeAll { $0.id == id }
      case 3:
        guard !model.isEmpty else { continue }
        let position = Int.random(in: 0..<model.count, using: &generator)
        #expect(array.remove(at: position) == model.remove(at: position))
      case 4:
        array[id: id] = nil
        model.removeAll { $0.id == id }
      case 5:
        array[id: id] = Item(id: id, payload: step)
        if let position = model.firstIndex(where: { $0.id == id }) {
          model[position].payload = step
        } else {
          model.append(Item(id: id, payload: step))
        }
      case 6:
        array.updateOrAppend(Item(id: id, payload: -step))
        if let position = model.firstIndex(where: { $0.id == id }) {
          model[position].payload = -step
        } else {
          model.append(Item(id: id, payload: -step))
        }
      case 7:
        guard model.count > 1 else { continue }
        let i = Int.random(in: 0..<model.count, using: &generator)
        let j = Int.random(in: 0..<model.count, using: &generator)
        array.swapAt(i, j)
        model.swapAt(i, j)
      case 8:
        let cutoff = Int.random(in: idRange, using: &generator)
        array.removeAll { $0.id.value < cutoff / 4 }
        model.removeAll { $0.id.value < cutoff / 4 }
      case 9:
        array.sort { $0.payload < $1.payload }
        model.sort { $0.payload < $1.payload }
      case 10:
        // MutableCollection's own algorithm, which moves elements through `swapAt`.
        array.reverse()
        model.reverse()
      case 11:
        // A positional write of an element with an absent id replaces the element there.
        guard !model.isEmpty, !present else { continue }
        let position = Int.random(in: 0..<model.count, using: &generator)
        array[position] = Item(id: id, payload: step)
        model[position] = Item(id: id, payload: step)
      case 12:
        // The standard library's sort of a slice writes elements back one position at a time.
        guard model.count > 2 else { continue }
        let start = Int.random(in: 0..<model.count, using: &generator)
        array[start...].sort { $0.payload > $1.payload }
        model[start...].sort { $0.payload > $1.payload }
      default:
        guard !model.isEmpty else { continue }
        let source = Int.random(in: 0..<model.count, using: &generator)
        let destination = Int.random(in: 0...model.count, using: &generator)
        array.move(fromOffsets: [source], toOffset: destination)
        let moving = model[source]
        model.remove(at: source)
        model.insert(moving, at: destination > source ? destination - 1 : destination)
      }
      let probes = idRange.map { CollidingID(value: $0) }
      guard check(array, against: model, ids: probes, context: "step \(step), operation \(operation)") else { return }
    }
  }

  /// Whether `array` holds exactly `model`'s elements and finds each of `ids` where the model has it.
  private func check(
    _ array: IdentifiedArrayOf<Item>, against model: [Item], ids: [CollidingID], context: String = ""
  ) -> Bool {
    guard array.elementsArray == model, array.ids == model.map(\.id) else {
      Issue.record("\(context): elements \(array.ids) but expected \(model.map(\.id))")
      return false
    }
    for id in ids {
      let expected = model.firstIndex { $0.id == id }
      guard array.index(id: id) == expected, array.contains(id: id) == (expected != nil) else {
        Issue.record(
          "\(context): \(id) found at \(String(describing: array.index(id: id))), expected \(String(describing: expected))"
        )
        return false
      }
    }
    return true
  }

  @Test func findsEveryIDAfterRemovingEveryOtherElement() {
    struct Row: Identifiable { let id: Int }
    var array = IdentifiedArray(uniqueElements: (0..<2_000).map { Row(id: $0 * 7) })
    for value in stride(from: 0, to: 2_000, by: 2) { array.remove(id: value * 7) }
    #expect(array.count == 1_000)
    for (position, row) in array.enumerated() where array.index(id: row.id) != position {
      Issue.record("\(row.id) is at \(position) but found at \(String(describing: array.index(id: row.id)))")
      break
    }
    #expect(array.index(id: 0) == nil)
    #expect(array.index(id: 7) == 0)
  }

  /// Ids that all hash alike sit in one probe chain in position order, so rewriting the positions
  /// of a moved tail probes past every other moved slot.
  @Test func insertingAndRemovingNearTheEndOfOneProbeChainKeepsEveryPosition() {
    let sameBucket = (0..<40).map { Item(id: CollidingID(value: $0 * CollidingID.buckets), payload: $0) }
    var array = IdentifiedArray(uniqueElements: sameBucket)
    var model = sameBucket
    let inserted = Item(id: CollidingID(value: 999 * CollidingID.buckets), payload: -1)
    array.insert(inserted, at: 37)
    model.insert(inserted, at: 37)
    #expect(check(array, against: model, ids: model.map(\.id) + [CollidingID(value: 1)]))
    array.remove(at: 36)
    model.remove(at: 36)
    #expect(check(array, against: model, ids: sameBucket.map(\.id) + [inserted.id]))
  }

  @Test func aMembershipSnapshotDoesNotChangeWithTheArray() {
    var array: IdentifiedArrayOf<Item> = [Item(id: CollidingID(value: 1), payload: 0)]
    let before = array.membership
    array.append(Item(id: CollidingID(value: 4), payload: 0))
    array.remove(id: CollidingID(value: 1))
    #expect(before.contains(CollidingID(value: 1)))
    #expect(!before.contains(CollidingID(value: 4)))
    #expect(array.membership.contains(CollidingID(value: 4)))
    #expect(!array.membership.contains(CollidingID(value: 1)))
    #expect(!before.isSameVersion(as: array.membership))
  }

  @Test func removingEverythingKeepingCapacityLeavesNoIDBehind() {
    var array = IdentifiedArray(uniqueElements: (0..<100).map { Item(id: CollidingID(value: $0), payload: $0) })
    array.removeAll(keepingCapacity: true)
    #expect(array.isEmpty)
    #expect(array.index(id: CollidingID(value: 5)) == nil)
    array.append(Item(id: CollidingID(value: 5), payload: 1))
    #expect(array.index(id: CollidingID(value: 5)) == 0)
  }
}
