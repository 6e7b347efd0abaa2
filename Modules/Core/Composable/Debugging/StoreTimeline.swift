import AtomicCounters
import Foundation
import Sharing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who sent an action that a timeline recorded.
public enum TimelineOrigin: Equatable, Sendable, CustomStringConvertible {
  /// Sent from outside the store: a typed command, the app starting, a test.
  case command
  /// Sent by an async effect (`id` in the trace) that the reduce of action `sequence` started.
  case effect(of: Int, id: UInt64)
  /// Sent while action `sequence` was being handled: a `.send` effect, or a send from a reducer or an observer.
  case immediately(after: Int)
  /// Sent when a timer of the store fired: a throttled effect let through at the end of its interval.
  case timer

  /// "command", "effect of #12", "sent by #12".
  public var description: String {
    switch self {
    case .command: "command"
    case let .effect(sequence, _): "effect of #\(sequence)"
    case let .immediately(sequence): "sent by #\(sequence)"
    case .timer: "timer"
    }
  }
}

/// A `TimelineOrigin` in two words, as entries keep it: the kind in the top bits of `bits` with the action's
/// number below, and the effect's id. Cheaper to copy and compare than the enum, on every action.
@usableFromInline struct PackedOrigin: Equatable, Sendable {
  @usableFromInline var bits: UInt64
  @usableFromInline var effect: UInt64

  @inlinable static var kindShift: UInt64 { 61 }
  /// No origin yet (a `deliveringOrigin` not set).
  @inlinable static var none: PackedOrigin { PackedOrigin(bits: 0, effect: 0) }
  /// Sent from outside the store.
  @inlinable static var command: PackedOrigin { PackedOrigin(bits: 1 << kindShift, effect: 0) }

  @inlinable init(bits: UInt64, effect: UInt64) {
    self.bits = bits
    self.effect = effect
  }

  /// Sent by a timer of the store.
  @inlinable static var timer: PackedOrigin { PackedOrigin(bits: 4 << kindShift, effect: 0) }

  /// Sent while action `sequence` was handled.
  @inlinable static func immediately(after sequence: Int) -> PackedOrigin {
    PackedOrigin(bits: 3 << kindShift | UInt64(truncatingIfNeeded: sequence), effect: 0)
  }

  @usableFromInline init(_ origin: TimelineOrigin) {
    switch origin {
    case .command: self = .command
    case let .effect(sequence, id): self.init(bits: 2 << Self.kindShift | UInt64(sequence), effect: id)
    case let .immediately(sequence): self = .immediately(after: sequence)
    case .timer: self = .timer
    }
  }

  @usableFromInline var origin: TimelineOrigin {
    let sequence = Int(bits & ((1 << Self.kindShift) - 1))
    switch bits >> Self.kindShift {
    case 2: return .effect(of: sequence, id: effect)
    case 3: return .immediately(after: sequence)
    case 4: return .timer
    default: return .command
    }
  }
}

/// A change another process made to a shared value of the data folder, as the timeline lists it.
public struct SharedChangeElsewhere: Equatable, Sendable {
  /// The file's name (`favorites.json`).
  public let file: String
  /// Its shared change number: it happened after the entries whose `sharedChange` is below it.
  public let number: UInt64
  /// When it was followed, in nanoseconds of the monotonic clock.
  let time: UInt64

  /// When it was followed (wall clock).
  public var date: Date { MonotonicClock.date(of: time) }
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

/// One action as a timeline keeps it: when it came, from whom, and the state it left.
public struct TimelineEntry<State, Action> {
  /// Its number in the store's life, from 1; numbers are never reused, even once the entry is dropped.
  public let sequence: Int
  /// The action.
  public let action: Action
  /// Who sent it, packed.
  @usableFromInline let packedOrigin: PackedOrigin
  /// When it was reduced, in nanoseconds of the system's monotonic clock (see `date`).
  @usableFromInline let time: UInt64
  /// The state after it: states are values, so entries share what did not change.
  public let state: State
  /// The shared values' change number after it (`SharedHistory.now`): the state's `@Shared` values read as they
  /// were then inside `SharedHistory.reading(asOf: sharedChange)`.
  public let sharedChange: UInt64

  @inlinable init(
    sequence: Int, action: Action, origin: PackedOrigin, time: UInt64, state: State, sharedChange: UInt64
  ) {
    self.sequence = sequence
    self.action = action
    self.packedOrigin = origin
    self.time = time
    self.state = state
    self.sharedChange = sharedChange
  }

  /// Who sent it.
  public var origin: TimelineOrigin { packedOrigin.origin }

  /// When it was reduced (wall clock), from the monotonic reading taken then.
  public var date: Date { MonotonicClock.date(of: time) }

