import Composable
import TerminalApp
import TerminalUI
import Testing

/// A counter whose view this module links, as a feature's Implementation links its view.
struct Meter: Reducer {
  struct State: Equatable {
    var count = 0
    var appeared = 0
  }

  enum Action: Equatable, CasePathable {
    case add
    case appeared
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add: state.count += 1
      case .appeared: state.appeared += 1
      }
      return .none
    }
  }
}

struct MeterView: TerminalView {
  @MainActor func screen(of store: Store<Meter.State, Meter.Action>, in context: ScreenContext) -> TerminalScreen<
    Meter.State, Meter.Action
  > {
    let state = store.state
    return TerminalScreen(
      text: "meter: \(state.count) (seen \(state.appeared))",
      commands: [.simple("add", help: "Add one.", action: .add)],
      id: "meter", appearAction: .appeared)
  }
}

extension Meter: LinkedFeatureView {
  static func view() -> MeterView { MeterView() }
}

/// A feature no module links a view for.
struct Unviewed: Reducer {
  struct State: Equatable {}
  enum Action: Equatable, CasePathable { case nothing }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

/// An enum feature over both: its State, Action and case visits are generated.
enum Panel: Reducer {
  /// The meter.
  case meter(Meter)
  /// The feature without a view.
  case unviewed(Unviewed)
}

@MainActor struct FeatureViewTests {
  @Test func aLinkedFeatureShowsItsOwnView() throws {
    let view = FeatureView(Meter.self)
    let state = Meter.State(count: 2)
    #expect(view.render(state, style: .plain) == "meter: 2 (seen 0)")
    #expect(try view.action(for: "add", in: state).get() == .add)
    #expect(view.appearAction(for: state) == .appeared)
    #expect(view.screenID(for: state) == "meter")
    #expect(FeatureView<Meter>.unlinkedFeatures == [])
  }

  @Test func anEnumFeatureShowsItsCasesViewWithTheActionsEmbeddedInTheCase() throws {
    let view = FeatureView(Panel.self)
    let state = Panel.State.meter(Meter.State(count: 3))
    #expect(view.render(state, style: .plain) == "meter: 3 (seen 0)")
    #expect(try view.action(for: "add", in: state).get() == .meter(.add))
    #expect(view.appearAction(for: state) == .meter(.appeared))
    #expect(view.screenID(for: state) == "meter(meter)")
    #expect(view.screenID(for: .unviewed(Unviewed.State())) == "unviewed(Unviewed)")
    #expect(Panel.caseFeatures.map(\.caseName) == ["meter", "unviewed"])
  }

  @Test func aFeatureWithoutALinkedViewSaysWhatToLinkAndAcceptsNoCommand() {
    let view = FeatureView(Panel.self)
    let state = Panel.State.unviewed(Unviewed.State())
    #expect(
      view.render(state, style: .plain)
        == "No terminal view of the feature 'Unviewed' is linked: the executable must depend on "
        + "'the module that implements it', which conforms it to 'LinkedFeatureView'.")
    #expect(view.commands(for: state).isEmpty)
    #expect(view.appearAction(for: state) == nil)
    #expect(FeatureView<Panel>.unlinkedFeatures == ["Unviewed"])
    #expect(FeatureView<Unviewed>.unlinkedFeatures == ["Unviewed"])
  }

  @Test func aSessionRunsAnEnumFeatureThroughItsCasesView() async {
    var output = ""
    var input = ["add", "add"].makeIterator()
    let session = TerminalSession(
      store: Store(initialState: Panel.State.meter(Meter.State())) { Panel.reducer }, view: FeatureView(Panel.self),
      prompt: nil, stopOnError: true, write: { output += $0 })
    let outcome = await session.run { input.next() }
    #expect(outcome == .finished)
    #expect(output == "meter: 0 (seen 1)\nmeter: 1 (seen 1)\nmeter: 2 (seen 1)\n")
  }
}
