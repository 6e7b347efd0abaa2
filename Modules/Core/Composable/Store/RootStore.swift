import Foundation
import Observation

/// The state, reducer and running effects behind a tree of `Store`s; only the root store owns one.
///
/// `send` appends to a buffer; if a send loop is already running (an action sent
/// from inside a reducer or an observer), the running loop picks it up, so
/// actions are always reduced one at a time and in order. Each action's effects
/// start right after its reduce; `.send` effects join the same loop.
@MainActor @usableFromInline final class RootStore<State, Action>: Observable {
  // The loop's own properties skip dynamic exclusivity checks (measured at a third
  // of a send's cost). They are touched only on the main actor, by the loop below.
  @exclusivity(unchecked) @usableFromInline var state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let context: ReducingContext
  @usableFromInline let effects = EffectRegistry()
  @exclusivity(unchecked) @usableFromInline var buffer: [Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// The tasks the running send loop started; a property rather than a local array, whose
  /// release at the end of every send cost a tenth of a counter's send even when empty.
  @exclusivity(unchecked) @usableFromInline var startedTasks: [StoreTask] = []
  private var throttles: [CancelKey: ThrottleRecord] = [:]

  /// Observation framework support: only paid for once someone has read state.
  private let registrar = ObservationRegistrar()
  // Made once: a key path into a generic class is instantiated again, with its types demangled (about 10,000
  // instructions), each time its literal runs.
  private let observedStateKeyPath: KeyPath<RootStore, State> = \.observedState
  @exclusivity(unchecked) @usableFromInline var needsNotification = false
  private var isObserved = false
  /// Fine-grained subscriptions made with `Store.observe`.
  private var subscriptions: [UInt64: () -> Void] = [:]
  /// The followers of fields, one per scope path, made at the first read of a field of a store there.
  private var fieldHubs: [ScopeKey: AnyObject] = [:]
  /// The watches of lists whose rows are observed, by the list's key path from the root's state.
  private var rowWatches: [AnyKeyPath: AnyObject] = [:]
  /// The key path Observation knows each field read by, made once per field.
  private var fieldKeyPaths: [ObservedFieldKey: KeyPath<RootStore, Int>] = [:]
  private var nextSubscriptionID: UInt64 = 0

  /// Receives every action and every effect start, for the test store.
  @exclusivity(unchecked) @usableFromInline var instrumentation: StoreInstrumentation<State, Action>? {
    didSet {
      effectHooks = EffectHooks.combining(instrumentation.map(EffectHooks.init), timeline.map(EffectHooks.init))
    }
  }
  /// The effect hooks of `instrumentation` and `timeline`, kept apart because they do not depend on the store's
  /// types.
  @exclusivity(unchecked) var effectHooks: EffectHooks?
  /// The debugger's record of actions, states and effects, when one was asked for (`Store.recordTimeline`).
  @exclusivity(unchecked) @usableFromInline var timeline: StoreTimeline<State, Action>? {
    didSet {
      effectHooks = EffectHooks.combining(instrumentation.map(EffectHooks.init), timeline.map(EffectHooks.init))
      timelineReference = timeline.map { Unmanaged.passUnretained($0).toOpaque() }
    }
  }
  /// The timeline as a bare pointer: the send loop reaches it with no retain and release per action (`timeline`
  /// keeps it alive).
  @exclusivity(unchecked) @usableFromInline var timelineReference: UnsafeMutableRawPointer?

  /// A root from a reduce function; `Store.init` builds it in the caller's module so it is specialized.
  @usableFromInline init(
    initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>, dependencies: DependencyValues
  ) {
    state = initialState
    self.reducer = reducer
    context = ReducingContext(dependencies: dependencies)
  }

  /// Reads state for a view, registering the read with Observation.
  var observedState: State {
    if !isObserved {
      isObserved = true
      needsNotification = true
    }
    registrar.access(self, keyPath: observedStateKeyPath)
    return state
  }

  /// Reduces `action` and everything it triggers synchronously, then starts their effects' tasks.
  ///
  /// Inlinable so that it is specialized for the feature's state and action
  /// types in the caller's module: generic code here would pay for metadata
  /// lookups and indirect copies on every action.
  @inlinable func send(_ action: Action) -> StoreTask {
    guard !isSending else {
      buffer.append(action)
      if timeline != nil { noteBuffered(sentByEffect: true) }
      return StoreTask(nil)
    }
    isSending = true
    let previousContext = context.enter()
    // The first action needs no buffer; `.send` effects and re-entrant sends queue behind it.
    var next: Action? = action
    var index = 0
    while let action = next {
      // One branch when no timeline is kept; recording is out of line.
      let effect =
        timelineReference == nil ? reducer(&state, action) : reduceRecording(action, fromBuffer: index > 0)
      if let instrumentation { instrumentation.didReduce(action, state, effect) }
      if !effect.isNone { start(effect, into: &startedTasks) }
      if index < buffer.count {
        next = buffer[index]
        index += 1
      } else {
        next = nil
      }
    }
    if index > 0 { buffer.removeAll(keepingCapacity: true) }
    previousContext.restore()
    isSending = false
    if needsNotification { notifyObservers() }
    return startedTasks.isEmpty ? StoreTask(nil) : takeStartedTasks()
  }

  /// Reduces `action` and records it in the timeline (inlinable, so it is specialized like the loop).
  @inlinable func reduceRecording(_ action: Action, fromBuffer: Bool) -> Effect<Action> {
    let recorder = timelineReference.unsafelyUnwrapped
    let started = StoreTimeline<State, Action>.readingBeforeReduce(recorder)
    let effect = reducer(&state, action)
    StoreTimeline<State, Action>.record(recorder, action, state: state, fromBuffer: fromBuffer, started: started)
    return effect
  }

  /// Tells the timeline that the next send comes from effect `id`.
  @usableFromInline func noteDelivery(fromEffect lineage: EffectLineage) {
    if let timeline { timeline.deliveringOrigin = timeline.origin(ofEffect: lineage.registryID) }
  }

  /// Tells the timeline who sent the action just put in the buffer: an effect delivering, or the action being
  /// handled (a `.send` effect, a send from a reducer or an observer).
  @usableFromInline func noteBuffered(sentByEffect: Bool) {
    guard let timeline else { return }
    let origin = sentByEffect ? timeline.deliveringOrigin : .none
    timeline.deliveringOrigin = .none
    if timeline.isFiringTimer {
      timeline.enqueued(.timer)
    } else {
      timeline.enqueued(origin == .none ? .immediately(after: timeline.lastSequence) : origin)
    }
  }

  /// One task covering the tasks this send started, which the store stops holding.
  @inlinable func takeStartedTasks() -> StoreTask {
    // The common single effect keeps the array's storage for the next send: no allocation per send.
    if startedTasks.count == 1 {
      let only = startedTasks[0]
      startedTasks.removeAll(keepingCapacity: true)
      return only
    }
    let started = startedTasks
    startedTasks = []
    return storeTask(for: started)
  }

  /// One task that covers all of `started`: a lineage grouping them, when there are several.
  @usableFromInline func storeTask(for started: [StoreTask]) -> StoreTask {
    started.count == 1
      ? started[0] : StoreTask(EffectLineage(grouping: started, lock: effects.lineageLock))
  }

  /// Starts an effect returned by a reducer (the entry point for the inlined loop).
  @inlinable func start(_ effect: Effect<Action>, into started: inout [StoreTask]) {
    start(effect, keys: [], into: &started)
  }

  // MARK: Running effects

  /// Starts `effect`: `.send`s join the current loop, async parts become tasks filed under `keys`.
  ///
  /// Inlinable, like `send`, for the common cases: generic code here paid a
  /// metadata lookup for every effect, action and task it touched (about a
  /// quarter of starting a `.run` effect). Rare cases go through `startRarely`.
  @inlinable func start(_ effect: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      buffer.append(action)
      if timeline != nil { noteBuffered(sentByEffect: false) }
    case let .run(run):
      started.append(startRun(run, keys: keys))
    case let .merge(effects):
      for effect in effects { start(effect, keys: keys, into: &started) }
    case let .cancellable(key, cancelInFlight, inner):
      // Every child effect of a scope, ifLet or forEach is one of these (its navigation id).
      if cancelInFlight { effects.cancel(key) }
      start(inner, keys: keys + key.registrationKeys, into: &started)
    default:
      startRarely(effect, keys: keys, into: &started)
    }
  }

