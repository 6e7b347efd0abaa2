import AtomicCounters
import Composable
import Foundation
import Sharing

/// Who sent a recorded action, in two words: the kind in the top bits of `bits` with the action's number below,
/// and the effect's id. Cheaper to copy and compare than an enum, on every action; `ComposableDebugger`'s
/// `TimelineOrigin` is what a reader sees.
@usableFromInline struct PackedOrigin: Equatable, Sendable {
  @usableFromInline var bits: UInt64
  /// The id of the effect that sent the action (kind `effectKind`), else 0.
  @usableFromInline var effect: UInt64

  @inlinable static var kindShift: UInt64 { 61 }
  /// The kinds, as `kind` reads them.
  static let commandKind: UInt64 = 1
  static let effectKind: UInt64 = 2
  static let immediateKind: UInt64 = 3
  static let timerKind: UInt64 = 4

  /// No origin yet (a `deliveringOrigin` not set).
  @inlinable static var none: PackedOrigin { PackedOrigin(bits: 0, effect: 0) }
  /// Sent from outside the store.
  @inlinable static var command: PackedOrigin { PackedOrigin(bits: 1 << kindShift, effect: 0) }
  /// Sent by a timer of the store.
  @inlinable static var timer: PackedOrigin { PackedOrigin(bits: 4 << kindShift, effect: 0) }

  @inlinable init(bits: UInt64, effect: UInt64) {
    self.bits = bits
    self.effect = effect
  }

  /// Sent while action `sequence` was handled.
  @inlinable static func immediately(after sequence: Int) -> PackedOrigin {
    PackedOrigin(bits: 3 << kindShift | UInt64(truncatingIfNeeded: sequence), effect: 0)
  }

  /// Sent by effect `id`, which the reduce of action `sequence` started.
  static func effect(of sequence: Int, id: UInt64) -> PackedOrigin {
    PackedOrigin(bits: 2 << kindShift | UInt64(truncatingIfNeeded: sequence), effect: id)
  }

  /// Which kind of sender (one of the `…Kind` constants; anything else reads as a command).
  var kind: UInt64 { bits >> Self.kindShift }
  /// The action that sent it or started its effect (kinds `effectKind` and `immediateKind`).
  var sequence: Int { Int(bits & ((1 << Self.kindShift) - 1)) }
}

/// What a timeline's buffer holds for one action: an entry without its number, which its place gives.
@usableFromInline struct TimelineSlot<State, Action> {
  @usableFromInline let action: Action
  @usableFromInline let origin: PackedOrigin
  @usableFromInline let time: UInt64
  @usableFromInline let state: State

  @inlinable init(action: Action, origin: PackedOrigin, time: UInt64, state: State) {
    self.action = action
    self.origin = origin
    self.time = time
    self.state = state
  }
}

/// One action as the storage hands it to its reader.
struct StoredAction<State, Action> {
  /// Its number in the store's life, from 1.
  let sequence: Int
  let action: Action
  let origin: PackedOrigin
  /// When it was reduced, in nanoseconds of `MonotonicClock`.
  let time: UInt64
  /// The state after it.
  let state: State
  /// The shared values' change number after it (`SharedHistory.now`).
  let sharedChange: UInt64
  /// How long its reduce took in nanoseconds, plus one; 0 when it was not timed.
  let reduceNanos: UInt64
}

/// The monotonic clock as a timeline stamps its entries: a reading kept fresh by a ticker while actions flow.
///
/// Reading the system clock costs about as much as sending an action to a small store, so a timeline that read it
/// for every action would double the cost of a send. Instead an action that finds no ticker running reads the
/// clock and starts one, which refreshes the kept reading every millisecond and stops after a hundred ticks.
/// An entry's time is then exact for the first action of a burst and at most a millisecond early for the
/// others, and an app idle for a tenth of a second has no ticker at all.
@usableFromInline final class TimelineClock: Sendable {
  /// The last reading, in nanoseconds since an arbitrary start (the system's boot), while the ticker runs; 0 when it
  /// does not (no reading is 0), so an action reads one counter.
  @usableFromInline let kept = AtomicCounter()
  /// Whether a ticker is scheduled: only one runs at a time.
  private let ticking = AtomicCounter()
  /// Ticks left before the ticker stops (the next action after that starts it again).
  private let ticksLeft = AtomicCounter()
  private static let queue = DispatchQueue(label: "Composable.TimelineClock")

