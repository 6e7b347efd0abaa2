import Foundation
import Observation

// Starting and running the effects a send returns: tasks, concatenations, cancellation, effects sent from
// inside running effects.
extension RootStore {
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
      if senderEvent != nil { noteBuffered(sentByEffect: false) }
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
    let event = hookEvent
    event?(.effectStarted(id))
    // Started after `send`, an effect may be cancelled before its first line: then it never runs, as it never
    // would have had it been cancelled before `send`. An immediate start is never cancelled before it runs, and
    // skips the check: a conditional await makes the effect's round trip about 2% dearer.
    let run = EffectStartOrder.current == .deferred ? Self.skippedIfCancelledFirst(body) : body
    let operation: @MainActor @Sendable () async -> Void = {
      await run()
      lineage.hasEnded = true
      registry.remove(id: id)
      event?(.effectFinished(id))
    }
    let reducing = ReducingContext.leave()
    let task = EffectStartOrder.startTask(priority: priority, operation: operation)
    reducing.restore()
    lineage.task = task
    registry.attach(task, id: id)
    event?(.effectAttached(id, task))
    return task
  }

  /// `body`, or nothing when its task was cancelled before it began.
  static func skippedIfCancelledFirst(
    _ body: @escaping @MainActor @Sendable () async -> Void
  ) -> @MainActor @Sendable () async -> Void {
    { if !Task.isCancelled { await body() } }
  }

  /// Runs `parts` one after another in one task; synchronous-only parts run inline.
  func startConcatenation(
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
  func startOutsideLoop(_ effect: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]) {
    let wasSending = isSending
    isSending = true
    let bufferStart = buffer.count
    start(effect, keys: keys, into: &started)
    let queued = Array(buffer[bufferStart...])
    buffer.removeSubrange(bufferStart...)
    senderEvent?(.sendingQueued(count: queued.count))
    isSending = wasSending
    for action in queued {
      senderEvent?(.sendingNextQueued)
      let task = send(action)
      if task.hasEffects { started.append(task) }
    }
    senderEvent?(.sentQueued)
  }
}