  /// The action's full path in the feature tree (`path[id: 1].detail.delegate(.saved)`).
  public var path: String { actionPath(action) }
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

/// The system's monotonic clock, read directly (one vDSO call, cheaper than `ContinuousClock.now` and `Date()`).
@usableFromInline enum MonotonicClock {
  /// The system's monotonic clock now, in nanoseconds.
  @usableFromInline static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ UInt64(time.tv_nsec)
  }

  /// The monotonic reading and the wall clock at the same moment, to turn one into the other.
  private static let anchor = (monotonic: now(), date: Date())

  /// The wall-clock date of monotonic reading `time`.
  static func date(of time: UInt64) -> Date {
    anchor.date.addingTimeInterval((Double(time) - Double(anchor.monotonic)) / 1e9)
  }
}

/// An effect a store is running now, as `:effects` lists it.
public struct RunningEffectInfo: Sendable, Equatable {
  /// The effect's number in the store (the trace's span id).
  public let id: UInt64
  /// The action whose reduce started it.
  public let startedBy: Int
  /// That action's path, which names the feature it belongs to.
  public let actionPath: String
  /// How long it has run.
  public let age: Duration
  /// Its cancellation ids, as the feature declared them (navigation ids left out).
  public let cancellationIDs: [String]

  /// How long it has run, as a listing shows it: `2.5 s`.
  public var ageText: String {
    String(format: "%.1f s", Double(age.components.seconds) + Double(age.components.attoseconds) / 1e18)
  }
}

/// A root store's bounded record of every action it reduced: a debugger's timeline, time travel through the
/// states it kept, the effects running now, and (with a trace file) effect traces.
///
/// Off unless a store is given one (`Store.recordTimeline`), and then it costs one branch per action when absent.
/// The bound holds memory flat however long a session runs: past `capacity`, the oldest entry is dropped
/// and its state becomes the baseline the next one is compared with.
///
/// Used on the main actor, with its store (the store records, the debugger reads); not isolated to it, so that the
/// send loop reaches it without an isolation check or a retain.
public final class StoreTimeline<State, Action>: @unchecked Sendable {
  /// How many entries are kept.
  public let capacity: Int
  /// The trace the timeline writes as it goes, if any.
  public let trace: (any TimelineTrace)?
  /// Whether there is a trace (read on every action, so a flag rather than an optional reference).
  @usableFromInline let isTracing: Bool
  // The recording path is inlinable, so the store's module specializes it for its state and action types;
  // its properties skip dynamic exclusivity checks (touched only on the main actor, by the store).
  /// The entries, in a buffer of `capacity + 1` slots allocated once: `count` are initialized, and the next
  /// entry goes at `next`, over the oldest once all are used. The slot before the oldest kept entry holds the
  /// state that entry is compared with, so dropping an entry moves nothing.
  @usableFromInline let ring: UnsafeMutablePointer<TimelineSlot<State, Action>>
  /// The shared values' change number after each entry, slot for slot with `ring`: a ring of its own, because a
  /// slot one word larger is too large for its copy to be inlined, which slows every recorded action.
  @usableFromInline let sharedChangeRing: UnsafeMutablePointer<UInt64>
  @usableFromInline let slots: Int
  @usableFromInline @exclusivity(unchecked) var count = 0
  @usableFromInline @exclusivity(unchecked) var next = 0
  @usableFromInline let clock = TimelineClock()
  /// `SharedHistory`'s change counter, held here so each action reads it with one inlined load.
  @usableFromInline let sharedChanges = SharedHistory.changes
  /// The state before the first action.
  private let initialState: State
  /// The shared values' change number before the first action.
  private let initialSharedChange: UInt64
  /// The sequence number of the last action recorded (0 before any).
  public var lastSequence: Int { recorded }
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
  private var running: [UInt64: (startedBy: Int, start: UInt64)] = [:]
  /// Effects whose body threw an error other than cancellation, until their end is recorded.
  private var failed: Set<UInt64> = []
  private let epoch = MonotonicClock.now()
  /// Follows the shared values of the data folder while the timeline lives: their changes made by other
  /// processes, and with a trace their changes and saves.
  private var sharedEvents: SharedEventsToken?
  private let elsewhereLock = NSLock()
  /// Changes other processes made to the data folder's shared values, oldest first (the last `capacity`).
  private var elsewhere: [SharedChangeElsewhere] = []