  @usableFromInline init() {}

  /// The time of an action being recorded now: the kept reading while the ticker runs, else a fresh one.
  @inlinable func stamp() -> UInt64 {
    let reading = kept.load()
    return reading != 0 ? UInt64(bitPattern: reading) : startTicking()
  }

  /// Reads the clock, keeps the reading, and starts the ticker.
  @usableFromInline func startTicking() -> UInt64 {
    let reading = MonotonicClock.now()
    kept.store(Int64(bitPattern: reading))
    ticksLeft.store(100)
    if ticking.exchange(1) == 0 { scheduleTick() }
    return reading
  }

  private func scheduleTick() {
    Self.queue.asyncAfter(deadline: .now() + .milliseconds(1)) { [self] in
      if ticksLeft.add(-1) > 0 {
        kept.store(Int64(bitPattern: MonotonicClock.now()))
        scheduleTick()
      } else {
        // In this order: an action that stored a reading meanwhile either started a new ticker, or finds 0 and
        // starts one; none keeps a reading no ticker refreshes.
        ticking.store(0)
        kept.store(0)
      }
    }
  }
}

/// Where a timeline's storage tells what happens as it happens, for a trace: told on the store's actor, with times
/// in nanoseconds of `MonotonicClock`. `ComposableDebugger` turns it into a `TimelineTrace`.
@usableFromInline protocol TimelineTracing: AnyObject, Sendable {
  /// Action `sequence` (its `path`, sent from `origin`) was reduced from `start` to `end`.
  func action(sequence: Int, path: String, origin: PackedOrigin, start: UInt64, end: UInt64)
  /// Effect `id` began at `time`, started by the reduce of action `startedBy` (at `path`).
  func effectBegan(id: UInt64, startedBy: Int, path: String, at time: UInt64)
  /// Effect `id`, started by action `startedBy` (at `path`), ended at `time` with `outcome`.
  func effectEnded(id: UInt64, startedBy: Int, path: String, outcome: EffectOutcome, at time: UInt64)
}

