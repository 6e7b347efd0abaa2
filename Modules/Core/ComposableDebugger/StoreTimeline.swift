import Composable
import Foundation
import Sharing

/// A root store's bounded record of every action it reduced: a debugger's timeline, time travel through the
/// states it kept, the effects running now, and (with a trace file) effect traces.
///
/// Off unless a store is given one (`Store.recordTimeline`); a store without one pays one branch per action. The
/// bound holds memory flat however long a session runs: past `capacity`, the oldest entry is dropped and its state
/// becomes the baseline the next one is compared with.
///
/// Read on the main actor, with its store (the store records into it from its send loop, the debugger reads).
public final class StoreTimeline<State, Action>: @unchecked Sendable {
  /// How many entries are kept.
  public var capacity: Int { storage.capacity }
  /// The trace the timeline writes as it goes, if any.
  public let trace: (any TimelineTrace)?
  /// What the store's hook writes into.
  @usableFromInline let storage: TimelineStorage<State, Action>
  /// The state before the first action.
  private let initialState: State
  /// The shared values' change number before the first action.
  private let initialSharedChange: UInt64
  /// The registry's answers about a running effect.
  private let cancellationIDs: @Sendable (UInt64) -> [String]
  private let isCancelled: @Sendable (UInt64) -> Bool
  /// Follows the shared values of the data folder while the timeline lives: their changes made by other
  /// processes, and with a trace their changes and saves.
  private let sharedEvents: SharedEventsToken?
  private let elsewhere: ChangesElsewhere

  /// A timeline of `store`'s actions from its state now; nil for a scoped store. See `Store.recordTimeline`.
  @MainActor @usableFromInline init?(
    of store: Store<State, Action>, capacity: Int, trace: (any TimelineTrace)?, sharedFilesIn folder: URL?
  ) {
    guard let cancellation = store.effectCancellation, let state = store.rootState else { return nil }
    let epoch = MonotonicClock.now()
    storage = TimelineStorage(capacity: capacity, tracer: trace.map { TraceForwarder(trace: $0, epoch: epoch) })
    self.trace = trace
    (cancellationIDs, isCancelled) = cancellation
    initialState = state
    // From now on shared values keep what their changes replace, so past states read them as they were.
    SharedHistory.startKeeping()
    initialSharedChange = SharedHistory.now
    let elsewhere = ChangesElsewhere()
    self.elsewhere = elsewhere
    sharedEvents = folder.map {
      elsewhere.follow(sharedFilesIn: $0, capacity: max(1, capacity), trace: trace, epoch: epoch)
    }
  }

  deinit {
    SharedHistory.stopKeeping()
    sharedEvents?.cancel()
  }

  /// The changes other processes made to the data folder's shared values (when the timeline was asked to follow
  /// its files), oldest first: each comes after the entries whose `sharedChange` is below its number.
  public var sharedChangesElsewhere: [SharedChangeElsewhere] { elsewhere.changes }

  // MARK: Reading

  /// The sequence number of the last action recorded (0 before any).
  public var lastSequence: Int { storage.lastSequence }

  /// The entry `back` places before the newest (0: the newest).
  private func entry(back: Int) -> TimelineEntry<State, Action> {
    TimelineEntry(storage.stored(back: back))
  }

  /// The entries kept, oldest first.
  public var entries: [TimelineEntry<State, Action>] {
    (0..<storage.keptCount).reversed().map { entry(back: $0) }
  }

  /// The numbers of the entries kept (nil before the first action).
  public var keptRange: ClosedRange<Int>? {
    storage.keptCount == 0 ? nil : (lastSequence - storage.keptCount + 1)...lastSequence
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
    return storage.stored(back: lastSequence - sequence + 1).state
  }

  /// The shared values' change number just before action `sequence`, if that action is still kept.
  public func sharedChange(before sequence: Int) -> UInt64? {
    guard let range = keptRange, range.contains(sequence) else { return nil }
    if sequence == 1 { return initialSharedChange }
    return storage.stored(back: lastSequence - sequence + 1).sharedChange
  }

  /// Told on the main actor of the work an action sent by the debugger (`:send`, in the app or from an attached
  /// client) started, so that the app's session treats it as a typed command's: shown as work in progress, waited
  /// for, cancelled by Ctrl-C. The session running the store sets it.
  public var whenDebuggerSends: (@MainActor (StoreTask) -> Void)?

  /// Whether each action's reduce is timed from now on (it costs two clock readings an action, so it is off until
  /// asked, by `:slow on` or here); a trace times them whatever this says.
  public var timesReduces: Bool {
    get { storage.timesReduces }
    set { storage.timesReduces = newValue }
  }

  /// How long the effects action `sequence` started have run (the finished ones whole, the running ones so far),
  /// or nil when it started none the timeline still counts.
  public func effectsDuration(of sequence: Int) -> Duration? {
    storage.effectNanos(of: sequence).map { .nanoseconds(Int64($0)) }
  }

  /// The effects running now, oldest first; one that was cancelled is on its way out, so not listed.
  public var runningEffects: [RunningEffectInfo] {
    let now = MonotonicClock.now()
    return storage.runningEffects.filter { !isCancelled($0.id) }.map { effect in
      RunningEffectInfo(
        id: effect.id, startedBy: effect.startedBy,
        actionPath: entry(effect.startedBy)?.path ?? storage.starterPath(ofEffect: effect.id)
          ?? "#\(effect.startedBy) (no longer kept)",
        age: .nanoseconds(Int64(now &- effect.start)), cancellationIDs: cancellationIDs(effect.id))
    }
  }
}

extension Store {
  /// Starts keeping a timeline of this root store's actions, states and effects: what a debugger reads.
  ///
  /// Keeps the last `capacity` actions (1,000 by default) with the state after each; with `trace`, also
  /// writes every action, reduce and effect to that file as it happens. Returns nil for a scoped store (the
  /// timeline belongs to the root). Asking again replaces the timeline. With a trace and `sharedFilesIn`, the
  /// trace also shows the changes and saves of the shared values kept in files of that folder (the app's data
  /// folder: not another store's, in a process that runs several).
  ///
  /// Inlinable, so that a caller that knows the store's types records through code specialized for them.
  @inlinable @discardableResult
  public func recordTimeline(
    capacity: Int = 1_000, trace: (any TimelineTrace)? = nil, sharedFilesIn folder: URL? = nil
  ) -> StoreTimeline<State, Action>? {
    guard let timeline = StoreTimeline(of: self, capacity: capacity, trace: trace, sharedFilesIn: folder) else {
      return nil
    }
    attach(timeline.storage.hook(owner: timeline))
    return timeline
  }

  /// The root store's timeline, if `recordTimeline` started one.
  public var timeline: StoreTimeline<State, Action>? {
    attachedHook(of: StoreTimelineHookKind.name)?.owner as? StoreTimeline<State, Action>
  }
}

extension Store {
  /// What is alive under this store's root (`alive`), with the running effects by the action that started them,
  /// as `timeline` recorded it, and the process's file watches.
  public func alive(startersFrom timeline: StoreTimeline<State, Action>) -> AliveCounts {
    var counts = alive
    counts.fileWatches = SharedFileWatch.running
    for effect in timeline.runningEffects { counts.effectStarters[effect.actionPath, default: 0] += 1 }
    return counts
  }
}
