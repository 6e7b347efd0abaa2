import Foundation
import IssueReporting

/// A clock whose time moves only when a test says so, so debounces and timers run deterministically.
///
/// `sleep` suspends until `advance(by:)` or `run()` moves `now` to the deadline (even
/// a deadline already reached waits for one of them); sleepers wake in deadline order,
/// those due at the same instant in the order they started sleeping, and between wake-ups the clock yields so
/// the woken tasks (and the main actor, where effects run) get to react.
public final class TestClock: Clock, @unchecked Sendable {
  /// A suspended `sleep` call.
  private struct Sleeper {
    let id: UInt64
    let deadline: ClockInstant
    let continuation: UnsafeContinuation<Void, any Error>
    /// The work of the task that sleeps (a test store's effects), told when it is woken.
    let work: (any SettleableWork)?

    /// Wakes the sleeping task, as a step of its work.
    func wake() {
      guard let work else { return continuation.resume() }
      work.resuming { continuation.resume() }
    }
  }

  private let lock = NSLock()
  private var current: ClockInstant
  private var sleepers: [Sleeper] = []
  private var nextSleeperID: UInt64 = 0
  /// Changes whenever a sleep starts or ends, so `settle` can tell when tasks have stopped moving.
  private var activity: UInt64 = 0
  /// The work (a test store's effects) of the tasks that slept here, by identity: what `settle` waits on.
  private var sleepersWork: [ObjectIdentifier: any SettleableWork] = [:]
  /// Whether a task outside any such work slept here: then only a quiet stretch of wall time tells it reacted.
  private var sawSleeperOutsideWork = false

  /// How the clock waits for woken tasks to react before it goes on.
  public enum Settling: Sendable {
    /// Until nothing has moved for a while of wall time: right for tasks on any executor (the default).
    case untilQuiet
    /// By yielding and pausing for microseconds until a few rounds in a row see no sleep start or end: enough
    /// when woken tasks run on the main actor, as a store's effects do, on a machine that is not overloaded;
    /// what a property-based exploration uses to take hundreds of steps a second.
    case byYielding
    /// By yielding until `isAtRest`, given how many tasks sleep on the clock, says every task it knows of waits
    /// (a store whose running effects all sleep here): no wall time at all when it does. When it does not say
    /// so within a few hundred yields (an effect waits on something else), as `byYielding`.
    case untilAtRest(@MainActor @Sendable (_ sleeping: Int) -> Bool)
  }

  private let settling: Settling

  /// Whether `settle` yields and pauses briefly (after its rest check, for `untilAtRest`).
  private var settlesByYielding: Bool {
    switch settling {
    case .byYielding, .untilAtRest: true
    case .untilQuiet: false
    }
  }

  /// A clock at `now` (the origin by default).
  public init(now: ClockInstant = ClockInstant()) {
    current = now
    settling = .untilQuiet
  }

  /// A clock at `now` (the origin by default) that settles as `settling` says.
  public init(now: ClockInstant = ClockInstant(), settling: Settling) {
    current = now
    self.settling = settling
  }

  /// The clock's current time.
  public var now: ClockInstant { lock.withLock { current } }

  /// The smallest step: none, time is exact.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on the clock.
  public var pendingSleepCount: Int { lock.withLock { sleepers.count } }