/// What a root store's send loop writes for a debugger: a bounded ring of the actions it reduced with the state
/// after each and who sent it, and the effects running now. `ComposableDebugger`'s `StoreTimeline` reads it.
///
/// The recording path is inlinable, so the store's module specializes it for its state and action types, and a
/// store without one pays one branch per action. The bound holds memory flat however long a session runs: past
/// `capacity`, the oldest entry is dropped. Used on the main actor, with its store; not isolated to it, so that the
/// send loop reaches it without an isolation check or a retain.
@usableFromInline final class TimelineStorage<State, Action>: @unchecked Sendable {
  /// How many entries are kept.
  let capacity: Int
  /// Where actions and effects are traced, if anywhere.
  @usableFromInline let tracer: (any TimelineTracing)?
  /// Whether there is a tracer (read on every action, so a flag rather than an optional reference).
  @usableFromInline let isTracing: Bool
  // Its properties skip dynamic exclusivity checks (touched only on the main actor, by the store).
  /// The entries, in a buffer of `capacity + 1` slots allocated once: `count` are initialized, and the next
  /// entry goes at `next`, over the oldest once all are used. The slot before the oldest kept entry holds the
  /// state that entry is compared with, so dropping an entry moves nothing.
  @usableFromInline let ring: UnsafeMutablePointer<TimelineSlot<State, Action>>
  /// The shared values' change number after each entry, slot for slot with `ring`: a ring of its own, because a
  /// slot one word larger is too large for its copy to be inlined, which slows every recorded action.
  @usableFromInline let sharedChangeRing: UnsafeMutablePointer<UInt64>
  /// How long each entry's reduce took, in nanoseconds plus one, slot for slot with `ring`: written only while
  /// reduces are timed (an untimed action pays nothing), so read only for the actions of `timed`.
  @usableFromInline let reduceRing: UnsafeMutablePointer<UInt64>
  /// The actions whose reduce was timed: from the first timed one, to the last before timing stopped (nil: still
  /// timing). A new run of timing forgets the last one's.
  private var timed: (from: Int, through: Int?)?
  /// The hook the store records through, which reads the clock before each reduce while actions are timed.
  @usableFromInline weak var hook: StoreHook<State, Action>?
  /// Nanoseconds the finished effects of each action ran, by the action's number (the kept ones, and a few more).
  private var effectNanos: [Int: UInt64] = [:]
  @usableFromInline let slots: Int
  @usableFromInline @exclusivity(unchecked) var count = 0
  @usableFromInline @exclusivity(unchecked) var next = 0
  @usableFromInline let clock = TimelineClock()
  /// `SharedHistory`'s change counter, held here so each action reads it with one inlined load.
  @usableFromInline let sharedChanges = SharedHistory.changes
  /// The sequence number of the last action recorded (0 before any).
  var lastSequence: Int { recorded }
  @usableFromInline @exclusivity(unchecked) var recorded = 0
  /// Origins of the actions waiting in the store's buffer, in the buffer's order.
  @usableFromInline @exclusivity(unchecked) var pendingOrigins: [PackedOrigin] = []
  @usableFromInline @exclusivity(unchecked) var pendingStart = 0
  /// Set while a timer of the store fires: what it sends has the timer as its origin.
  private var isFiringTimer = false
  /// The origin of the next action sent from outside the loop (an effect delivering), consumed by that send.
  @usableFromInline @exclusivity(unchecked) var deliveringOrigin = PackedOrigin.none
  /// For each run of actions an effect queued that the store is sending one by one (innermost last): their
  /// origins, and how many were sent.
  private var queuedRuns: [(origins: [PackedOrigin], sent: Int)] = []
  /// The effects running now: the action that started each (kept here too, so a long-lived effect still names its
  /// starter once the timeline has dropped that action), and when it began.
  private var running: [UInt64: (startedBy: Int, start: UInt64, starter: Action?)] = [:]
  /// Effects whose body threw an error other than cancellation, until their end is recorded.
  private var failed: Set<UInt64> = []

  /// An empty storage keeping the last `capacity` actions (at least 1), telling `tracer` as it goes.
  init(capacity: Int, tracer: (any TimelineTracing)?) {
    self.capacity = max(1, capacity)
    self.tracer = tracer
    isTracing = tracer != nil
    slots = self.capacity + 1
    ring = .allocate(capacity: slots)
    sharedChangeRing = .allocate(capacity: slots)
    reduceRing = .allocate(capacity: slots)
    if tracer != nil { timed = (1, nil) }
  }

  deinit {
    ring.deinitialize(count: count)
    ring.deallocate()
    sharedChangeRing.deallocate()
    reduceRing.deallocate()
  }

  // MARK: Reading

  /// How many entries are kept.
  var keptCount: Int { min(count, capacity) }

  /// The entry `back` places before the newest (0: the newest); `back` must be below `keptCount + 1` (one more
  /// than kept: the slot before the oldest holds the state that entry is compared with).
  func stored(back: Int) -> StoredAction<State, Action> {
    let index = ((next - 1 - back) % slots + slots) % slots
    let slot = ring[index]
    return StoredAction(
      sequence: recorded - back, action: slot.action, origin: slot.origin, time: slot.time, state: slot.state,
      sharedChange: sharedChangeRing[index], reduceNanos: wasTimed(recorded - back) ? reduceRing[index] : 0)
  }

