import Clocks
import Composable
import Foundation
import IssueReporting
import ValueDump

/// A store for tests that proves a feature's whole behaviour: every state change, every action
/// its effects send back, and that no effect is left running.
///
/// ```
/// let store = TestStore(initialState: Counter.State()) { Counter() }
/// await store.send(.incrementTapped) { $0.count = 1 }
/// await store.receive(\.factResponse) { $0.fact = "1 is a number" }
/// ```
///
/// Dependencies start from their test values, with a cache of their own, so
/// `uuid` counts from zero in every test store and shared keys start empty
/// (`initialState` is built with those dependencies). Every change the feature
/// makes to a `Shared` value must be asserted too: `$0.$count.withLock { $0 = 1 }`. Failures point at the line of the
/// `send` or `receive` that found them; what is still unasserted when the store
/// is released (or at `finish()`) points at the line that created the store.
@MainActor public final class TestStore<State, Action> {
  // Mutable properties skip dynamic exclusivity checks (a tenth of a send/receive pair's instructions):
  // they are touched only on the main actor, by the test store's own code, never while another access runs.
  /// How much the store insists on being asserted; `.on` by default.
  @exclusivity(unchecked) public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait for effects before failing.
  @exclusivity(unchecked) public var timeout: Duration

  /// The store the feature runs in.
  @usableFromInline let store: Store<State, Action>
  /// The dependencies the feature runs with; change them between steps and effects started afterwards see the
  /// change, as do the assertion closures.
  public var dependencies: DependencyValues {
    get { store.rootDependencies }
    set { store.rootDependencies = newValue }
  }
  /// Whether the feature dismissed itself (`await dismiss()` at the root): its effects were cancelled, and
  /// sending to it fails.
  public internal(set) var isDismissed = false
  /// The state as of the last assertion: what the next expected change is applied to.
  @exclusivity(unchecked) @usableFromInline var assertedState: State
  /// Actions that effects sent and the test has not asserted yet, with the state each left.
  @exclusivity(unchecked) @usableFromInline var received: [ReceivedAction<State, Action>] = []
  /// Where the `send` being run was called: effects it starts are reported there if left running.
  @exclusivity(unchecked) @usableFromInline var currentSendLocation: SourceLocation?
  /// The state right after the action the test is sending, captured before anything it triggers.
  @exclusivity(unchecked) @usableFromInline var stateAfterSentAction: State?
  /// The shared values the sent action changed.
  @exclusivity(unchecked) @usableFromInline var sharedAfterSentAction: [SharedChange] = []
  /// Records the feature's changes to shared values, step by step.
  @usableFromInline let sharedTracker = SharedChangeTracker(reportUnassertedChanges: false)
  @exclusivity(unchecked) @usableFromInline var isSendingFromTest = false
  /// The action being reduced, so an effect can be attributed to the action that started it.
  @exclusivity(unchecked) @usableFromInline var currentAction: Action?
  /// Ids of the effect tasks started during the current `send`.
  @exclusivity(unchecked) @usableFromInline var effectsOfCurrentSend: [UInt64] = []
  @usableFromInline let ledger = TestStoreLedger()
  /// The effects' work, counted so that the store knows when they are at rest.
  @usableFromInline let effectWork = EffectWork()
  /// What the feature's code finds while this store sends (its effects inherit it): the work and the tracker.
  @usableFromInline let scope: TestStoreScope
  @usableFromInline let events = TestStoreEvents()
  @usableFromInline let stateEquality = RuntimeEquality(State.self)
  @usableFromInline let createdAt: SourceLocation
  /// Where `.off(showSkippedAssertions: true)` writes what the test did not assert (standard error).
  var skippedAssertionsLog: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }

  /// A test store running the reducer `reducer` builds from `initialState`, with dependencies changed by
  /// `prepareDependencies`.
  @inlinable public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) where R.State == State, R.Action == Action {
    // Before any effect starts, so the first one's steps are counted too.
    _ = EffectWork.isCounting
    var dependencies = DependencyValues.current.withFreshDefaults(context: .test)
    let dismissal = TestStoreDismissal()
    dependencies.dismiss = dismissal.effect
    prepareDependencies(&dependencies)
    self.timeout = timeout
    // Built with the store's dependencies, so its shared keys resolve in the store's own storage.
    let initialState = withDependencies({ $0 = dependencies }) { initialState() }
    assertedState = initialState
    createdAt = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    scope = TestStoreScope(work: EffectWork.isCounting ? effectWork : nil, sharedChanges: sharedTracker)
    let ledger = self.ledger
    weak var weakSelf: TestStore?
    store = Store(
      initialState: initialState,
      reducer: reducer(),
      dependencies: dependencies,
      hook: StoreHook(
        kind: "test store",
        didReduce: { action, state, _, _, _ in weakSelf?.didReduce(action, state) },
        event: { [effectWork] event in
          switch event {
          case let .effectStarted(id):
            ledger.effectStarted(
              id: id, by: ActionDescription(weakSelf?.currentAction), at: weakSelf?.currentSendLocation)
            weakSelf?.effectsOfCurrentSend.append(id)
          case let .effectAttached(id, task):
            ledger.effectAttached(id: id, task: task)
            effectWork.effectAttached(id, task)
          case let .effectFinished(id):
            ledger.effectFinished(id: id)
            effectWork.effectEnded(id)
            weakSelf?.events.signal()
          default:
            break
          }
        }))
    weakSelf = self
    effectWork.progress = { (ledger.runningCount, weakSelf?.received.count ?? 0) }
    dismissal.onDismiss = { weakSelf?.featureDismissedItself() }
  }

  /// The state as of the last assertion (a `send`, `receive` or skip): inside an assertion closure, the state
  /// before that step. Changes the feature made since, not asserted yet, are not in it.
  @inlinable public var state: State { assertedState }

  /// The feature's live state, including changes not asserted yet.
  @inlinable public var currentState: State { store.currentState }

  /// The store's actions as received from effects and not asserted yet.
  public var receivedActions: [Action] { received.map(\.action) }

  @inlinable func didReduce(_ action: Action, _ state: State) {
    currentAction = action
    let shared = sharedTracker.takeChanges()
    if isSendingFromTest, stateAfterSentAction == nil {
      stateAfterSentAction = state
      sharedAfterSentAction = shared
      return
    }
    received.append(ReceivedAction(action: action, state: state, shared: shared))
    ledger.appendUnasserted(ActionDescription(action))
    events.signal()
  }

  /// Checks what must be true at the end of a test, once, when the test releases the store.
  ///
  /// Not isolated to the main actor on purpose: an isolated deinit may run in a
  /// new task without the test's task-locals, and Swift Testing would then lose
  /// the failure. This runs in the test's own task and reads only the ledger.
  deinit {
    Self.reportUnfinishedWork(ledger: ledger, location: createdAt, exhaustive: exhaustivity.isOn)
    Self.reportUnassertedSharedChanges(
      sharedTracker.takeChanges(), location: createdAt, exhaustive: exhaustivity.isOn)
    _ = ledger.cancelAll()
  }

  /// Fails for shared values an effect changed after the last action the test asserted.
  nonisolated static func reportUnassertedSharedChanges(
    _ changes: [SharedChange], location: SourceLocation, exhaustive: Bool
  ) {
    let messages = SharedChangeTracker.mismatches(changes: changes, expectations: [], exhaustive: exhaustive)
    for message in messages { reportIssue("At the end of the test: " + message, at: location) }
  }

  nonisolated static func reportUnfinishedWork(ledger: TestStoreLedger, location: SourceLocation, exhaustive: Bool) {
    guard exhaustive else { return }
    let unasserted = ledger.unasserted
    if !unasserted.isEmpty {
      reportIssue(
        """
        The store received \(unasserted.count) action\(unasserted.count == 1 ? "" : "s") that the test did not \
        assert:
        \(unasserted.map { "  " + $0.text }.joined(separator: "\n"))
        Assert each with 'receive', or call 'skipReceivedActions()'.
        """,
        at: location)
      ledger.unasserted = []
    }
    for effect in ledger.inFlight {
      reportIssue(
        """
        An effect started by \(effect.startedBy.text) is still running at the end of the test (the test store \
        was created at line \(location.line)).
        Wait for it ('await store.finish()' or 'receive' what it sends), make it end (cancel it from the \
        feature, advance a test clock), or call 'skipInFlightEffects()'.
        """,
        at: effect.startedAt ?? location)
    }
  }
}

/// An action, described only if a failure message needs it (a dump costs more than a send).
///
/// Unchecked because the end-of-test check reads it off the main actor; it only
/// ever reads this private copy of the action, never mutates it.
@usableFromInline struct ActionDescription: @unchecked Sendable {
  private let action: Any?

  @usableFromInline init(_ action: Any?) {
    self.action = action
  }

  /// The action's dump on one line, shortened when long.
  @usableFromInline var text: String {
    guard let action else { return "an action" }
    return describe(action)
  }
}

/// An action as a failure message shows it: its whole dump on one line, nested cases written `.case`.
@usableFromInline func describe(_ action: Any) -> String {
  valueDumpLine(action, abbreviatingNestedCases: true)
}
