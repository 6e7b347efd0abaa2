import Foundation

/// Who sent an action that a timeline recorded.
public enum TimelineOrigin: Equatable, Sendable, CustomStringConvertible {
  /// Sent from outside the store: a typed command, the app starting, a test.
  case command
  /// Sent by an async effect (`id` in the trace) that the reduce of action `sequence` started.
  case effect(of: Int, id: UInt64)
  /// Sent while action `sequence` was being handled: a `.send` effect, or a send from a reducer or an observer.
  case immediately(after: Int)

  /// "command", "effect of #12", "sent by #12".
  public var description: String {
    switch self {
    case .command: "command"
    case let .effect(sequence, _): "effect of #\(sequence)"
    case let .immediately(sequence): "sent by #\(sequence)"
    }
  }
}

/// One action as a timeline keeps it: when it came, from whom, and the state it left.
public struct TimelineEntry<State, Action> {
  /// Its number in the store's life, from 1; numbers are never reused, even once the entry is dropped.
  public let sequence: Int
  /// The action.
  public let action: Action
  /// Who sent it.
  public let origin: TimelineOrigin
  /// When it was reduced (wall clock).
  public let date: Date
  /// How long its reduce took.
  public let reduceDuration: Duration
  /// The state after it: states are values, so entries share what did not change.
  public let state: State

  /// The action's full path in the feature tree (`path[id: 1].detail.delegate(.saved)`).
  public var path: String { actionPath(action) }
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
}

/// A root store's bounded record of every action it reduced: a debugger's timeline, time travel through the
/// states it kept, the effects running now, and (with a trace file) effect traces.
///
/// Off unless a store is given one (`Store.recordTimeline`), and then it costs one branch per action when absent.
/// The bound holds memory flat however long a session runs: past `capacity`, the oldest entry is dropped
/// and its state becomes the baseline the next one is compared with.
@MainActor public final class StoreTimeline<State, Action> {
  /// How many entries are kept.
  public let capacity: Int
  /// The trace the timeline writes as it goes, if any.
  public let trace: TraceFile?
  private var ring: [TimelineEntry<State, Action>] = []
  private var oldestIndex = 0
  /// The state before the oldest kept entry.
  private var baseline: State
  /// The sequence number of the last action recorded (0 before any).
  public private(set) var lastSequence = 0
  /// Origins of the actions waiting in the store's buffer, in the buffer's order.
  private var pendingOrigins: [TimelineOrigin] = []
  private var pendingStart = 0
  /// The origin of the next action sent from outside the loop (an effect delivering), consumed by that send.
  var deliveringOrigin: TimelineOrigin?
  private var running: [UInt64: (startedBy: Int, start: ContinuousClock.Instant)] = [:]
  /// Effects whose body threw an error other than cancellation, until their end is recorded.
  private var failed: Set<UInt64> = []
  private let clock = ContinuousClock()
  private let epoch: ContinuousClock.Instant

  /// An empty timeline keeping the last `capacity` actions (at least 1), starting from `initialState`.
  public init(initialState: State, capacity: Int = 1_000, trace: TraceFile? = nil) {
    self.capacity = max(1, capacity)
    self.baseline = initialState
    self.trace = trace
    epoch = clock.now
    ring.reserveCapacity(min(self.capacity, 4_096))
  }

  // MARK: Reading

  /// The entries kept, oldest first.
  public var entries: [TimelineEntry<State, Action>] {
    Array(ring[oldestIndex...] + ring[..<oldestIndex])
  }

  /// The numbers of the entries kept (nil before the first action).
  public var keptRange: ClosedRange<Int>? {
    ring.isEmpty ? nil : (lastSequence - ring.count + 1)...lastSequence
  }

