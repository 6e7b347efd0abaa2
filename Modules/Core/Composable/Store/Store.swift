import Foundation
import Observation

/// Runs a feature: holds its state, reduces the actions sent to it and runs the effects that follow.
///
/// A store made with `init` is a root store and owns the state. `scope` derives
/// a child store that owns nothing: it reads the root's state through a
/// projection each time and sends through an embedding, so it always shows the
/// root's current state and can be released at any time without leaking.
/// Releasing the root store cancels every effect it is running.
@dynamicMemberLookup
@MainActor public final class Store<State, Action> {
  @usableFromInline let readState: @MainActor () -> State
  @usableFromInline let sendAction: @MainActor (Action) -> StoreTask
  @usableFromInline let observationRoot: any StoreObservationRoot
  /// The key path from the root's state to this store's when every scope on the way went through a key path (a
  /// root's is `\.self`); nil after a scope through a closure or an optional. Stores with one path share their
  /// fields' followers, so a view reading a field of a store made for one render is still told when it changes.
  @usableFromInline let scopePath: AnyKeyPath?
  /// Reads this store's state from the root without keeping the root (or any store) alive: what a shared hub of
  /// fields reads at each send. Nil when `scopePath` is.
  @usableFromInline let readFromRoot: (@MainActor () -> State?)?
  /// For a row's store, the watch of its list that its field hub follows sends through (nil: the root).
  @usableFromInline let rowSource: (any SendSource)?
  /// The root's effect registry, kept only by the root store so `deinit` can cancel it.
  private let ownedEffects: EffectRegistry?

