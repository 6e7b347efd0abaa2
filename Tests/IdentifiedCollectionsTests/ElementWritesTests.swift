import IdentifiedCollections
import Testing

private struct Row: Hashable, Identifiable {
  var id: Int
  var title = ""
}

private struct Interrupted: Error {}

/// The log a watcher of a list reads to learn which row a send wrote: exact for one row, "unknown" whenever it
/// cannot be sure, never wrong.
struct ElementWritesTests {
  private func rows(_ count: Int) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0) })
  }

  /// Writes the row with `id` and expects the log to name that row alone since the version before the write.
  private func expectWriteNamedAlone(_ array: inout IdentifiedArrayOf<Row>, id: Int, title: String) {
    let seen = array.elementWrites.version
    array[id: id]?.title = title
    #expect(array.elementWrites.written(since: seen) == .element(at: array.index(id: id) ?? -1))
  }

  @Test func eachArrayBuiltHasAVersionOfItsOwn() {
    let first = rows(3)
    let second = rows(3)
    #expect(first.elementWrites.version != 0)
    #expect(first.elementWrites.version != second.elementWrites.version)
    #expect(second.elementWrites.written(since: first.elementWrites.version) == .unknown)
    // An empty array has none until its first element: nothing can be written in it.
    #expect(IdentifiedArrayOf<Row>().elementWrites.version == 0)
    #expect(IdentifiedArrayOf<Row>().elementWrites.written(since: 0) == .nothing)
    #expect(first.elementWrites.written(since: 0) == .unknown)
  }

  @Test func writesToOneRowByIdOrPositionNameThatRow() {
    var array = rows(10)
    array[id: 4]?.title = "a"
    let seen = array.elementWrites.version
    #expect(seen != 0)
    #expect(array.elementWrites.written(since: seen) == .nothing)
    array[id: 7]?.title = "b"
    #expect(array.elementWrites.written(since: seen) == .element(at: 7))
    let seenAgain = array.elementWrites.version
    array[2].title = "c"
    array[2].title = "d"
    #expect(array.elementWrites.written(since: seenAgain) == .element(at: 2))
    array.updateOrAppend(Row(id: 5, title: "e"))
    #expect(array.elementWrites.written(since: seenAgain) == .unknown)
  }

  @Test func writesToTwoRowsSinceAVersionAreUnknown() {
    var array = rows(10)
    array[id: 1]?.title = "a"
    let seen = array.elementWrites.version
    array[id: 2]?.title = "b"
    array[id: 3]?.title = "c"
    #expect(array.elementWrites.written(since: seen) == .unknown)
  }

  @Test func everyChangeOfIdsOrOrderForgetsTheVersion() {
    let changes: [(inout IdentifiedArrayOf<Row>) -> Void] = [
      { $0.append(Row(id: 100)) }, { $0.insert(Row(id: 100), at: 0) }, { $0.remove(id: 3) },
      { $0.removeAll { $0.id == 3 } }, { $0.removeAll() }, { $0.swapAt(0, 1) }, { $0.sort { $0.id > $1.id } },
      { $0.move(fromOffsets: [0], toOffset: 3) }, { $0[id: 100] = Row(id: 100) }, { $0[0] = Row(id: 100) },
    ]
    for change in changes {
      var array = rows(5)
      array[id: 0]?.title = "seen"
      let seen = array.elementWrites.version
      change(&array)
      #expect(array.elementWrites.written(since: seen) == .unknown)
    }
  }

  @Test func swapsForgetTheVersionAndMoveIdsAndTheNextWriteIsExactAgain() {
    var array = rows(4)
    array.swapAt(0, 1)
    #expect(array.elementWrites.version == 0)
    #expect(array.ids == [1, 0, 2, 3])
    array.swapAt(0, 1)
    let seen = array.elementWrites.version
    array[id: 2]?.title = "a"
    #expect(array.elementWrites.version != 0)
    #expect(array.elementWrites.written(since: seen) == .unknown)
    expectWriteNamedAlone(&array, id: 3, title: "b")
  }

  @Test func aRowWrittenAgainWhileEveryStateIsKeptIsStillNamedAlone() {
    // As with a debugger's timeline keeping each state: every write copies the elements first.
    var array = rows(10)
    array[id: 0]?.title = "seen"
    var kept: [IdentifiedArrayOf<Row>] = []
    for step in 0..<3 {
      let seen = array.elementWrites.version
      kept.append(array)
      array[id: 4]?.title = "step \(step)"
      #expect(array.elementWrites.written(since: seen) == .element(at: 4))
    }
    #expect(kept.count == 3)
  }

  @Test func copiesWrittenApartNeverShareAVersion() {
    var original = rows(10)
    original[id: 0]?.title = "seen"
    let seen = original.elementWrites.version
    var copy = original
    original[id: 1]?.title = "original"
    copy[id: 2]?.title = "copy"
    #expect(original.elementWrites.version != copy.elementWrites.version)
    // Each still differs from what was seen at its own row alone.
    #expect(original.elementWrites.written(since: seen) == .element(at: 1))
    #expect(copy.elementWrites.written(since: seen) == .element(at: 2))
    // And neither is mistaken for the other.
    #expect(copy.elementWrites.written(since: original.elementWrites.version) == .unknown)
    #expect(original.elementWrites.written(since: copy.elementWrites.version) == .unknown)
  }

  @Test func aWriteThatThrowsOutOfTheAccessLeavesAVersionNoWatcherTrusts() {
    var array = rows(4)
    array[id: 0]?.title = "seen"
    let seen = array.elementWrites.version
    func rename(_ row: inout Row) throws {
      row.title = "half done"
      throw Interrupted()
    }
    #expect(throws: Interrupted.self) { try rename(&array[3]) }
    #expect(array[3].title == "half done")
    // Never `.nothing`: the row did change. The next write is exact again.
    #expect(array.elementWrites.written(since: seen) == .unknown)
    array[id: 1]?.title = "after"
    expectWriteNamedAlone(&array, id: 2, title: "exact")
  }

  @Test func aForEachsWriteInPlaceIsLoggedAsThePositionalOne() {
    var array = rows(6)
    array[id: 0]?.title = "seen"
    let seen = array.elementWrites.version
    let title = array.modifyElement(at: 4) { row in
      row.title = "reduced"
      return row.title
    }
    #expect(title == "reduced")
    #expect(array.elementWrites.written(since: seen) == .element(at: 4))
    // Kept by another value, the elements are copied first: a new lineage, still naming the one row.
    let kept = array
    let seenAgain = array.elementWrites.version
    array.modifyElement(at: 1) { $0.title = "copied" }
    #expect(array.elementWrites.written(since: seenAgain) == .element(at: 1))
    #expect(kept.elementWrites.written(since: array.elementWrites.version) == .unknown)
    // A write that changes the element's id re-indexes it, and starts the log afresh.
    array.modifyElement(at: 2) { $0.id = 200 }
    #expect(array.index(id: 200) == 2)
    #expect(array.index(id: 2) == nil)
    #expect(array.elementWrites.written(since: seenAgain) == .unknown)
  }

  @Test func theLogIsNotPartOfTheValue() {
    var written = rows(3)
    written[id: 1]?.title = "x"
    written[id: 1]?.title = ""
    #expect(written == rows(3))
    #expect(written.hashValue == rows(3).hashValue)
  }
}
