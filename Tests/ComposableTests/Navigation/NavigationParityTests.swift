import Composable
import ComposableTesting
import Foundation
import Testing

/// A child identified by an id it can change in place, with a timer.
struct ParityBadge: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable {
    case startTapped
    case tick
    case renumbered(Int)
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case let .renumbered(id):
      state.id = id
      return .none
    }
  }
}

/// A screen whose destinations are an alert, a ticker or a badge, one at a time; and a plain optional alert.
struct Panel: Reducer {
  enum Confirm: Equatable { case yes }

  /// An enum feature of SyncUps' shape: an alert case beside two feature cases, the rest generated.
  enum Destination: Reducer {
    case alert(AlertState<Confirm>)
    case ticker(Ticker)
    case badge(ParityBadge)
  }

  struct State: Equatable {
    @Presents var destination: Destination.State?
    var banner: AlertState<Confirm>?
    var confirmed = 0
  }

  enum Action: Equatable, CasePathable {
    case destination(PresentationAction<Destination.Action>)
    case banner(Confirm)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.yes))), .banner(.yes):
        state.confirmed += 1
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.banner, action: \.banner)
  }
}

private let deleteAlert = AlertState<Panel.Confirm>(title: "Delete?", buttons: [.destructive("Yes", action: .yes)])

