import ComposableTesting
import Foundation
import Sharing
import Testing

struct SharedReadRecordingTests {
  @Test func aRecordingListsEachValueReadOnceAndNothingReadOutsideIt() {
    let motto = Shared(value: "hello")
    let count = Shared(value: 1)
    let untouched = Shared(value: 2.5)
    _ = untouched.wrappedValue

    let (sum, read) = SharedReadRecording.recording {
      motto.wrappedValue.count + count.wrappedValue + count.wrappedValue
    }

    #expect(sum == 7)
    #expect(read.map(ObjectIdentifier.init) == [ObjectIdentifier(motto.reference), ObjectIdentifier(count.reference)])
    // Another thread reading while the recording runs is not recorded in it.
    let (_, readElsewhere) = SharedReadRecording.recording {
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = untouched.wrappedValue
        done.signal()
      }
      done.wait()
    }
    #expect(readElsewhere.isEmpty)
  }

  @Test func aFieldReadThroughItsParentRecordsTheParent() {
    let user = Shared(value: Person(name: "Ada"))
    let name = user.name
    let (_, read) = SharedReadRecording.recording { _ = name.wrappedValue }
    #expect(read.map(ObjectIdentifier.init) == [ObjectIdentifier(user.reference)])
  }

  @Test func followingAfterTheChangeSeesTheNewValueOnce() {
    let motto = Shared(value: "hello")
    let projected = Shared(value: Person(name: "Ada"))
    let seen = LockIsolated<[String]>([])
    motto.reference.afterNextChange { seen.withValue { $0.append(motto.wrappedValue) } }
    // Followed through a field, told when its parent changes.
    projected.name.reference.afterNextChange { seen.withValue { $0.append(projected.wrappedValue.name) } }
    motto.withLock { $0 = "one" }
    motto.withLock { $0 = "two" }
    projected.withLock { $0.name = "Grace" }
    #expect(seen.value == ["one", "Grace"])
  }

  @Test func followingTellsOfTheNextChangeOnly() {
    let motto = Shared(value: "hello")
    let told = LockIsolated(0)
    motto.reference.onNextChange { told.withValue { $0 += 1 } }
    motto.withLock { $0 = "one" }
    motto.withLock { $0 = "two" }
    #expect(told.value == 1)
  }
}

/// A value with a field to share.
struct Person: Sendable {
  var name: String
}