  /// Entry `sequence`, if it is still kept.
  public func entry(_ sequence: Int) -> TimelineEntry<State, Action>? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    return ring[(oldestIndex + (sequence - range.lowerBound)) % ring.count]
  }

  /// The state just before action `sequence`, if that action is still kept.
  public func state(before sequence: Int) -> State? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    return sequence == range.lowerBound ? baseline : entry(sequence - 1)?.state
  }

  /// The effects running now, oldest first; one that was cancelled is on its way out, so not listed.
  public var runningEffects: [RunningEffectInfo] {
    let now = clock.now
    return running.sorted { $0.key < $1.key }.filter { !isCancelled($0.key) }.map { id, record in
      RunningEffectInfo(
        id: id, startedBy: record.startedBy,
        actionPath: entry(record.startedBy)?.path ?? "#\(record.startedBy) (no longer kept)",
        age: now - record.start, cancellationIDs: cancellationIDs(id))
    }
  }

  /// Reads an effect's cancellation ids; set by the store, which owns the registry.
  var cancellationIDs: (UInt64) -> [String] = { _ in [] }
  /// Whether an effect was cancelled; set by the store, which owns the registry.
  var isCancelled: (UInt64) -> Bool = { _ in false }

  // MARK: Recording (the store calls these)

  /// Notes the origin of an action the store has just put in its buffer.
  func enqueued(_ origin: TimelineOrigin) {
    pendingOrigins.append(origin)
  }

  /// Drops the origins of buffer entries `range` (taken out of the buffer to be sent one by one).
  func takePending(count: Int) -> [TimelineOrigin] {
    let available = pendingOrigins.count - pendingStart
    let taken = Array(pendingOrigins.suffix(min(count, available)))
    pendingOrigins.removeLast(taken.count)
    return taken
  }

  /// Records an action the store reduced; `fromBuffer` says whether it waited in the buffer.
  func record(_ action: Action, state: State, fromBuffer: Bool, started: ContinuousClock.Instant) {
    let origin: TimelineOrigin
    if fromBuffer, pendingStart < pendingOrigins.count {
      origin = pendingOrigins[pendingStart]
      pendingStart += 1
      if pendingStart == pendingOrigins.count {
        pendingOrigins.removeAll(keepingCapacity: true)
        pendingStart = 0
      }
    } else {
      origin = fromBuffer ? .immediately(after: lastSequence) : (deliveringOrigin ?? .command)
    }
    deliveringOrigin = nil
    lastSequence += 1
    let ended = clock.now
    let entry = TimelineEntry(
      sequence: lastSequence, action: action, origin: origin, date: Date(), reduceDuration: ended - started,
      state: state)
    if ring.count < capacity {
      ring.append(entry)
    } else {
      baseline = ring[oldestIndex].state
      ring[oldestIndex] = entry
      oldestIndex = (oldestIndex + 1) % capacity
    }
    trace?.action(
      sequence: lastSequence, path: entry.path, origin: origin, start: microseconds(started),
      duration: microseconds(ended) - microseconds(started))
  }

  /// A clock reading for the reduce that is about to run.
  func now() -> ContinuousClock.Instant { clock.now }

  /// Notes an effect's start: the action reduced last started it.
  func effectStarted(_ id: UInt64) {
    running[id] = (lastSequence, clock.now)
    trace?.effectBegan(
      id: id, startedBy: lastSequence, path: entry(lastSequence)?.path ?? "", at: microseconds(clock.now))
  }

  /// The origin of an action that effect `id` sends.
  func origin(ofEffect id: UInt64) -> TimelineOrigin {
    .effect(of: running[id]?.startedBy ?? lastSequence, id: id)
  }

  /// Notes that effect `id` threw: its end is recorded as failed.
  func noteFailure(ofEffect id: UInt64) { failed.insert(id) }

  /// Whether effect `id` threw (and forgets it).
  func takeFailure(of id: UInt64) -> Bool { failed.remove(id) != nil }

  /// Notes an effect's end and how it ended.
  func effectEnded(_ id: UInt64, outcome: TraceFile.Outcome) {
    guard let record = running.removeValue(forKey: id) else { return }
    trace?.effectEnded(
      id: id, startedBy: record.startedBy, path: entry(record.startedBy)?.path ?? "", outcome: outcome,
      at: microseconds(clock.now))
  }

  private func microseconds(_ instant: ContinuousClock.Instant) -> Int64 {
    let elapsed = (instant - epoch).components
    return elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
  }
}