  /// Suspends until the clock reaches `deadline`; throws `CancellationError` if the task is cancelled.
  public func sleep(until deadline: ClockInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let work = TestStoreScope.current?.work
    let id = lock.withLock {
      defer { nextSleeperID += 1 }
      if let work {
        sleepersWork[ObjectIdentifier(work)] = work
      } else {
        sawSleeperOutsideWork = true
      }
      return nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        // The task may be cancelled between registering the handler and getting
        // here; the handler then found no sleeper to wake, so check under the lock.
        let outcome: Result<Void, CancellationError> = lock.withLock {
          activity += 1
          if Task.isCancelled { return .failure(CancellationError()) }
          // Even a deadline already reached (`sleep(for: .zero)`) waits for `advance` or `run`, as in TCA:
          // a test then decides when the sleeper wakes, in the order sleepers started.
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, work: work))
          return .success(())
        }
        if case .failure(let error) = outcome { continuation.resume(throwing: error) }
      }
    } onCancel: {
      let cancelled: Sleeper? = lock.withLock {
        activity += 1
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking each sleeper whose deadline is reached, in order.
  public func advance(by duration: Duration = .zero) async {
    let target = lock.withLock { current.advanced(by: duration) }
    await settle()
    while true {
      let woken: Sleeper? = lock.withLock {
        guard
          // Ties go to the sleeper that started first: ids count sleep calls in order.
          let index = sleepers.indices.min(by: { Self.wakesBefore(sleepers[$0], sleepers[$1]) }),
          sleepers[index].deadline <= target
        else {
          current = max(current, target)
          return nil
        }
        let sleeper = sleepers.remove(at: index)
        current = max(current, sleeper.deadline)
        return sleeper
      }
      guard let woken else { break }
      woken.wake()
      await settle()
    }
    await settle()
  }

  private static func wakesBefore(_ first: Sleeper, _ second: Sleeper) -> Bool {
    first.deadline != second.deadline ? first.deadline < second.deadline : first.id < second.id
  }

  /// Moves time to `deadline`.
  public func advance(to deadline: ClockInstant) async {
    await advance(by: now.duration(to: deadline))
  }

  /// Runs the clock until no task sleeps on it any more, and reports an issue when one still does after
  /// `timeout` of wall time (a timer nobody stopped): swift-clocks' `run(timeout:)`.
  public func run(
    timeout: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      await settle()
      let next: ClockInstant? = lock.withLock { sleepers.map(\.deadline).min() }
      guard let next else { return }
      await advance(to: next)
    }
    guard pendingSleepCount > 0 else { return }
    reportIssue(
      """
      The test clock ran for \(timeout) of wall time and \(pendingSleepCount) task(s) still sleep on it: something \
      sleeps again and again (a timer nobody stopped). Stop it, or advance the clock by a bounded amount.
      """,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Throws `SuspensionError` when a task still sleeps on the clock once the tasks just started have settled:
  /// proves a feature has no time-based work left (swift-clocks' `checkSuspension()`).
  public func checkSuspension() async throws(SuspensionError) {
    await settle()
    let sleeping = pendingSleepCount
    guard sleeping == 0 else { throw SuspensionError(sleepingTasks: sleeping) }
  }

  /// Advances until nobody is sleeping, waking everyone in deadline order (gives up after `limit` rounds).
  public func run(limit: Int = 10_000) async {
    for _ in 0..<limit {
      await settle()
      let next: ClockInstant? = lock.withLock { sleepers.map(\.deadline).min() }
      guard let next else { return }
      await advance(to: next)
    }
  }

  /// Waits until tasks that were just started or resumed have reached their next suspension.
  ///
  /// When every task that slept on the clock was a test store's effect (`TestStoreScope`), this waits on
  /// the test store, which knows when its effects are at rest, and spends no wall time. Otherwise: sleeping tasks run on the cooperative pool, not on the caller's actor, so
  /// yielding alone can return before they register. This yields and pauses for
  /// a fraction of a millisecond until no sleep has started or ended for several
  /// rounds in a row and for at least `quietPeriod` of wall time: on a loaded
  /// machine a task that is about to sleep can be off the processor for
  /// milliseconds, and a quiet window shorter than that mistakes it for idle.
  public func settle() async {
    if case .untilQuiet = settling, let works = lock.withLock({ sawSleeperOutsideWork ? nil : sleepersWork }),
      !works.isEmpty
    {
      await settle(works.values)
      return
    }
    if case let .untilAtRest(isAtRest) = settling {
      // Twice in a row, with a yield between: a task woken just now has had a turn to show it is not at rest.
      var restingRounds = 0
      for _ in 0..<500 {
        await Task.yield()
        let sleeping = pendingSleepCount
        guard await MainActor.run(body: { isAtRest(sleeping) }) else {
          restingRounds = 0
          continue
        }
        restingRounds += 1
        if restingRounds >= 2 { return }
      }
    }
    if settlesByYielding {
      // A woken effect runs on the main actor, but `sleep` itself runs on the pool: a few short pauses let it
      // register, and the clock stops waiting once three rounds in a row saw no sleep start or end.
      var window = QuietWindow(rounds: 3, period: .zero, start: lock.withLock { activity })
      for _ in 0..<400 {
        for _ in 0..<4 { await Task.yield() }
        await MainActor.run {}
        try? await Task.sleep(nanoseconds: 20_000)
        if window.isQuiet(after: lock.withLock { activity }) { return }
      }
      return
    }
    var window = QuietWindow(rounds: 5, period: Self.quietPeriod, start: lock.withLock { activity })
    for _ in 0..<5_000 {
      for _ in 0..<10 { await Task.yield() }
      // Effects send on the main actor: a round only counts once the main actor has had its turn, so a main
      // actor busy elsewhere (another test's synchronous work) is not mistaken for tasks at rest.
      await MainActor.run {}
      try? await Task.sleep(nanoseconds: 150_000)
      if window.isQuiet(after: lock.withLock { activity }) { return }
    }
  }

  /// Waits for `works` (every task that slept here belongs to one of them) to come to rest, again until a round
  /// sees no sleep start or end: no wall time, since each work knows when its own tasks are at rest.
  private func settle(_ works: some Collection<any SettleableWork>) async {
    for _ in 0..<1_000 {
      let before = lock.withLock { activity }
      for work in works { await work.settle() }
      if lock.withLock({ activity }) == before { return }
    }
  }

  /// How long nothing may move before `settle` calls the tasks idle.
  static let quietPeriod = Duration.milliseconds(30)
}

/// What `TestClock.checkSuspension()` throws: tasks still sleep on the clock.
public struct SuspensionError: Error, Equatable, CustomStringConvertible {
  /// How many tasks sleep on the clock.
  public let sleepingTasks: Int

  /// The error for `sleepingTasks` tasks sleeping.
  public init(sleepingTasks: Int) {
    self.sleepingTasks = sleepingTasks
  }

  /// What a test failure says.
  public var description: String {
    "\(sleepingTasks) task(s) still sleep on the test clock: advance it, or stop what sleeps."
  }
}
