import Foundation

extension SharedReference {
  /// Whether the value is being loaded (made from a key whose persistence has not answered yet, or `load()`).
  public var isLoading: Bool { loadingState.isLoading }

  /// The error the last load ended with, nil once one succeeds: the value stayed as it was.
  public var loadError: (any Error)? { loadingState.loadError }

  /// The error the last save ended with, nil once one succeeds: the value is still held in memory.
  public var saveError: (any Error)? { loadingState.saveError }

  /// Asks the persistence for the stored value as the reference is made, `initial` in hand: a persistence that
  /// answers at once makes the value before anyone reads it; one that answers later leaves the reference loading
  /// until then, holding `initial`.
  func loadInitialValue(_ initial: Value) {
    guard let persistence else { return }
    let state = loadingState
    let answeredInPlace = InPlaceAnswer<Value>()
    let continuation = SharedLoadContinuation<Value>(name) { [weak self] result in
      if answeredInPlace.takeIfWaiting(result) { return }
      if case let .success(value?) = result { self?.storeLoaded(value) }
      state.loadEnded(result.failure)
    }
    persistence.load(context: .initialValue(initial), continuation: continuation)
    if let result = answeredInPlace.finish() {
      if case let .success(value?) = result { storeInitial(value) }
      state.loadEnded(result.failure)
    } else {
      state.loadBegan()
    }
  }

  /// Loads the stored value again and stores it as a change made elsewhere; nothing stored keeps the value.
  func loadFromPersistence() async throws {
    guard let persistence else { return }
    let state = loadingState
    state.loadBegan()
    let description = name
    try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
      let continuation = SharedLoadContinuation<Value>(description) { [weak self] result in
        if case let .success(value?) = result { self?.storeLoaded(value) }
        state.loadEnded(result.failure)
        waiter.resume(with: result.map { _ in () })
      }
      persistence.load(context: .userInitiated, continuation: continuation)
    }
  }

  /// Saves the value now and waits until it is kept.
  func saveToPersistence() async throws {
    guard let persistence else { return }
    let value = trackedValue as! Value
    let state = loadingState
    let description = name
    try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
      let continuation = SharedSaveContinuation(description) { result in
        state.saveEnded(result.failure)
        waiter.resume(with: result)
      }
      persistence.save(value, context: .userInitiated, continuation: continuation)
    }
  }

  /// A continuation for a save after a change: how it ends shows in `saveError`.
  func saveContinuation() -> SharedSaveContinuation {
    let state = loadingState
    return SharedSaveContinuation(name) { result in state.saveEnded(result.failure) }
  }
}

extension Result {
  /// The error, if this is a failure.
  var failure: Failure? {
    guard case let .failure(error) = self else { return nil }
    return error
  }
}

/// Tells a load answered inside the call that asked for it from one answered later, from any thread.
private final class InPlaceAnswer<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var isWaiting = true
  private var answer: Result<Value?, any Error>?

  /// Keeps `result` if the call has not returned yet (the caller then handles it); false once it has.
  func takeIfWaiting(_ result: Result<Value?, any Error>) -> Bool {
    lock.withLock {
      guard isWaiting else { return false }
      answer = result
      return true
    }
  }

  /// Ends the call: the answer it got, if any; one that comes later goes to the continuation's handler.
  func finish() -> Result<Value?, any Error>? {
    lock.withLock {
      isWaiting = false
      return answer
    }
  }
}
