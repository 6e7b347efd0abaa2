// White-box tests of how a test store counts its effects' steps: `@testable` needs a module built for testing,
// which the release suite does not do, so they run in debug only.
#if DEBUG
  @testable import ComposableTestStore
  import Foundation
  import Testing

  /// Hands a continuation from the task that suspends on it to a thread that resumes it.
  private final class ContinuationDropbox: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?

    /// Leaves the continuation for the resuming thread.
    func leave(_ continuation: CheckedContinuation<Void, Never>) { lock.withLock { self.continuation = continuation } }

    /// The continuation, once it was left.
    func take() -> CheckedContinuation<Void, Never>? {
      lock.withLock {
        defer { continuation = nil }
        return continuation
      }
    }
  }

  /// The steps of a test store's effects that no thread or task-local can name are still counted as its work.
  @Suite struct EffectWorkCountingTests {
    /// On Linux, under load, the runtime sometimes hands an effect started inside `send` back to the main actor
    /// through the global executor, from a thread running no task: CI once saw a test go on while an effect whose
    /// stream had already finished was still on its way back. Such a step is the effect's task itself, filed
    /// whatever the start order, so it is counted and runs as the work's.
    @Test func aFiledTaskResumedFromAThreadRunningNoTaskIsCountedAsItsWork() async throws {
      #if os(Linux)
        try #require(EffectWork.isCounting)
      #endif
      guard EffectWork.isCounting else { return }
      let work = EffectWork()
      // Tried a few times: a resume that comes before the task has suspended makes no step at all.
      for _ in 0..<5 {
        let dropbox = ContinuationDropbox()
        // Detached: no test store's scope, and its steps run where the runtime puts them until it is filed.
        let task = Task.detached { await withCheckedContinuation { dropbox.leave($0) } }
        EffectWorkCounting.file(task, as: work)
        defer { EffectWorkCounting.unfile(task) }
        var continuation = dropbox.take()
        while continuation == nil {
          try await Task.sleep(for: .milliseconds(1))
          continuation = dropbox.take()
        }
        try await Task.sleep(for: .milliseconds(20))
        let resumed = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [continuation] in
          continuation?.resume()
          resumed.signal()
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
          DispatchQueue.global().async {
            resumed.wait()
            done.resume()
          }
        }
        await task.value
        // The task ends inside its step, before the step is noted as run.
        let end = ContinuousClock.now + .seconds(5)
        while work.counts.ready > 0, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(1)) }
        if work.counts.ran > 0 { break }
      }
      #expect(work.counts.ran > 0)
      #expect(work.counts.ready == 0)
    }
  }
#endif
