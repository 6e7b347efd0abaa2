import Composable
import ComposableTesting
import Foundation
import Testing

/// A row editor a parent shows in a list, a stack and a sheet, with an alert: every shape an action's payload
/// takes in a feature, to see which actions an exploration derives from the types alone.
struct SynthesisRow: Reducer {
  struct State: Equatable, Identifiable, CodableBindings {
    let id: Int
    var title = ""
    var starred = false

    static let bindingFields: [BindingField<Self>] = [.field("title", \.title), .field("starred", \.starred)]
  }

  enum Action: Equatable, CasePathable {
    case binding(BindingAction<State>)
    case renamed(String)
    case loaded(Int)
    case delegate(Delegate)

    enum Delegate: Equatable, CasePathable { case closed }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .binding(binding):
        binding.set(&state)
        return .none
      case let .renamed(title):
        state.title = title
        return .none
      case .loaded, .delegate: return .none
      }
    }
  }
}

extension SynthesisRow.Action: FeatureSentCases {
  static var casesSentByFeature: Set<String> { ["loaded"] }
}

struct SynthesisBoard: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<SynthesisRow.State> = [SynthesisRow.State(id: 7), SynthesisRow.State(id: 9)]
    var path = StackState<SynthesisRow.State>()
    @Presents var sheet: SynthesisRow.State?
    @Presents var alert: AlertState<Action.Alert>?
    var sort = Sort.name
  }

  enum Sort: CaseIterable, Hashable { case name, date }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<SynthesisRow>)
    case path(StackAction<SynthesisRow.State, SynthesisRow.Action>)
    case sheet(PresentationAction<SynthesisRow.Action>)
    case alert(PresentationAction<Alert>)
    case sortChanged(Sort)
    case opened(Int)
    case noteAdded(Note)
    case delegate(Delegate)

    enum Alert: Equatable, CasePathable { case confirm(Int) }
    enum Delegate: Equatable, CasePathable { case done }
  }

  struct Note: Equatable { var text: String }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .opened(id):
        state.path.append(SynthesisRow.State(id: id))
        return .none
      case .rows, .path, .sheet, .alert, .sortChanged, .noteAdded, .delegate: return .none
      }
    }
    .forEach(\.rows, action: \.rows) { SynthesisRow() }
    .forEach(\.path, action: \.path) { SynthesisRow() }
    .ifLet(\.$sheet, action: \.sheet) { SynthesisRow() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor struct ActionSynthesisTests {
  /// The actions the derived generators make for `state`, over many draws.
  private func derived(
    _ state: SynthesisBoard.State, draws: Int = 400,
    configure: (inout Exploration<SynthesisBoard.State, SynthesisBoard.Action>) -> Void = { _ in }
  ) -> [SynthesisBoard.Action] {
    var exploration = Exploration<SynthesisBoard.State, SynthesisBoard.Action>()
    configure(&exploration)
    var random = ExplorationRandom(seed: 3)
    var actions: [SynthesisBoard.Action] = []
    for _ in 0..<draws {
      let generator = exploration.generators[random.int(in: 0...(exploration.generators.count - 1))]
      if let action = exploration.action(from: generator, for: state, random: &random) { actions.append(action) }
    }
    return actions
  }

  @Test func everyCaseAUserCanCauseHasAGeneratorNamedAfterIt() {
    let names = Exploration<SynthesisBoard.State, SynthesisBoard.Action>().generators.map(\.name)
    #expect(names == ["rows", "path", "sheet", "alert", "sortChanged", "opened", "noteAdded"])
  }

  @Test func childActionsGoToChildrenThatAreThereAndNeverToDelegatesOrResponses() {
    let actions = derived(SynthesisBoard.State())
    let rowActions = actions.compactMap { action -> IdentifiedActionOf<SynthesisRow>? in
      if case let .rows(rowAction) = action { rowAction } else { nil }
    }
    #expect(!rowActions.isEmpty)
    #expect(Set(rowActions.map(\.id)) == [7, 9])
    for case let .element(_, action) in rowActions {
      if case .delegate = action { Issue.record("a delegate action was generated") }
      if case .loaded = action { Issue.record("an effect response was generated") }
    }
    // Nothing is presented and the stack is empty: none of their actions makes sense.
    #expect(!actions.contains { if case .path = $0 { true } else { false } })
    #expect(!actions.contains { if case .sheet = $0 { true } else { false } })
    #expect(!actions.contains { if case .alert = $0 { true } else { false } })
    // A struct payload needs the test's generator.
    #expect(!actions.contains { if case .noteAdded = $0 { true } else { false } })
    let sorts = actions.compactMap { action -> SynthesisBoard.Sort? in
      if case let .sortChanged(sort) = action { sort } else { nil }
    }
    #expect(Set(sorts) == [.name, .date])
  }

  @Test func bindingsSetTheFieldsTheStateListsWithValuesOfTheirTypes() {
    let actions = derived(SynthesisBoard.State())
    let bindings = actions.compactMap { action -> BindingAction<SynthesisRow.State>? in
      if case let .rows(.element(_, .binding(binding))) = action { binding } else { nil }
    }
    #expect(bindings.contains { $0.keyPath == \SynthesisRow.State.title && $0.value is String })
    #expect(bindings.contains { $0.keyPath == \SynthesisRow.State.starred && $0.value is Bool })
  }

  @Test func presentedChildrenStackElementsAndAlertButtonsAreReachedWhileTheyAreThere() {
    var state = SynthesisBoard.State()
    let pushed = state.path.append(SynthesisRow.State(id: 3))
    state.sheet = SynthesisRow.State(id: 4)
    state.alert = AlertState(
      title: "Sure?", buttons: [ButtonState("Yes", role: .destructive, action: .confirm(9)), .cancel("No")])
    let actions = derived(state)
    #expect(actions.contains { if case .path(.element(id: pushed, action: _)) = $0 { true } else { false } })
    #expect(actions.contains(.path(.popFrom(id: pushed))))
    #expect(actions.contains { if case .sheet(.presented) = $0 { true } else { false } })
    #expect(actions.contains(.sheet(.dismiss)))
    // An alert's actions are its buttons': the confirm it offers, and the dismissal its cancel button is.
    let alertActions = Set(actions.compactMap { if case let .alert(action) = $0 { "\(action)" } else { nil } })
    #expect(alertActions == ["\(PresentationAction<SynthesisBoard.Action.Alert>.presented(.confirm(9)))", "dismiss"])
  }

  @Test func idsComeMostlyFromTheStateAndTestsCanMakeAnyPayload() {
    let actions = derived(SynthesisBoard.State()) { exploration in
      exploration.payload(SynthesisBoard.Note.self) { state, _ in SynthesisBoard.Note(text: "rows: \(state.rows.count)")
      }
    }
    let opened = actions.compactMap { if case let .opened(id) = $0 { id } else { nil } }
    #expect(opened.filter { $0 == 7 || $0 == 9 }.count * 2 > opened.count)
    #expect(actions.contains(.noteAdded(SynthesisBoard.Note(text: "rows: 2"))))
  }

  @Test func nestedCasesAreWeightedByTheirPath() {
    let actions = derived(SynthesisBoard.State()) { exploration in
      exploration.weight("rows.renamed", 0)
      exploration.weight("rows.binding", 5)
    }
    let rowActions = actions.compactMap { action -> SynthesisRow.Action? in
      if case let .rows(.element(_, rowAction)) = action { rowAction } else { nil }
    }
    #expect(!rowActions.contains { if case .renamed = $0 { true } else { false } })
    #expect(rowActions.allSatisfy { if case .binding = $0 { true } else { false } })
    #expect(rowActions.count > 20)
  }

  @Test func shrinkingSimplifiesPayloadsCaseByCase() {
    let simpler = Exploration<SynthesisBoard.State, SynthesisBoard.Action>().simplifications(
      of: .rows(.element(id: 7, action: .renamed("abcd"))))
    #expect(simpler.contains(.rows(.element(id: 7, action: .renamed("")))))
    #expect(simpler.contains(.rows(.element(id: 7, action: .renamed("ab")))))
    #expect(
      Exploration<SynthesisBoard.State, SynthesisBoard.Action>().simplifications(of: .opened(6)) == [
        .opened(0), .opened(3),
      ])
    #expect(Exploration<SynthesisBoard.State, SynthesisBoard.Action>().simplifications(of: .sortChanged(.date)).isEmpty)
  }
}

@MainActor struct ShrunkBindingTests {
  @Test func aShrunkBindingIsPrintedAsATestWritesIt() async throws {
    var exploration = Exploration<SynthesisRow.State, SynthesisRow.Action>()
    exploration.seed = 11
    exploration.checksCodableRoundTrip = false
    exploration.invariants = [.always("starred rows have a title") { !$0.starred || !$0.title.isEmpty }]
    var result: ExplorationResult<SynthesisRow.Action>?
    await withKnownIssue {
      result = await explore(exploration, initialState: { SynthesisRow.State(id: 1) }, reducer: { SynthesisRow() })
    }
    let test = try #require(result?.shrunkTest)
    #expect(result?.failure?.steps.count == 1)
    #expect(test.contains("  await store.send(.binding(.set(\\.starred, true))) {\n    $0.starred = true\n  }\n"))
  }
}