  /// Starts a `.run` effect's task; its actions go back through `send`.
  @inlinable func startRun(_ run: RunOperation<Action>, keys: [CancelKey]) -> StoreTask {
    let body = run.body
    let sender = EffectSender(store: self, location: run.location)
    var dependencies = run.dependencies
    dependencies.runningEffect = sender
    startTask(keys: keys, priority: run.priority, lineage: sender) {
      await withDependencyValues(dependencies) { await body(Send { action in sender.deliver(action) }) }
    }
    return StoreTask(sender)
  }

  /// The effects that are not worth specializing: concatenation, cancelling, throttling, removed children.
  @usableFromInline func startRarely(
    _ effect: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]
  ) {
    switch effect.operation {
    case .none, .send, .run, .merge, .cancellable:
      // Not reached from `start`, which handles these itself; kept correct for any other caller.
      start(effect, keys: keys, into: &started)
    case let .concatenate(effects):
      startConcatenation(effects, keys: keys, into: &started)
    case let .cancel(key):
      effects.cancel(key)
      throttles[key]?.timer?.cancel()
      throttles[key] = nil
    case let .throttle(spec, inner):
      throttle(spec, inner, keys: keys, into: &started)
    case let .cancelRemovedChildren(kind, path, present):
      for (key, id) in effects.childKeys(kind: kind, path: path) where !present.contains(id.id) {
        effects.cancel(key)
      }
    }
  }

  /// Starts a task on the main actor, filed under `keys` until it ends.
  ///
  /// Where the platform has `Task.immediate`, the task starts immediately: it runs
  /// synchronously, right here, up to its first suspension. An effect that sends at
  /// once (`.run { send in await send(.loaded(cache)) }`) then costs no trip through
  /// the executor, and its action joins the running loop in order. Elsewhere it is
  /// enqueued on the main actor (`EffectStartOrder`). The reduce's context is taken off
  /// the thread meanwhile, so the effect reads the dependencies it captured.
  /// Nothing in it depends on the store's types, so it needs no specializing.
  /// `lineage` gets the task, and is told when the body has returned.
  @discardableResult @usableFromInline func startTask(
    keys: [CancelKey], priority: TaskPriority?, lineage: EffectLineage,
    _ body: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let registry = effects
    let id = registry.reserve(keys: keys)
    // Before the task starts: it runs at once, and may ask for its keys (`Task.cancel(id:)`) right away.
    lineage.registryID = id
    let hooks = effectHooks
    hooks?.started(id)
    // Started after `send`, an effect may be cancelled before its first line: then it never runs, as it never
    // would have had it been cancelled before `send`. An immediate start is never cancelled before it runs, and
    // skips the check: a conditional await makes the effect's round trip about 2% dearer.
    let run = EffectStartOrder.current == .deferred ? Self.skippedIfCancelledFirst(body) : body
    let operation: @MainActor @Sendable () async -> Void = {
      await run()
      lineage.hasEnded = true
      registry.remove(id: id)
      hooks?.finished(id)
    }
    let reducing = ReducingContext.leave()
    let task = EffectStartOrder.startTask(priority: priority, operation: operation)
    reducing.restore()
    lineage.task = task
    registry.attach(task, id: id)
    hooks?.attached(id, task)
    return task
  }

  /// `body`, or nothing when its task was cancelled before it began.
  private static func skippedIfCancelledFirst(
    _ body: @escaping @MainActor @Sendable () async -> Void
  ) -> @MainActor @Sendable () async -> Void {
    { if !Task.isCancelled { await body() } }
  }

  /// Runs `parts` one after another in one task; synchronous-only parts run inline.
  private func startConcatenation(
    _ parts: [Effect<Action>], keys: [CancelKey], into started: inout [StoreTask]
  ) {
    if parts.allSatisfy(\.isSynchronous) {
      for part in parts { start(part, keys: keys, into: &started) }
      return
    }
    let lineage = EffectLineage(lock: effects.lineageLock)
    startTask(keys: keys, priority: nil, lineage: lineage) { [weak self] in
      for part in parts {
        guard !Task.isCancelled, let self else { return }
        var partTasks: [StoreTask] = []
        self.startOutsideLoop(part, keys: keys, into: &partTasks)
        let running = partTasks
        await withTaskCancellationHandler {
          for task in running { await task.wait() }
        } onCancel: {
          for task in running { task.cancel() }
        }
      }
    }
    started.append(StoreTask(lineage))
  }

  /// Starts an effect from inside a running effect: its `.send`s become sends of their own.
  private func startOutsideLoop(_ effect: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]) {
    let wasSending = isSending
    isSending = true
    let bufferStart = buffer.count
    start(effect, keys: keys, into: &started)
    let queued = Array(buffer[bufferStart...])
    buffer.removeSubrange(bufferStart...)
    let origins = timeline?.takePending(count: queued.count) ?? []
    isSending = wasSending
    for (index, action) in queued.enumerated() {
      if let timeline, index < origins.count { timeline.deliveringOrigin = origins[index] }
      let task = send(action)
      if task.hasEffects { started.append(task) }
    }
  }

  // MARK: Throttling

  /// Per-id throttle window: when the last effect ran, and what waits for the window to close.
  private struct ThrottleRecord {
    var lastStart: any Sendable
    var pending: Effect<Action>?
    var timer: Task<Void, Never>?
  }

  private func throttle(
    _ spec: ThrottleSpec, _ inner: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]
  ) {
    if var record = throttles[spec.key], let elapsed = spec.elapsedSince(record.lastStart), elapsed < spec.interval {
      if spec.latest || record.pending == nil { record.pending = inner }
      if record.timer == nil {
        let remaining = spec.interval - elapsed
        record.timer = startTask(
          keys: keys + spec.key.registrationKeys, priority: nil, lineage: EffectLineage(lock: effects.lineageLock)
        ) {
          [weak self] in
          do { try await spec.sleep(remaining) } catch { return }
          self?.fireThrottled(spec, keys: keys)
        }
      }
      throttles[spec.key] = record
      return
    }
    throttles[spec.key] = ThrottleRecord(lastStart: spec.now(), pending: nil, timer: nil)
    start(inner, keys: keys + spec.key.registrationKeys, into: &started)
  }

  private func fireThrottled(_ spec: ThrottleSpec, keys: [CancelKey]) {
    guard let record = throttles[spec.key] else { return }
    throttles[spec.key] = ThrottleRecord(lastStart: spec.now(), pending: nil, timer: nil)
    guard let pending = record.pending else { return }
    var started: [StoreTask] = []
    timeline?.isFiringTimer = true
    startOutsideLoop(pending, keys: keys + spec.key.registrationKeys, into: &started)
    timeline?.isFiringTimer = false
  }

  // MARK: Observation

  @usableFromInline func notifyObservers() {
    if isObserved {
      registrar.withMutation(of: self, keyPath: observedStateKeyPath) {}
    }
    if !subscriptions.isEmpty {
      for subscription in Array(subscriptions.values) { subscription() }
    }
  }

  @usableFromInline func subscribe(_ onChange: @escaping () -> Void) -> UInt64 {
    needsNotification = true
    nextSubscriptionID += 1
    subscriptions[nextSubscriptionID] = onChange
    return nextSubscriptionID
  }

  @usableFromInline func unsubscribe(_ id: UInt64) {
    subscriptions[id] = nil
    needsNotification = isObserved || !subscriptions.isEmpty
  }

  // MARK: Field observation

  /// What a field's key path for Observation stands for; its value is never read.
  subscript(observedField field: ObservedFieldKey) -> Int { 0 }

  @usableFromInline func fieldHub<Child>(
    at path: AnyKeyPath, read: @escaping @MainActor () -> Child?, source: (any SendSource)?
  ) -> FieldHub<Child> {
    let scope = ScopeKey(path: path, type: ObjectIdentifier(Child.self))
    if let hub = fieldHubs[scope] as? FieldHub<Child> { return hub }
    // `read` keeps neither the root nor a store: the root keeps the hub, and reads nothing once it is gone (nil
    // also for a dismissed child, whose hub keeps its last state).
    let hub = FieldHub<Child>(read: read, root: self)
    hub.scope = scope
    hub.source = source
    fieldHubs[scope] = hub
    return hub
  }

  @usableFromInline func rowWatch<ID>(at path: AnyKeyPath, make: () -> RowWatch<ID>) -> RowWatch<ID> {
    if let watch = rowWatches[path] as? RowWatch<ID> { return watch }
    let watch = make()
    rowWatches[path] = watch
    return watch
  }

  @usableFromInline func forgetFieldHub(_ hub: AnyObject, at scope: ScopeKey) {
    if fieldHubs[scope] === hub { fieldHubs[scope] = nil }
  }

  @usableFromInline func registerFieldRead(_ field: ObservedFieldKey) {
    registrar.access(self, keyPath: keyPath(for: field))
  }

  @usableFromInline func fieldDidChange(_ field: ObservedFieldKey) {
    registrar.withMutation(of: self, keyPath: keyPath(for: field)) {}
  }

  private func keyPath(for field: ObservedFieldKey) -> KeyPath<RootStore, Int> {
    if let keyPath = fieldKeyPaths[field] { return keyPath }
    let keyPath = \RootStore.[observedField: field]
    fieldKeyPaths[field] = keyPath
    return keyPath
  }
}