  /// Whether action `sequence`'s reduce was timed.
  private func wasTimed(_ sequence: Int) -> Bool {
    guard let timed else { return false }
    return sequence >= timed.from && sequence <= (timed.through ?? .max)
  }

  /// Whether each reduce is timed (always while tracing): the send loop reads the clock before it, and the
  /// storage after.
  var timesReduces: Bool {
    get { hook?.timesReduces ?? isTracing }
    set {
      let timing = newValue || isTracing
      guard timing != timesReduces else { return }
      hook?.timesReduces = timing
      timed = timing ? (recorded + 1, nil) : timed.map { ($0.from, recorded) }
    }
  }

  /// Nanoseconds the effects action `sequence` started have run: the finished ones' whole runs and the running
  /// ones' so far; nil when it started none that the storage still counts.
  func effectNanos(of sequence: Int) -> UInt64? {
    let now = MonotonicClock.now()
    let running = self.running.values.filter { $0.startedBy == sequence }.map { now &- $0.start }
    guard effectNanos[sequence] != nil || !running.isEmpty else { return nil }
    return running.reduce(effectNanos[sequence] ?? 0, +)
  }

  /// The effects running now, oldest first: each one's id, the action that started it and when.
  var runningEffects: [(id: UInt64, startedBy: Int, start: UInt64)] {
    running.sorted { $0.key < $1.key }.map { ($0.key, $0.value.startedBy, $0.value.start) }
  }

  /// The path of the action that started running effect `id`, kept or not; nil for an effect not running.
  func starterPath(ofEffect id: UInt64) -> String? {
    running[id]?.starter.map { actionPath($0) }
  }

  /// The path of kept action `sequence`, or "" once it is no longer kept.
  private func path(of sequence: Int) -> String {
    let back = recorded - sequence
    guard sequence > 0, back >= 0, back < keptCount else { return "" }
    return actionPath(stored(back: back).action)
  }

  // MARK: Recording (the store's hook calls these)

  /// What the store's send loop told besides a reduce: where the next actions come from, effects' lives, the timer.
  @usableFromInline func note(_ event: StoreEvent) {
    switch event {
    case let .buffered(sentByEffect):
      let origin = sentByEffect ? deliveringOrigin : .none
      deliveringOrigin = .none
      pendingOrigins.append(isFiringTimer ? .timer : origin == .none ? .immediately(after: lastSequence) : origin)
    case let .delivering(id):
      deliveringOrigin = .effect(of: running[id]?.startedBy ?? lastSequence, id: id)
    case let .effectStarted(id):
      effectStarted(id)
    case .effectAttached:
      break
    case let .effectFailed(id):
      failed.insert(id)
    case let .effectFinished(id):
      // Told inside the effect's task, so its cancellation shows here.
      effectEnded(id, outcome: Task.isCancelled ? .cancelled : failed.remove(id) != nil ? .failed : .finished)
    case let .firingTimer(firing):
      isFiringTimer = firing
    case let .sendingQueued(count):
      queuedRuns.append((takePending(count: count), 0))
    case .sendingNextQueued:
      guard let run = queuedRuns.last else { return }
      if run.sent < run.origins.count { deliveringOrigin = run.origins[run.sent] }
      queuedRuns[queuedRuns.count - 1].sent += 1
    case .sentQueued:
      _ = queuedRuns.popLast()
    }
  }

  /// Drops the origins of the last `count` buffer entries (taken out of the buffer to be sent one by one).
  private func takePending(count: Int) -> [PackedOrigin] {
    let available = pendingOrigins.count - pendingStart
    let taken = Array(pendingOrigins.suffix(min(count, available)))
    pendingOrigins.removeLast(taken.count)
    return taken
  }

