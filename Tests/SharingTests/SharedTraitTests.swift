import ComposableTesting
import Dependencies
import Sharing
import Testing

/// With the `.dependencies` trait, each argument case of a parameterized test gets its own in-memory storage.
@Suite(.serialized) struct SharedTraitTests {
  @Test(.dependencies, arguments: [1, 2, 3])
  func eachArgumentCaseStartsFromTheDefault(value: Int) {
    @Shared(.inMemory("trait-count")) var count = 0
    #expect(count == 0)
    $count.withLock { $0 = value }
    #expect(count == value)
  }

  @Test(arguments: [1, 2])
  func withoutTheTraitTheCasesShareOneStorage(value: Int) {
    // The rule this trait exists for: argument cases share the test's storage, so the second sees the first.
    @Shared(.inMemory("shared-count")) var count = 0
    #expect(count == (value == 1 ? 0 : 1))
    $count.withLock { $0 = value }
  }
}
