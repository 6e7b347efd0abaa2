import Composable
import ComposableTesting
import Foundation
import Testing

/// Presents a ticker, or asks before deleting with an alert.
struct Host: Reducer {
  struct State: Equatable {
    @Presents var ticker: Ticker.State?
    @Presents var alert: AlertState<Action.Alert>?
    var deleted = false
  }

  enum Action: Equatable, CasePathable {
    case presentTapped
    case hideTapped
    case deleteTapped
    case ticker(PresentationAction<Ticker.Action>)
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable {
      case confirmDelete
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentTapped:
        state.ticker = Ticker.State()
        return .none
      case .hideTapped:
        state.ticker = nil
        return .none
      case .deleteTapped:
        state.alert = AlertState(
          title: "Delete?", message: "This cannot be undone.",
          buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")])
        return .none
      case .alert(.presented(.confirmDelete)):
        state.deleted = true
        return .none
      case .ticker, .alert:
        return .none
      }
    }
    .ifLet(\.$ticker, action: \.ticker) { Ticker() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor struct PresentationTests {
  private func hostStore(clock: TestClock) -> TestStore<Host.State, Host.Action> {
    TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = hostStore(clock: clock)
    await store.send(.presentTapped) { $0.ticker = Ticker.State() }
    await store.send(.ticker(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) { $0.ticker?.ticks = 1 }
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
    await clock.advance(by: .seconds(5))
    // Exhaustive: a still-running timer, or a tick after dismissal, would fail here.
    await store.finish()
  }

  @Test func theChildDismissesItselfThroughTheDependency() async {
    let clock = TestClock()
    let store = hostStore(clock: clock)
    await store.send(.presentTapped) { $0.ticker = Ticker.State() }
    await store.send(.ticker(.presented(.startTapped)))
    await store.send(.ticker(.presented(.closeTapped)))
    await store.receive(.ticker(.dismiss)) { $0.ticker = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func settingStateToNilCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = hostStore(clock: clock)
    await store.send(.presentTapped) { $0.ticker = Ticker.State() }
    await store.send(.ticker(.presented(.startTapped)))
    await store.send(.hideTapped) { $0.ticker = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildActionWhileNothingIsPresentedIsAnIssue() async {
    let store = hostStore(clock: TestClock())
    await withKnownIssue {
      await store.send(.ticker(.presented(.tick)))
    } matching: {
      $0.description.contains("received a presented action while nothing was presented")
    }
  }

  @Test func aDismissWhileNothingIsPresentedIsAnIssueNamingTheIfLet() async {
    let store = hostStore(clock: TestClock())
    await withKnownIssue {
      await store.send(.ticker(.dismiss))
    } matching: {
      $0.description.contains("An 'ifLet' at ComposableTests/PresentationTests.swift:")
        && $0.description.contains("received a dismiss action while nothing was presented")
    }
  }

  @Test func dismissOutsideAPresentationIsAnIssue() async {
    // A test store's root answers `dismiss()` itself (TestStoreParityTests); a plain store has nobody to ask.
    let store = Store(initialState: Ticker.State()) { Ticker() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: {
      $0.description.contains("not presented")
    }
  }

  @Test func aChildTestedAloneCanRecordItsDismissal() async {
    let dismissals = LockIsolated(0)
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissals.withValue { $0 += 1 } }
    }
    await store.send(.closeTapped).finish()
    #expect(dismissals.value == 1)
  }

  @Test func anAlertIsDataAndAnyButtonDismissesIt() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete?", message: "This cannot be undone.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")])
    }
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.deleted = true
    }
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete?", message: "This cannot be undone.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")])
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aWrongAlertFailsTheAssertion() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await withKnownIssue {
      await store.send(.deleteTapped) { $0.alert = AlertState(title: "Delete?") }
    } matching: {
      $0.description.contains("This cannot be undone.")
    }
  }

  @Test func presentsReflectsAsItsChildInDumps() {
    var state = Host.State()
    state.ticker = Ticker.State(ticks: 2)
    #expect(valueDump(state).contains("ticker: Ticker.State(ticks: 2)"))
    #expect(valueDump(Host.State()).contains("ticker: nil"))
  }
}