  /// A root store running `reducer` from `initialState`, with dependencies changed by `prepareDependencies`.
  ///
  /// `initialState` is built with those dependencies, so state that resolves
  /// one on creation (a `@Shared` key finds its storage) uses the store's.
  @inlinable public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dependencies = Self.dependencies(prepareDependencies)
    let state = withDependencies({ $0 = dependencies }) { initialState() }
    self.init(state: state, running: reducer, dependencies: dependencies, hook: nil)
  }

  /// A root store running a feature's `body`, built once, here, rather than for every action.
  @inlinable public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  )
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State, R.Body.Action == Action
  {
    let dependencies = Self.dependencies(prepareDependencies)
    let (state, body) = withDependencies({ $0 = dependencies }) { (initialState(), reducer.body) }
    self.init(state: state, running: body, dependencies: dependencies, hook: nil)
  }

  /// A root store running the reducer that `reducer` builds.
  @inlinable public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dependencies = Self.dependencies(prepareDependencies)
    let (state, built) = withDependencies({ $0 = dependencies }) { (initialState(), reducer()) }
    self.init(state: state, running: built, dependencies: dependencies, hook: nil)
  }

  /// A root store whose every reduce and effect is told to `hook` from its first action: what the package's test
  /// tools (`TestStore`, the explorer) build on; not API.
  @inlinable package convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    dependencies: DependencyValues,
    hook: StoreHook<State, Action>
  ) where R.State == State, R.Action == Action {
    // Kept and prepared like the app's stores, so that watched (test) stores run the same code.
    self.init(state: initialState, running: KeptBodyReducer(reducer), dependencies: dependencies, hook: hook)
  }

  /// The current dependencies changed by `prepareDependencies`: what the store's reducers and effects see.
  @inlinable static func dependencies(
    _ prepareDependencies: (inout DependencyValues) -> Void
  ) -> DependencyValues {
    var dependencies = DependencyValues.current
    prepareDependencies(&dependencies)
    return dependencies
  }

  /// The one place a root store is made: the reducer is prepared once, then kept for the store's life.
  ///
  /// Inlinable, so the reducer and the send loop are specialized for the
  /// concrete feature in the caller's module instead of running as generic code.
  @inlinable convenience init<R: Reducer>(
    state: State, running reducer: R, dependencies: DependencyValues,
    hook: StoreHook<State, Action>?
  ) where R.State == State, R.Action == Action {
    var prepared = reducer
    prepareReducer(&prepared)
    // Boxed: a closure that captured the reducer tree itself would copy it,
    // hundreds of bytes and a retain per reference in it, on every action.
    let box = PreparedReducer(prepared)
    let root = RootStore(
      initialState: state, reducer: { box.reducer.reduce(into: &$0, action: $1) },
      dependencies: dependencies)
    if let hook { root.attachedHooks = [hook] }
    self.init(root: root, send: { root.send($0) })
  }

  @usableFromInline init(root: RootStore<State, Action>, send: @escaping @MainActor (Action) -> StoreTask) {
    readState = { root.state }
    sendAction = send
    observationRoot = root
    scopePath = \State.self as KeyPath<State, State>
    readFromRoot = { [weak root] in root?.state }
    rowSource = nil
    ownedEffects = root.effects
    rootStore = root
  }

  @usableFromInline init(
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> StoreTask,
    observationRoot: any StoreObservationRoot,
    scopePath: AnyKeyPath? = nil,
    readFromRoot: (@MainActor () -> State?)? = nil,
    rowSource: (any SendSource)? = nil
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.observationRoot = observationRoot
    self.scopePath = readFromRoot == nil ? nil : scopePath
    self.readFromRoot = readFromRoot
    self.rowSource = rowSource
    ownedEffects = nil
    rootStore = nil
  }

  /// Kept so the root store's core lives exactly as long as the root store (children hold the root).
  @usableFromInline let rootStore: RootStore<State, Action>?

  /// The children scoped through key paths, while something else keeps them.
  @usableFromInline var childCache: [ScopeCacheKey: WeakStore] = [:]
  /// The size at which the cache drops the stores no one keeps any more.
  @usableFromInline var childCachePruneCount = 64
  /// Removes this store's entry from its parent's cache once it is released: a popped screen's or a removed row's
  /// entry goes with its store, not at the cache's next prune.
  var leaveParentCache: (@MainActor @Sendable () -> Void)?
  /// What ends with this store, on whatever thread releases it: a debugger served for it closes its socket.
  private var releaseHandlers: [@Sendable () -> Void] = []

  deinit {
    ownedEffects?.cancelAll()
    if let leaveParentCache { onMainActorNowOrNextTurn(leaveParentCache) }
    for handler in releaseHandlers { handler() }
  }

  /// Runs `handler` when this store is released (on the releasing thread), so that what serves it goes with it.
  package func onRelease(_ handler: @escaping @Sendable () -> Void) {
    releaseHandlers.append(handler)
  }

  /// The current state; reading it inside `withObservationTracking` (or a SwiftUI view), or inside
  /// `observe { }`, observes all of it.
  public var state: State {
    let hub = fieldHub
    hub.registerObservationRead(of: .all)
    if FieldReadTracking.isRecording { FieldReadTracking.record(.all, of: hub) }
    return readState()
  }

  /// The followers of this store's fields, made when a field is first read: the one every store at this
  /// store's scope path shares, or this store's own.
  private var _fieldHub: FieldHub<State>?
  var fieldHub: FieldHub<State> {
    if let hub = _fieldHub { return hub }
    let hub: FieldHub<State>
    if let scopePath, let readFromRoot {
      hub = observationRoot.fieldHub(at: scopePath, read: readFromRoot, source: rowSource)
    } else {
      let read = readState
      hub = FieldHub(read: { read() }, root: observationRoot)
    }
    _fieldHub = hub
    return hub
  }

  /// The dependencies a root store's reducers and effects run with; test tools change them between steps.
  package var rootDependencies: DependencyValues {
    get { rootStore?.context.dependencies ?? DependencyValues.current }
    set { rootStore?.context.dependencies = newValue }
  }

  /// Runs `body` with the root store's dependencies installed, as a reduce sees them (a thread-local, not a
  /// task-local push: test tools call this for every assertion).
  @inlinable package func withRootDependencies<R>(_ body: () throws -> R) rethrows -> R {
    guard let context = rootStore?.context else { return try body() }
    return try context.install(body)
  }

  /// The current state, without registering an observation.
  public var currentState: State { readState() }

  /// Reads one value of the state; inside `observe { }` or `withObservationTracking` (a SwiftUI view), the
  /// observation depends on that field only when the state is an `ObservableState`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let hub = fieldHub
    let fields = hub.reads(keyPath)
    hub.registerObservationRead(of: fields)
    if FieldReadTracking.isRecording { FieldReadTracking.record(fields, of: hub) }
    return readState()[keyPath: keyPath]
  }

  /// Sends `action`; the returned task covers the effects it started.
  @discardableResult
  @inlinable public func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  /// A child store for the part of state at `toChildState` and the actions of the case `toChildAction` names.
  @inlinable public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let key = ScopeCacheKey(state: toChildState, action: toChildAction)
    if let cached = cachedChild(at: key) as? Store<ChildState, ChildAction> { return cached }
    let child = scope(
      state: { $0[keyPath: toChildState] }, action: Action.casePath(toChildAction).embed,
      scopePath: scopePath?.appending(path: toChildState),
      readFromRoot: Self.reader(from: readFromRoot, at: toChildState))
    cacheChild(child, at: key)
    return child
  }

  /// The child store scoped at `key` while something else keeps it (a view), else nil.
  @usableFromInline func cachedChild(at key: ScopeCacheKey) -> AnyObject? {
    childCache[key]?.store
  }

  /// Keeps `child` for the next scope at `key`, as long as something else keeps it: SwiftUI keeps a child view by
  /// its store's identity, so a scope returns the same store while it is in use. Weakly, since a child keeps its
  /// parent alive through its closures and a strong cache would keep the whole tree forever.
  @usableFromInline func cacheChild(_ child: AnyObject, at key: ScopeCacheKey) {
    if childCache.count >= childCachePruneCount {
      childCache = childCache.filter { $0.value.store != nil }
      // Doubling keeps a list of a thousand rows from scanning the cache at every row it adds.
      childCachePruneCount = max(64, 2 * childCache.count)
    }
    childCache[key] = WeakStore(store: child)
    (child as? any CacheLeaving)?.setLeaveParentCache { [weak self] in
      // Only if the entry is still the released store's: a new child may have been cached there since.
      if let self, self.childCache[key]?.store == nil { self.childCache[key] = nil }
    }
  }

  /// Forgets the child scoped at `key` (a dismissed child: the next presentation gets a store of its own).
  func forgetChild(at key: ScopeCacheKey) {
    childCache[key] = nil
  }

  /// A child store from a projection of state and an embedding of child actions.
  @inlinable public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: fromChildAction, scopePath: nil, readFromRoot: nil)
  }

  /// A child store reading through `toChildState` and sending through `fromChildAction`; `scopePath` and
  /// `readFromRoot` say where its state is from the root, when key paths lead there. Inlinable, so a scoped
  /// store's send is specialized in the caller's module.
  @inlinable func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action,
    scopePath: AnyKeyPath?, readFromRoot: (@MainActor () -> ChildState?)?
  ) -> Store<ChildState, ChildAction> {
    let read = readState
    let send = sendAction
    // The child keeps `self` alive through these closures, so the root (and its
    // effects) live while any descendant store is in use.
    return Store<ChildState, ChildAction>(
      readState: { [self] in
        _ = self; return toChildState(read())
      },
      sendAction: { send(fromChildAction($0)) },
      observationRoot: observationRoot, scopePath: scopePath, readFromRoot: readFromRoot)
  }

  /// Reads the state at `keyPath` of what `parent` reads (nil without a parent reader).
  @usableFromInline static func reader<Child>(
    from parent: (@MainActor () -> State?)?, at keyPath: KeyPath<State, Child>
  ) -> (@MainActor () -> Child?)? {
    guard let parent else { return nil }
    return { parent()?[keyPath: keyPath] }
  }

  /// Reads the optional state at `keyPath` of what `parent` reads: nil while it is absent too.
  static func reader<Child>(
    from parent: (@MainActor () -> State?)?, presentAt keyPath: KeyPath<State, Child?>
  ) -> (@MainActor () -> Child?)? {
    guard let parent else { return nil }
    return { parent().flatMap { $0[keyPath: keyPath] } }
  }

  /// A child store for optional child state, or nil while it is absent.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scopeWhilePresent(
      at: toChildState, key: ScopeCacheKey(state: toChildState, action: toChildAction),
      action: Action.casePath(toChildAction).embed)
  }

  /// The cached store of the optional child at `toChildState` while it is there (nil otherwise), its presence
  /// read as the structure: what every optional scope (a field, a presentation, an enum's case) shares.
  func scopeWhilePresent<ChildState, ChildAction>(
    at toChildState: KeyPath<State, ChildState?>, key: ScopeCacheKey,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    readStructure(
      of: toChildState, at: scopePath?.appending(path: toChildState),
      read: Self.reader(from: readFromRoot, presentAt: toChildState))
    guard let initial = readState()[keyPath: toChildState] else {
      forgetChild(at: key)
      return nil
    }
    if let cached = cachedChild(at: key) as? Store<ChildState, ChildAction> { return cached }
    let child = scope(present: toChildState, initially: initial, action: embed)
    cacheChild(child, at: key)
    return child
  }

  /// Registers a read of whether the child at `keyPath` is there: what a parent showing a sheet depends on.
  func readStructure<Child>(of keyPath: PartialKeyPath<State>, at path: AnyKeyPath?, read: (@MainActor () -> Child?)?) {
    readStructure(of: keyPath, at: path, read: read, structure: nil as ((Child) -> Bool)?)
  }

  /// Registers, with Observation and `observe { }`, a read of the structure of the child at `keyPath` (whether it
  /// is there; with `structure`, which rows or screens it holds): what a parent showing a sheet, a list or a stack
  /// through a scope depends on. Where no key path leads from the root, the field is read whole instead.
  func readStructure<Child, Key: Equatable>(
    of keyPath: PartialKeyPath<State>, at path: AnyKeyPath?, read: (@MainActor () -> Child?)?,
    structure: ((Child) -> Key)?
  ) {
    if let path, let read {
      observationRoot.fieldHub(at: path, read: read, source: nil).registerStructureRead(structure: structure)
      return
    }
    let hub = fieldHub
    let fields = hub.reads(keyPath)
    hub.registerObservationRead(of: fields)
    if FieldReadTracking.isRecording { FieldReadTracking.record(fields, of: hub) }
  }

  /// A child store for the optional state at `toChildState`, now `initial`: after it goes (a dismissal, a removed
  /// row) a lingering view may still read, and sees the last state it had.
  func scope<ChildState, ChildAction>(
    present toChildState: KeyPath<State, ChildState?>, initially initial: ChildState,
    rowSource: (any SendSource)? = nil, action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    var last = initial
    let read = readState
    let send = sendAction
    // Made here rather than by the key-path scope, so that only these stores pay for the check in their send.
    return Store<ChildState, ChildAction>(
      readState: { [self] in
        _ = self
        if let current = read()[keyPath: toChildState] { last = current }
        return last
      },
      sendAction: { action in
        // A view's binding write to a child dismissed meanwhile: SwiftUI's, not a mistake of the feature's.
        if BindingWrite.isActive, read()[keyPath: toChildState] == nil {
          BindingWrite.drop()
          return .none
        }
        return send(embed(action))
      },
      observationRoot: observationRoot, scopePath: scopePath?.appending(path: toChildState),
      readFromRoot: Self.reader(from: readFromRoot, presentAt: toChildState), rowSource: rowSource)
  }

  /// Calls `onChange` with the value `read` selects whenever it changes after a send; the returned token stops it.
  ///
  /// This is the fine-grained subscription a view can use where Observation is
  /// too coarse (state is a value, so Observation sees any change to it).
  public func observe<Value: Equatable>(
    _ read: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> StoreSubscription {
    var last = read(readState())
    let readState = readState
    let id = observationRoot.subscribe {
      let value = read(readState())
      guard value != last else { return }
      last = value
      onChange(value)
    }
    let root = observationRoot
    return StoreSubscription { root.unsubscribe(id) }
  }

  /// How many effects of this store's root are running (the package's diagnostics, tests and benchmarks).
  package var runningEffectCount: Int { observationRoot.runningEffectCount }
}