extension Effect {
  /// Whether the effect only sends synchronously (no task needed to run it).
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelRemovedChildren: true
    case .run, .throttle: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect): effect.isSynchronous
    }
  }
}

/// The effect hooks of a `StoreInstrumentation` or a timeline, apart from their generic parts so that starting
/// an effect needs no knowledge of the store's types.
final class EffectHooks: Sendable {
  let started: @MainActor @Sendable (UInt64) -> Void
  let attached: @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void
  let finished: @MainActor @Sendable (UInt64) -> Void

  init(
    started: @escaping @MainActor @Sendable (UInt64) -> Void,
    attached: @escaping @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void,
    finished: @escaping @MainActor @Sendable (UInt64) -> Void
  ) {
    self.started = started
    self.attached = attached
    self.finished = finished
  }

  convenience init<State, Action>(_ instrumentation: StoreInstrumentation<State, Action>) {
    self.init(
      started: instrumentation.effectStarted, attached: instrumentation.effectAttached,
      finished: instrumentation.effectFinished)
  }

  /// A timeline's hooks: `finished` runs inside the effect's task, so it can tell a cancelled end.
  @MainActor convenience init<State, Action>(_ timeline: StoreTimeline<State, Action>) {
    self.init(
      started: { timeline.effectStarted($0) }, attached: { _, _ in },
      finished: { id in
        timeline.effectEnded(
          id, outcome: Task.isCancelled ? .cancelled : timeline.takeFailure(of: id) ? .failed : .finished)
      })
  }

