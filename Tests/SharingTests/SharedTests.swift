import Dependencies
import Foundation
import Observation
import Sharing
import ComposableTesting
import Testing
import ValueDump

struct SharedTests {
  private func inTestStorage<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }, operation: body)
  }

  @Test func equalKeysNameOneValue() {
    inTestStorage {
      let a = Shared(wrappedValue: 0, .inMemory("count"))
      let b = Shared(wrappedValue: 99, .inMemory("count"))
      a.withLock { $0 += 1 }
      #expect(b.wrappedValue == 1)
      #expect(a.reference === b.reference)
      let other = Shared(wrappedValue: 5, .inMemory("other"))
      #expect(other.wrappedValue == 5)
    }
  }

  @Test func separateStoragesAreIsolated() {
    let first = inTestStorage { Shared(wrappedValue: 0, .inMemory("count")) }
    first.withLock { $0 = 10 }
    let second = inTestStorage { Shared(wrappedValue: 0, .inMemory("count")) }
    #expect(second.wrappedValue == 0)
  }

  @Test func aReaderSeesChangesAndDumpsAsItsValue() {
    let shared = Shared(value: ["a"])
    let reader = SharedReader(shared)
    shared.withLock { $0.append("b") }
    #expect(reader.wrappedValue == ["a", "b"])
    struct Holder { @SharedReader var names: [String] }
    #expect(valueDump(Holder(names: reader)) == "Holder(\n  names: [\n    \"a\",\n    \"b\"\n  ]\n)")
  }

  @Test func mutatingNotifiesObservers() {
    let shared = Shared(value: 1)
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = shared.wrappedValue
    } onChange: {
      changed.setValue(true)
    }
    shared.withLock { $0 = 2 }
    #expect(changed.value)
  }

  @Test func concurrentMutationsFromManyTasksAreNotLost() async {
    let shared = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { for _ in 0..<100 { shared.withLock { $0 += 1 } } }
      }
    }
    #expect(shared.wrappedValue == 10_000)
  }

  @Test func usingOneKeyWithTwoTypesIsAnIssue() {
    inTestStorage {
      _ = Shared(wrappedValue: 0, .inMemory("mixed"))
      withKnownIssue {
        let text = Shared(wrappedValue: "x", .inMemory("mixed"))
        #expect(text.wrappedValue == "x")
      } matching: {
        $0.description.contains("is used with two types")
      }
    }
  }
}