extension Store: Observable {}

extension Store: @preconcurrency CustomStringConvertible {
  /// `Store<State, Action>`.
  public var description: String { "Store<\(State.self), \(Action.self)>" }
}

/// The reducer a root store runs, prepared once and then only read.
@usableFromInline final class PreparedReducer<R: Reducer> {
  @usableFromInline let reducer: R

  @inlinable init(_ reducer: R) {
    self.reducer = reducer
  }
}

/// A root store's state and actions, spelled from the feature: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Keeps a `Store.observe` subscription alive; it ends on `cancel()` or when released.
@MainActor public final class StoreSubscription {
  private let cancellation: SubscriptionCancellation

  init(_ onCancel: @escaping @MainActor () -> Void) {
    cancellation = SubscriptionCancellation(onCancel)
  }

  /// Stops the subscription.
  public func cancel() {
    cancellation.run()
  }

  // Not `isolated deinit` (see `onMainActorNowOrNextTurn`).
  deinit {
    let cancellation = cancellation
    onMainActorNowOrNextTurn { cancellation.run() }
  }
}

/// What ends a `StoreSubscription`, run once, on the main actor; a `let` of its own so a deinit on any thread can
/// hand it there.
final class SubscriptionCancellation: @unchecked Sendable {
  // Touched only on the main actor; unchecked so that a deinit may hold it.
  private var onCancel: (@MainActor () -> Void)?