  /// Hooks that call both `first` and `second`, either of which may be absent.
  static func combining(_ first: EffectHooks?, _ second: EffectHooks?) -> EffectHooks? {
    guard let first else { return second }
    guard let second else { return first }
    return EffectHooks(
      started: {
        first.started($0); second.started($0)
      },
      attached: {
        first.attached($0, $1); second.attached($0, $1)
      },
      finished: {
        first.finished($0); second.finished($0)
      })
  }
}

/// Hooks a test store uses to watch a root store: every reduce, every effect start and end (see `TestStore`); the
/// package's, not API.
@usableFromInline package struct StoreInstrumentation<State, Action>: Sendable {
  /// Called after each action is reduced, with the state it left and the effect it returned.
  @usableFromInline var didReduce: @MainActor @Sendable (Action, State, Effect<Action>) -> Void
  /// Called as an effect starts, with an id that the other hooks repeat.
  var effectStarted: @MainActor @Sendable (UInt64) -> Void
  /// Called once the effect's task exists (after `effectFinished` if it ended synchronously).
  var effectAttached: @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void
  /// Called when an effect's task has returned.
  var effectFinished: @MainActor @Sendable (UInt64) -> Void

  /// Hooks from four closures.
  @usableFromInline package init(
    didReduce: @escaping @MainActor @Sendable (Action, State, Effect<Action>) -> Void,
    effectStarted: @escaping @MainActor @Sendable (UInt64) -> Void,
    effectAttached: @escaping @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void,
    effectFinished: @escaping @MainActor @Sendable (UInt64) -> Void
  ) {
    self.didReduce = didReduce
    self.effectStarted = effectStarted
    self.effectAttached = effectAttached
    self.effectFinished = effectFinished
  }
}
