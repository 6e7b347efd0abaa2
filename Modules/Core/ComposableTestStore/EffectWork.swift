import Clocks
import Composable
import Foundation

/// The work of one test store's effects, counted step by step, so the test store knows when they are at rest
/// without waiting out a stretch of wall time.
///
/// Every step of the effects that runs off the main actor (a dependency's call, a clock's sleep, an `async let`,
/// a task an effect starts) is counted from the moment it is ready until it has run (`EffectWorkCounting`), however
/// long a loaded machine keeps it waiting for a thread. Their main-actor steps run in the order they became ready,
/// so a yield of the test (on the main actor too) lets every one ready before it run. At rest means: no counted
/// step ready or running, and three yields in a row in which nothing moved (no step ran, no effect ended, no
/// action arrived). What an effect awaits from outside its work (a reply from another thread, a timer of the real
/// clock) is not its work: it is at rest until that answers, as it would be on a device.
@usableFromInline final class EffectWork: SettleableWork, @unchecked Sendable {
  private let lock = NSLock()
  /// Steps enqueued and not finished running.
  private var readySteps = 0
  /// Steps that have finished running.
  private var ranSteps: UInt64 = 0
  /// Waiting for no step to be ready, each with the step count at which it stops waiting anyway.
  private var idleWaiters: [(continuation: CheckedContinuation<Void, Never>, giveUpAt: UInt64)] = []
  /// What else shows that effects moved, from the test store: how many run, how many actions arrived.
  /// Set once, by the test store that owns the work, before any effect runs; called on the main actor only.
  @usableFromInline nonisolated(unsafe) var progress: @MainActor () -> (running: Int, received: Int) = { (0, 0) }

  /// The tasks of running effects filed with `EffectWorkCounting`, by effect.
  private var filedTasks: [UInt64: Task<Void, Never>] = [:]
  /// Where this work's counted steps run: one at a time, in the order they were made ready, as under TCA's main
  /// serial executor. Run concurrently, the children a task group adds in one order could start (and sleep on a
  /// test clock) in another, as a busy process schedules them, and sleeps due at one instant would wake out of the
  /// order they were written in. One queue per test store: tests running side by side do not wait on each other.
  let stepQueue = DispatchQueue(label: "ComposableTestStore.EffectWork")

  deinit {
    for task in filedTasks.values { EffectWorkCounting.unfile(task) }
  }

  /// How many rounds nothing must move in before the work counts as at rest.
  static let quietRounds = 3
  /// How many steps a wait for idle lets run before it looks again (a busy effect never goes idle).
  static let stepsPerWait: UInt64 = 10_000
  /// How many rounds settling takes at most (an effect that keeps moving is given up on).
  static let roundLimit = 100_000

  /// Notes a step made ready.
  func stepReady() {
    lock.withLock { readySteps += 1 }
  }

  /// Notes a step that ran, and wakes the waits it ends.
  func stepRan() {
    let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
      readySteps -= 1
      ranSteps += 1
      let ending = idleWaiters.filter { readySteps == 0 || ranSteps >= $0.giveUpAt }
      guard !ending.isEmpty else { return [] }
      idleWaiters.removeAll { readySteps == 0 || ranSteps >= $0.giveUpAt }
      return ending.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Steps ready or running, and steps run so far.
  var counts: (ready: Int, ran: UInt64) { lock.withLock { (readySteps, ranSteps) } }

  /// Returns once no step is ready or running, or `stepsPerWait` more steps have run.
  private func waitForIdle() async {
    await withCheckedContinuation { continuation in
      let now = lock.withLock {
        guard readySteps > 0 else { return true }
        idleWaiters.append((continuation, ranSteps + Self.stepsPerWait))
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Returns once the effects are at rest (see the type's documentation), or none runs. Where steps are not
  /// counted, once nothing has moved for three yields and `quietPeriod` of wall time.
  @MainActor @usableFromInline func settle() async {
    guard Self.isCounting else { return await settleByQuiet() }
    var last = [progress().running, progress().received, Int(truncatingIfNeeded: counts.ran)]
    var quiet = 0
    for _ in 0..<Self.roundLimit {
      if counts.ready > 0 { await waitForIdle() }
      await Task.yield()
      let progress = progress()
      if progress.running == 0 { return }
      let now = [progress.running, progress.received, Int(truncatingIfNeeded: counts.ran)]
      if counts.ready == 0, now == last {
        quiet += 1
        if quiet >= Self.quietRounds { return }
      } else {
        quiet = 0
        last = now
      }
    }
  }
}

extension EffectWork {
  /// How long nothing may move before uncounted effects count as at rest.
  static let quietPeriod = Duration.milliseconds(5)

  /// Waits until nothing has moved (no effect ended, no action arrived) for three yields and `quietPeriod`.
  @MainActor func settleByQuiet() async {
    let start = progress()
    var window = QuietWindow(rounds: 3, period: Self.quietPeriod, start: [start.running, start.received])
    for _ in 0..<Self.roundLimit {
      await Task.yield()
      let progress = progress()
      if progress.running == 0 || window.isQuiet(after: [progress.running, progress.received]) { return }
    }
  }

  /// Runs `body` (a clock waking a sleeper of this work) with the step it makes ready counted as this work's.
  @usableFromInline func resuming(_ body: () -> Void) {
    EffectWorkCounting.with(self, body)
  }

  /// Runs `body` (a test store's `send`) with the steps it makes ready on this thread counted as this work's.
  @usableFromInline func counting(_ body: () -> StoreTask) -> StoreTask {
    EffectWorkCounting.with(self, body)
  }

  /// Notes an effect's task: it is filed so that a step of it made ready where no thread or task-local tells whose
  /// it is counts as this work's. Started after `send` (the deferred start order), its first hop off the main actor
  /// is such a step. Started inside `send`, its way back from a counted step to the main actor is sometimes one too:
  /// on Linux, where the main queue is drained by pool threads, the runtime at times hands the task to the global
  /// executor from a thread running no task (seen under CI's load, where the test went on as the effect returned).
  @usableFromInline func effectAttached(_ id: UInt64, _ task: Task<Void, Never>) {
    guard Self.isCounting else { return }
    EffectWorkCounting.file(task, as: self)
    lock.withLock { filedTasks[id] = task }
  }

  /// Notes an effect that ended: its task is no longer filed.
  @usableFromInline func effectEnded(_ id: UInt64) {
    guard let task = lock.withLock({ filedTasks.removeValue(forKey: id) }) else { return }
    EffectWorkCounting.unfile(task)
  }

  /// Whether steps are counted in this process (else the test store waits for a quiet stretch).
  @usableFromInline static let isCounting = EffectWorkCounting.isCounting
}