  init(_ onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  @MainActor func run() {
    onCancel?()
    onCancel = nil
  }
}

/// What every store in a tree shares with its root: observation and effect counts.
@MainActor @usableFromInline protocol StoreObservationRoot: SendSource {
  func registerRead()
  var runningEffectCount: Int { get }
  /// The followers of the fields of the state at `path` from the root's, shared by every store there.
  func fieldHub<Child>(
    at path: AnyKeyPath, read: @escaping @MainActor () -> Child?, source: (any SendSource)?
  ) -> FieldHub<Child>
  /// The watch of the list at `path` from the root's, shared by its rows' hubs; `make` makes it the first time.
  func rowWatch<ID>(at path: AnyKeyPath, make: () -> RowWatch<ID>) -> RowWatch<ID>
  /// Registers with Observation a read of one field (a view reading `store.count`).
  func registerFieldRead(_ field: ObservedFieldKey)
  /// Tells Observation that a field read that way changed.
  func fieldDidChange(_ field: ObservedFieldKey)
  /// Forgets the shared `hub` at `scope` (it follows nothing any more); the next read there makes a new one.
  func forgetFieldHub(_ hub: AnyObject, at scope: ScopeKey)
  /// Keeps `watch` as the one at `path` unless there is one: a watch followed again after it was forgotten.
  func keepRowWatch(_ watch: AnyObject, at path: AnyKeyPath)
  /// Forgets `watch` at `path` (no row follows it any more).
  func forgetRowWatch(_ watch: AnyObject, at path: AnyKeyPath)
  /// Forgets the key paths made for the fields at `scope` (its state is gone; a later read makes them again).
  func forgetFieldKeys(at scope: ScopeKey)
  /// Forgets the key paths made for the fields at `scope` that `kept` does not keep (nobody follows them now).
  func keepFieldKeys(at scope: ScopeKey, only kept: (Int) -> Bool)
  /// Adds what the root keeps (hubs, watches, followers, keys, effects) to `counts`.
  func countAlive(into counts: inout AliveCounts)
}

extension RootStore: StoreObservationRoot {
  @usableFromInline func registerRead() { _ = observedState }
  @usableFromInline var runningEffectCount: Int { effects.count }
}

/// Where a child store was scoped from: the key paths of its state and of its actions.
@usableFromInline struct ScopeCacheKey: Hashable, @unchecked Sendable {
  // Unchecked: key paths of stored properties and cases hold no mutable state.
  let state: AnyKeyPath
  let action: AnyKeyPath

  @usableFromInline init(state: AnyKeyPath, action: AnyKeyPath) {
    self.state = state
    self.action = action
  }
}

/// A child store held weakly by its parent's cache.
@usableFromInline struct WeakStore {
  @usableFromInline weak var store: AnyObject?

  @usableFromInline init(store: AnyObject) {
    self.store = store
  }
}