  /// Records an action the store reduced; `fromBuffer` says whether it waited in the buffer, `started` is the
  /// clock reading before its reduce (taken only when tracing, which shows the reduce's span).
  @inlinable @inline(__always) func record(_ action: Action, state: State, fromBuffer: Bool, started: UInt64) {
    var origin = deliveringOrigin
    if fromBuffer {
      origin = pendingStart < pendingOrigins.count ? takeNextPending() : .immediately(after: recorded)
    } else if origin == .none {
      origin = .command
    }
    deliveringOrigin = .none
    recorded &+= 1
    // A timed reduce (`started` read before it) reads the clock again; else the ticker's reading will do.
    let slot = TimelineSlot(
      action: action, origin: origin, time: started != 0 ? MonotonicClock.now() : clock.stamp(), state: state)
    sharedChangeRing[next] = UInt64(truncatingIfNeeded: sharedChanges.load())
    if started != 0 { reduceRing[next] = slot.time &- started &+ 1 }
    if count < slots {
      (ring + next).initialize(to: slot)
      count &+= 1
    } else {
      (ring + next).pointee = slot
    }
    next = next &+ 1 == slots ? 0 : next &+ 1
    if isTracing { traceAction(action, origin: origin, started: started, ended: slot.time) }
  }

  /// The origin of the next action taken from the store's buffer.
  @usableFromInline func takeNextPending() -> PackedOrigin {
    let origin = pendingOrigins[pendingStart]
    pendingStart += 1
    if pendingStart == pendingOrigins.count {
      pendingOrigins.removeAll(keepingCapacity: true)
      pendingStart = 0
    }
    return origin
  }

  /// Tells the tracer about the action just recorded and its reduce.
  @usableFromInline func traceAction(_ action: Action, origin: PackedOrigin, started: UInt64, ended: UInt64) {
    tracer?.action(sequence: recorded, path: actionPath(action), origin: origin, start: started, end: ended)
  }

  /// Notes an effect's start: the action reduced last started it.
  func effectStarted(_ id: UInt64) {
    let now = MonotonicClock.now()
    // The newest slot's action alone: the state beside it is not copied.
    running[id] = (lastSequence, now, count > 0 ? ring[next == 0 ? slots - 1 : next - 1].action : nil)
    tracer?.effectBegan(id: id, startedBy: lastSequence, path: path(of: lastSequence), at: now)
  }

  /// Notes an effect's end and how it ended.
  func effectEnded(_ id: UInt64, outcome: EffectOutcome) {
    guard let record = running.removeValue(forKey: id) else { return }
    let now = MonotonicClock.now()
    effectNanos[record.startedBy, default: 0] &+= now &- record.start
    // Bounded as the ring is: the counts of actions no longer kept go (a long-lived effect's starter may be older).
    if effectNanos.count > 2 * capacity { effectNanos = effectNanos.filter { $0.key > recorded - capacity } }
    tracer?.effectEnded(
      id: id, startedBy: record.startedBy, path: path(of: record.startedBy), outcome: outcome, at: now)
  }
}

extension TimelineStorage {
  /// The hook through which a root store records into this storage, keeping `owner` (its reader) alive.
  ///
  /// Inlinable: built where the store's types are known (`Store.recordTimeline` in the app's module), the
  /// recording closure is specialized for them, as the send loop is.
  @inlinable func hook(owner: AnyObject) -> StoreHook<State, Action> {
    let hook = StoreHook<State, Action>(
      kind: StoreTimelineHookKind.name, owner: owner, timesReduces: isTracing, tracksSenders: true,
      didReduce: { action, state, _, fromBuffer, started in
        self.record(action, state: state, fromBuffer: fromBuffer, started: started)
      },
      event: { self.note($0) })
    self.hook = hook
    return hook
  }
}

/// The kind a timeline's hook is attached as: a store keeps one timeline, the last asked for.
@usableFromInline enum StoreTimelineHookKind {
  @usableFromInline static let name = "timeline"
}
