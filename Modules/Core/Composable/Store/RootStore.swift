import Foundation
import Observation

/// The state, reducer and running effects behind a tree of `Store`s; only the root store owns one.
///
/// `send` appends to a buffer; if a send loop is already running (an action sent
/// from inside a reducer or an observer), the running loop picks it up, so
/// actions are always reduced one at a time and in order. Each action's effects
/// start right after its reduce; `.send` effects join the same loop.
@MainActor @usableFromInline final class RootStore<State, Action>: Observable {
  // The loop's own properties skip dynamic exclusivity checks, which would be a large part of a send's cost.
  // They are touched only on the main actor, by the loop below.
  @exclusivity(unchecked) @usableFromInline var state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let context: ReducingContext
  @usableFromInline let effects = EffectRegistry()
  @exclusivity(unchecked) @usableFromInline var buffer: [Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// The tasks the running send loop started; a property rather than a local array, whose
  /// release at the end of every send cost a tenth of a counter's send even when empty.
  @exclusivity(unchecked) @usableFromInline var startedTasks: [StoreTask] = []
  var throttles: [CancelKey: ThrottleRecord] = [:]

  /// Observation framework support: only paid for once someone has read state.
  let registrar = ObservationRegistrar()
  // Made once: a key path into a generic class is instantiated again, with its types demangled (about 10,000
  // instructions), each time its literal runs.
  let observedStateKeyPath: KeyPath<RootStore, State> = \.observedState
  @exclusivity(unchecked) @usableFromInline var needsNotification = false
  var isObserved = false
  /// Fine-grained subscriptions made with `Store.observe`.
  var subscriptions: [UInt64: () -> Void] = [:]
  /// The followers of fields, one per scope path, made at the first read of a field of a store there.
  var fieldHubs: [ScopeKey: AnyObject] = [:]
  /// The watches of lists whose rows are observed, by the list's key path from the root's state.
  var rowWatches: [AnyKeyPath: AnyObject] = [:]
  /// The key path Observation knows each field read by, made once per field, by scope: dropped with the scope's
  /// hub, so rows that come and go leave none behind.
  var fieldKeyPaths: [ScopeKey: [Int: KeyPath<RootStore, Int>]] = [:]
  var nextSubscriptionID: UInt64 = 0

  /// The tools watching this store (`Store.attach(_:)`), in the order attached; `hook` tells them all.
  @usableFromInline var attachedHooks: [StoreHook<State, Action>] = [] {
    didSet { hook = StoreHook.combining(attachedHooks) }
  }
  /// One hook telling every attached tool, or nil when none is.
  @exclusivity(unchecked) var hook: StoreHook<State, Action>? {
    didSet {
      hookReference = hook.map { Unmanaged.passUnretained($0).toOpaque() }
      hookEvent = hook?.event
      senderEvent = hook?.tracksSenders == true ? hook?.event : nil
    }
  }
  /// The hook as a bare pointer: the send loop reaches it with no retain and release per action (`hook` keeps it
  /// alive).
  @exclusivity(unchecked) @usableFromInline var hookReference: UnsafeMutableRawPointer?
  /// The hook's events, which starting an effect tells without knowing the store's types.
  @exclusivity(unchecked) var hookEvent: (@MainActor @Sendable (StoreEvent) -> Void)?
  /// The hook's events when it follows who sends each action (`StoreEvent.isAboutSenders`); else nil, so the loop
  /// builds none.
  @exclusivity(unchecked) @usableFromInline var senderEvent: (@MainActor @Sendable (StoreEvent) -> Void)?

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
      if senderEvent != nil { noteBuffered(sentByEffect: true) }
      return StoreTask(nil)
    }
    isSending = true
    let previousContext = context.enter()
    // The first action needs no buffer; `.send` effects and re-entrant sends queue behind it.
    var next: Action? = action
    var index = 0
    while let action = next {
      // One branch when no tool watches.
      let effect = hookReference == nil ? reducer(&state, action) : reduceWatched(action, fromBuffer: index > 0)
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

  /// Reduces `action` and tells the hook (inlinable, so it is specialized like the loop). The hook is reached
  /// through `StoreHook`'s static functions, which are nonisolated: a closure made here would be isolated to the
  /// main actor and check the executor each time a nonisolated function called it.
  @inlinable func reduceWatched(_ action: Action, fromBuffer: Bool) -> Effect<Action> {
    let hook = hookReference.unsafelyUnwrapped
    let started = StoreHook<State, Action>.readingBeforeReduce(hook)
    let effect = reducer(&state, action)
    StoreHook<State, Action>.tell(hook, action, state: state, effect: effect, fromBuffer: fromBuffer, started: started)
    return effect
  }

  /// Tells a hook that tracks senders that effect `lineage` is about to send an action (out of line: the loop
  /// only checks that one listens).
  @usableFromInline func noteDelivery(fromEffect lineage: EffectLineage) {
    senderEvent?(.delivering(fromEffect: lineage.registryID))
  }

  /// Tells a hook that tracks senders that an action was just put in the buffer, by an effect delivering or by
  /// the action being reduced (a `.send` effect, a send from a reducer or an observer).
  @usableFromInline func noteBuffered(sentByEffect: Bool) {
    senderEvent?(.buffered(sentByEffect: sentByEffect))
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
}