  /// An empty timeline keeping the last `capacity` actions (at least 1), starting from `initialState`; with a
  /// trace and `sharedFilesIn`, the trace also shows the changes and saves of the shared values kept in files in
  /// that folder (the app's data folder: not another store's, in a process that runs several).
  public init(
    initialState: State, capacity: Int = 1_000, trace: (any TimelineTrace)? = nil, sharedFilesIn folder: URL? = nil
  ) {
    self.capacity = max(1, capacity)
    self.initialState = initialState
    // From now on shared values keep what their changes replace, so past states read them as they were.
    SharedHistory.startKeeping()
    initialSharedChange = SharedHistory.now
    self.trace = trace
    isTracing = trace != nil
    slots = self.capacity + 1
    ring = .allocate(capacity: slots)
    sharedChangeRing = .allocate(capacity: slots)
    if let folder { sharedEvents = follow(sharedFilesIn: folder) }
  }

  /// Notes the other processes' changes to the shared values kept in `folder`, and writes every shared event
  /// about them to the trace if there is one, until the returned token goes.
  private func follow(sharedFilesIn folder: URL) -> SharedEventsToken {
    let prefix = folder.standardizedFileURL.path + "/"
    let (trace, epoch, capacity) = (trace, epoch, capacity)
    return SharedEvents.listen { [weak self] event in
      guard let file = event.file, file.hasPrefix(prefix) else { return }
      let now = MonotonicClock.now()
      let time = now >= epoch ? Int64((now - epoch) / 1_000) : 0
      let name = URL(fileURLWithPath: file).lastPathComponent
      switch event {
      case let .changed(_, _, number, elsewhere):
        if elsewhere, let self {
          let change = SharedChangeElsewhere(file: name, number: number, time: now)
          self.elsewhereLock.withLock {
            self.elsewhere.append(change)
            if self.elsewhere.count > capacity { self.elsewhere.removeFirst(self.elsewhere.count - capacity) }
          }
        }
        trace?.sharedChange(name: name, number: number, elsewhere: elsewhere, at: time)
      case let .saveBegan(_, id): trace?.saveBegan(file: name, id: id, at: time)
      case let .saveEnded(_, id, failure): trace?.saveEnded(file: name, id: id, failure: failure, at: time)
      }
    }
  }

  /// The changes other processes made to the data folder's shared values (when the timeline was asked to follow
  /// its files), oldest first: each comes after the entries whose `sharedChange` is below its number.
  public var sharedChangesElsewhere: [SharedChangeElsewhere] { elsewhereLock.withLock { elsewhere } }

  deinit {
    ring.deinitialize(count: count)
    ring.deallocate()
    sharedChangeRing.deallocate()
    SharedHistory.stopKeeping()
    sharedEvents?.cancel()
  }

  /// How many entries are kept.
  private var keptCount: Int { min(count, capacity) }

  /// The entry `back` places before the newest (0: the newest).
  private func entry(back: Int) -> TimelineEntry<State, Action> {
    let index = ((next - 1 - back) % slots + slots) % slots
    let slot = ring[index]
    return TimelineEntry(
      sequence: recorded - back, action: slot.action, origin: slot.origin, time: slot.time, state: slot.state,
      sharedChange: sharedChangeRing[index])
  }

  // MARK: Reading

  /// The entries kept, oldest first.
  public var entries: [TimelineEntry<State, Action>] {
    (0..<keptCount).reversed().map { entry(back: $0) }
  }

  /// The numbers of the entries kept (nil before the first action).
  public var keptRange: ClosedRange<Int>? {
    count == 0 ? nil : (lastSequence - keptCount + 1)...lastSequence
  }

  /// Entry `sequence`, if it is still kept.
  public func entry(_ sequence: Int) -> TimelineEntry<State, Action>? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    return entry(back: lastSequence - sequence)
  }