@MainActor struct NavigationParityTests {
  private func panelStore(_ state: Panel.State, clock: TestClock = TestClock()) -> TestStore<Panel.State, Panel.Action>
  {
    TestStore(initialState: state) {
      Panel()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anAlertInAnEnumDestinationIsDismissedByItsButton() async {
    let store = panelStore(Panel.State(destination: .alert(deleteAlert)))
    await store.send(.destination(.presented(.alert(.yes)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
  }

  @Test func anActionForAnotherCaseLeavesTheAlertPresentedAndIsReported() async {
    let store = panelStore(Panel.State(destination: .alert(deleteAlert)))
    await withKnownIssue {
      await store.send(.destination(.presented(.ticker(.startTapped))))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("received a child action while the parent's state was another case")
      }
    }
    #expect(store.state.destination == .alert(deleteAlert))
    // Its own button still dismisses it.
    await store.send(.destination(.presented(.alert(.yes)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
  }

  @Test func aPlainOptionalAlertIsClearedAfterItsAction() async {
    let store = panelStore(Panel.State(banner: deleteAlert))
    await store.send(.banner(.yes)) {
      $0.banner = nil
      $0.confirmed = 1
    }
  }

  @Test func anEnumCaseHoldingAnIdentifiableChildIsANewChildWhenItsIDChanges() async {
    let clock = TestClock()
    let store = panelStore(Panel.State(destination: .badge(ParityBadge.State(id: 1))), clock: clock)
    await store.send(.destination(.presented(.badge(.startTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.badge(.tick)))) {
      $0.destination = .badge(ParityBadge.State(id: 1, ticks: 1))
    }
    // Same case, another id: the old badge's timer is cancelled, so nothing more arrives.
    await store.send(.destination(.presented(.badge(.renumbered(2))))) {
      $0.destination = .badge(ParityBadge.State(id: 2, ticks: 1))
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aCaseSubscriptWritesThePresentedChildInPlace() {
    var state = Panel.State(destination: .ticker(Ticker.State()))
    state.$destination[case: \.ticker]?.ticks += 2
    #expect(state.destination == .ticker(Ticker.State(ticks: 2)))
    // Another case is not written: that would replace the screen.
    state.$destination[case: \.badge] = ParityBadge.State(id: 9)
    state.$destination[case: \.badge]?.ticks += 1
    #expect(state.destination == .ticker(Ticker.State(ticks: 2)))
    state.$destination[case: \.ticker] = nil
    #expect(state.destination == nil)

    var path = StackState<Panel.Destination.State>([.ticker(Ticker.State()), .badge(ParityBadge.State(id: 1))])
    path[id: 1, case: \.badge]?.ticks = 5
    path[id: 0, case: \.badge]?.ticks = 5
    path[id: 0, case: \.badge] = nil
    #expect(Array(path) == [.ticker(Ticker.State()), .badge(ParityBadge.State(id: 1, ticks: 5))])
  }
}

/// A stack of tickers whose parent can remove one screen from the middle.
struct Trail: Reducer {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case removeTapped(StackElementID)
    case path(StackActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .removeTapped(id) = action { state.path[id: id] = nil }
      return .none
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

@MainActor struct StackParityTests {
  @Test func removingOneElementByIDKeepsTheOnesAboveAndCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Trail.State(path: StackState([Ticker.State(), Ticker.State(), Ticker.State()]))
    ) {
      Trail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    for id: StackElementID in [0, 1, 2] { await store.send(.path(.element(id: id, action: .startTapped))) }
    await store.send(.removeTapped(1)) { $0.path.remove(id: 1) }
    #expect(store.state.path.ids == [0, 2])
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.receive(.path(.element(id: 2, action: .tick))) { $0.path[id: 2]?.ticks = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test func writingAnyNewIDInAStackStatesAPushWithoutAReport() {
    var path = StackState([Ticker.State()])
    path[id: 5] = Ticker.State()
    #expect(path.ids == [0, 5])
    #expect(path.nextID == 6)
    path[id: 3] = Ticker.State()
    #expect(path.ids == [0, 5, 3])
  }

  @Test func aPushActionBeyondTheNextIDIsReportedAndStillPushed() async {
    let store = TestStore(initialState: Trail.State(path: StackState([Ticker.State()]))) { Trail() }
    await withKnownIssue {
      await store.send(.path(.push(id: 7, state: Ticker.State()))) {
        $0.path[id: 7] = Ticker.State()
      }
    } matching: {
      $0.description.contains("greater than the stack's next id #1. It was pushed")
    }
    #expect(store.state.path.ids == [0, 7])
    await withKnownIssue {
      await store.send(.path(.push(id: 7, state: Ticker.State())))
    } matching: {
      $0.description.contains("which is already on the stack")
    }
  }
}

/// A screen whose alert asks again when answered "not sure": it presents an equal alert in answer to its own.
struct AskAgain: Reducer {
  enum Answer: Equatable { case sure, notSure }

  struct State: Equatable {
    @Presents var alert: AlertState<Answer>?
    var answers = 0
  }

  enum Action: Equatable, CasePathable {
    case alert(PresentationAction<Answer>)
    case banner(Answer)
  }

  /// The question, made anew each time it is asked, as a reducer builds an alert.
  static func question() -> AlertState<Answer> {
    AlertState(title: "Sure?", buttons: [.default("Sure", action: .sure), .default("Not sure", action: .notSure)])
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.notSure)):
        state.answers += 1
        state.alert = Self.question()
      case .alert(.presented(.sure)):
        state.answers += 1
      case .alert, .banner:
        break
      }
      return .none
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor struct AlertIdentityTests {
  @Test func anEqualAlertPresentedInAnswerToTheOldOneStaysPresented() async {
    let store = TestStore(initialState: AskAgain.State(alert: AskAgain.question())) { AskAgain() }
    let first = store.state.alert?.id
    // The new alert equals the old one (equality ignores identity), so the state change is only the count.
    await store.send(.alert(.presented(.notSure))) { $0.answers = 1 }
    #expect(store.state.alert == AskAgain.question())
    #expect(store.state.alert?.id != first)
    await store.send(.alert(.presented(.sure))) {
      $0.answers = 2
      $0.alert = nil
    }
  }

  @Test func twoAlertsMadeAlikeAreEqualButNotTheSameAlert() {
    let one = AlertState<AskAgain.Answer>(title: "Sure?")
    let other = AlertState<AskAgain.Answer>(title: "Sure?")
    #expect(one == other)
    #expect(one.id != other.id)
    #expect(Set([one, other]).count == 1)
    #expect(valueDump(one) == valueDump(other))
    #expect(!valueDump(one).contains("id"))
  }
}
