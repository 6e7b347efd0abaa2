import Dependencies
import Sharing
import Testing
import ValueDump

/// A past state's shared values read as they were: what the debugger's `:at` and `:diff` stand on.
struct SharedHistoryTests {
  private func inTestStorage<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }, operation: body)
  }

  @Test func aPastReadGivesTheValueAsItWasAfterEachChange() {
    inTestStorage {
      SharedHistory.startKeeping()
      defer { SharedHistory.stopKeeping() }
      @Shared(.inMemory("history-count")) var count = 0
      @Shared(.inMemory("history-name")) var name = "a"
      @Shared(.inMemory("history-point")) var point = Point(x: 1, y: 1)
      let start = SharedHistory.now
      $count.withLock { $0 = 1 }
      let afterOne = SharedHistory.now
      $name.withLock { $0 = "b" }
      $point.withLock { $0.x = 9 }
      $count.withLock { $0 = 2 }
      let afterTwo = SharedHistory.now
      #expect(SharedHistory.reading(asOf: start) { (count, name) } == (0, "a"))
      #expect(SharedHistory.reading(asOf: afterOne) { (count, name) } == (1, "a"))
      #expect(SharedHistory.reading(asOf: afterTwo) { (count, name) } == (2, "b"))
      // Outside a past read, and after it, the present.
      #expect((count, name) == (2, "b"))
      // A projection reads its parent's past.
      #expect(SharedHistory.reading(asOf: afterOne) { $point.x.wrappedValue } == 1)
      #expect($point.x.wrappedValue == 9)
    }
  }

  @Test func aStateDumpedInAPastReadShowsItsSharedValuesAsTheyWere() {
    inTestStorage {
      SharedHistory.startKeeping()
      defer { SharedHistory.stopKeeping() }
      struct Screen {
        @Shared(.inMemory("history-favorites")) var favorites: Set<Int> = []
        var title = "Users"
      }
      let screen = Screen()
      let before = SharedHistory.now
      screen.$favorites.withLock { _ = $0.insert(7) }
      let old = SharedHistory.reading(asOf: before) { ValueSnapshot(of: screen) }
      let diff = valueDiff(old, screen) ?? ""
      #expect(diff.contains("+     7"))
      #expect(SharedHistory.reading(asOf: before) { valueDiff(old, screen) } == nil)
    }
  }
}

private struct Point: Equatable, Sendable {
  var x: Int
  var y: Int
}