  /// The state just before action `sequence`, if that action is still kept.
  public func state(before sequence: Int) -> State? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    if sequence == 1 { return initialState }
    // The entry before the oldest kept one is still in its slot until the next action takes it.
    return entry(back: lastSequence - sequence + 1).state
  }

  /// The shared values' change number just before action `sequence`, if that action is still kept.
  public func sharedChange(before sequence: Int) -> UInt64? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    if sequence == 1 { return initialSharedChange }
    return entry(back: lastSequence - sequence + 1).sharedChange
  }

  /// The effects running now, oldest first; one that was cancelled is on its way out, so not listed.
  public var runningEffects: [RunningEffectInfo] {
    let now = MonotonicClock.now()
    return running.sorted { $0.key < $1.key }.filter { !isCancelled($0.key) }.map { id, record in
      RunningEffectInfo(
        id: id, startedBy: record.startedBy,
        actionPath: entry(record.startedBy)?.path ?? "#\(record.startedBy) (no longer kept)",
        age: .nanoseconds(Int64(now &- record.start)), cancellationIDs: cancellationIDs(id))
    }
  }

  /// Reads an effect's cancellation ids; set by the store, which owns the registry.
  var cancellationIDs: (UInt64) -> [String] = { _ in [] }
  /// Whether an effect was cancelled; set by the store, which owns the registry.
  var isCancelled: (UInt64) -> Bool = { _ in false }

  // MARK: Recording (the store calls these)

  /// What happens around the store's send loop: where the next actions come from, failures, the timer.
  func note(_ event: TimelineEvent) {
    switch event {
    case let .buffered(sentByEffect):
      let origin = sentByEffect ? deliveringOrigin : .none
      deliveringOrigin = .none
      enqueued(isFiringTimer ? .timer : origin == .none ? .immediately(after: lastSequence) : origin)
    case let .delivering(id):
      deliveringOrigin = origin(ofEffect: id)
    case let .effectFailed(id):
      failed.insert(id)
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

  /// Notes the origin of an action the store has just put in its buffer.
  private func enqueued(_ origin: PackedOrigin) {
    pendingOrigins.append(origin)
  }

  /// Drops the origins of buffer entries `range` (taken out of the buffer to be sent one by one).
  private func takePending(count: Int) -> [PackedOrigin] {
    let available = pendingOrigins.count - pendingStart
    let taken = Array(pendingOrigins.suffix(min(count, available)))
    pendingOrigins.removeLast(taken.count)
    return taken
  }

  /// Records an action the store reduced; `fromBuffer` says whether it waited in the buffer, `started` is the
  /// clock reading before its reduce (taken only when tracing, which shows the reduce's span).
  @inlinable func record(_ action: Action, state: State, fromBuffer: Bool, started: UInt64) {
    var origin = deliveringOrigin
    if fromBuffer {
      origin = pendingStart < pendingOrigins.count ? takeNextPending() : .immediately(after: recorded)
    } else if origin == .none {
      origin = .command
    }
    deliveringOrigin = .none
    recorded &+= 1
    let slot = TimelineSlot(
      action: action, origin: origin, time: isTracing ? MonotonicClock.now() : clock.stamp(), state: state)
    sharedChangeRing[next] = UInt64(truncatingIfNeeded: sharedChanges.load())
    if count < slots {
      (ring + next).initialize(to: slot)
      count &+= 1
    } else {
      (ring + next).pointee = slot
    }
    next = next &+ 1 == slots ? 0 : next &+ 1
    if isTracing { traceAction(entry(recorded)!, started: started) }
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

  /// Writes the action and its reduce to the trace.
  @usableFromInline func traceAction(_ entry: TimelineEntry<State, Action>, started: UInt64) {
    trace?.action(
      sequence: entry.sequence, path: entry.path, origin: entry.origin, start: microseconds(started),
      duration: microseconds(entry.time) - microseconds(started))
  }

  /// `record` on the timeline at `pointer` (a store's unretained reference): no retain, and, being
  /// nonisolated, no isolation check in the send loop.
  @inlinable static func record(
    _ pointer: UnsafeMutableRawPointer, _ action: Action, state: State, fromBuffer: Bool, started: UInt64
  ) {
    Unmanaged<StoreTimeline>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
      $0.record(action, state: state, fromBuffer: fromBuffer, started: started)
    }
  }

  /// `readingBeforeReduce` on the timeline at `pointer`, as `record(_:_:state:fromBuffer:started:)` reaches it.
  @inlinable static func readingBeforeReduce(_ pointer: UnsafeMutableRawPointer) -> UInt64 {
    Unmanaged<StoreTimeline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.readingBeforeReduce() }
  }

  /// A clock reading for the reduce that is about to run, when a trace will show it; 0 otherwise.
  @inlinable func readingBeforeReduce() -> UInt64 { isTracing ? MonotonicClock.now() : 0 }

  /// Notes an effect's start: the action reduced last started it.
  func effectStarted(_ id: UInt64) {
    let now = MonotonicClock.now()
    running[id] = (lastSequence, now)
    trace?.effectBegan(id: id, startedBy: lastSequence, path: entry(lastSequence)?.path ?? "", at: microseconds(now))
  }

  /// The origin of an action that effect `id` sends.
  private func origin(ofEffect id: UInt64) -> PackedOrigin {
    PackedOrigin(.effect(of: running[id]?.startedBy ?? lastSequence, id: id))
  }

  /// Whether effect `id` threw (and forgets it).
  func takeFailure(of id: UInt64) -> Bool { failed.remove(id) != nil }

  /// Notes an effect's end and how it ended.
  func effectEnded(_ id: UInt64, outcome: EffectOutcome) {
    guard let record = running.removeValue(forKey: id) else { return }
    trace?.effectEnded(
      id: id, startedBy: record.startedBy, path: entry(record.startedBy)?.path ?? "", outcome: outcome,
      at: microseconds(MonotonicClock.now()))
  }

  @usableFromInline func microseconds(_ time: UInt64) -> Int64 {
    time >= epoch ? Int64((time - epoch) / 1_000) : 0
  }
}
