import ComposableTesting
import Dependencies
import Foundation
import Observation
import Sharing
import Testing

/// A source that pushes: the test says what it says, through the subscriber the shared value handed it.
private final class PushingSource: SharedPersistence, @unchecked Sendable {
  private let lock = NSLock()
  private var subscriber: SharedSubscriber<Int>?

  func load(context: SharedLoadContext<Int>, continuation: SharedLoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }
  func save(_ value: Int, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    continuation.resume()
  }
  var status: SharedPersistenceStatus { .notPersisted }
  var fileURL: URL? { nil }

  func subscribe(subscriber: SharedSubscriber<Int>) {
    lock.withLock { self.subscriber = subscriber }
  }

  /// What the source says, from another thread, as a server's push would come.
  func push(_ say: @escaping @Sendable (SharedSubscriber<Int>) -> Void) async {
    guard let subscriber = lock.withLock({ subscriber }) else { return }
    await Task.detached { say(subscriber) }.value
  }
}

private struct Offline: Error, Equatable {}

struct SharedSubscriberTests {
  @Test func aPushedValueFailureAndLoadingShowInTheSharedValueAndTellItsObservers() async {
    let source = PushingSource()
    let storage = SharedStorage(fileSystem: .inMemory())
    let score = withDependencies({ $0.sharedStorage = storage }) {
      Shared(wrappedValue: 0, SharedKey<Int>(id: "pushed:score") { _ in source })
    }
    #expect(score.wrappedValue == 0)

    let told = LockIsolated(0)
    withObservationTracking {
      _ = score.wrappedValue
    } onChange: {
      told.withValue { $0 += 1 }
    }
    await source.push { $0.yield(3) }
    #expect(score.wrappedValue == 3)
    #expect(told.value == 1, "observers are told of a pushed value")

    await source.push { $0.yieldLoading() }
    #expect(score.isLoading)
    await source.push { $0.yield(throwing: Offline()) }
    #expect(!score.isLoading, "a failure ends the load")
    #expect(score.loadError as? Offline == Offline())
    #expect(score.wrappedValue == 3, "the value stays")

    await source.push { $0.yield(5) }
    #expect(score.wrappedValue == 5)
    #expect(score.loadError == nil, "a value ends the failure")

    await source.push { $0.yieldLoading() }
    await source.push { $0.yieldLoading(false) }
    #expect(!score.isLoading)
    await source.push { $0.yieldReturningInitialValue() }
    #expect(score.wrappedValue == 0, "nothing stored any more: the default")
  }

  @Test func aSubscriberOutlivingItsValueDoesNothing() async {
    let source = PushingSource()
    weak var gone: SharedReference<Int>?
    do {
      let storage = SharedStorage(fileSystem: .inMemory())
      let score = withDependencies({ $0.sharedStorage = storage }) {
        Shared(wrappedValue: 0, SharedKey<Int>(id: "pushed:gone") { _ in source })
      }
      #expect(score.wrappedValue == 0)
      gone = score.reference
    }
    #expect(gone == nil, "the subscriber keeps the value only weakly")
    // The value and its storage are gone; the source still holds the subscriber. Nothing crashes, nothing is kept.
    await source.push { $0.yield(9) }
    await source.push { $0.yield(throwing: Offline()) }
    await source.push { $0.yieldLoading() }
  }
}
