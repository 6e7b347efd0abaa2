import Dependencies
import Foundation
import Sharing
import Testing

struct SharedSavesTests {
  private let url = URL(fileURLWithPath: "/saves/count.json")

  /// The count kept in `files`, as a new run of the app would load it.
  private func load(_ files: InMemoryFiles) -> Shared<Int> {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory(files)) }) {
      Shared(wrappedValue: 0, .file(url, saveDelay: .zero))
    }
  }

  @Test func aWriteDuringAPauseChangesTheValueAndSavesNothingUntilTheNextWriteAfterIt() {
    let files = InMemoryFiles()
    let count = load(files)
    count.withLock { $0 = 1 }
    count.flush()
    #expect(load(files).wrappedValue == 1)

    SharedSaves.paused {
      count.withLock { $0 = 5 }
    }
    count.flush()
    #expect(count.wrappedValue == 5)
    #expect(load(files).wrappedValue == 1)

    count.withLock { $0 += 1 }
    count.flush()
    #expect(load(files).wrappedValue == 6)
  }

  @Test func aPauseCoversOnlyTheThreadThatBeganIt() {
    let files = InMemoryFiles()
    let count = load(files)
    let pause = SharedSaves.pause()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      count.withLock { $0 = 7 }
      count.flush()
      done.signal()
    }
    done.wait()
    pause.end()
    #expect(load(files).wrappedValue == 7)
  }
}
