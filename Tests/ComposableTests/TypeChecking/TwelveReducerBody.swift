import Composable
import Foundation

// This file imports only Composable and Foundation so that Scripts/check-type-check-time can type-check it on its own under
// a 200 ms limit per expression. The body below combines twelve reducers of every kind a real feature uses,
// because large bodies are where type-checking time grows.

/// A row, a child, a sheet and a stack screen: the one child feature the twelve-reducer body composes.
struct Tally: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable, CasePathable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Enum state for `ifCaseLet`: a tally while editing, nothing while viewing.
enum TallyMode: Equatable, CasePathable {
  case viewing
  case editing(Tally.State)
}

/// The actions of `TallyMode`'s reducer.
enum TallyModeAction: Equatable, CasePathable {
  case editing(Tally.Action)
}

/// A feature whose body combines twelve reducers: binding, scopes, forEach, ifLet, presentation, stack,
/// ifCaseLet, onChange, a dependency override, CombineReducers, and plain `Reduce`s.
struct TwelveReducerScreen: Reducer {
  struct State: Equatable {
    var name = ""
    var renames = 0
    var counter = Tally.State()
    var rows: IdentifiedArrayOf<Tally.State> = []
    var optional: Tally.State?
    @Presents var sheet: Tally.State?
    var path = StackState<Tally.State>()
    var mode = TallyMode.viewing
    var resets = 0
    var stamp = ""
  }

  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case counter(Tally.Action)
    case rows(IdentifiedActionOf<Tally>)
    case optional(Tally.Action)
    case sheet(PresentationAction<Tally.Action>)
    case path(StackActionOf<Tally>)
    case mode(TallyModeAction)
    case resetTapped
    case stampTapped

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.name) { _, _ in
        Reduce { state, _ in
          state.renames += 1
          return .none
        }
      }
    Scope(state: \.counter, action: \.counter) { Tally() }
    Scope(state: \.mode, action: \.mode) {
      EmptyReducer<TallyMode, TallyModeAction>()
        .ifCaseLet(\.editing, action: \.editing) { Tally() }
    }
    Reduce { state, action in
      guard case .resetTapped = action else { return .none }
      state.resets += 1
      state.counter = Tally.State()
      return .none
    }
    .forEach(\.rows, action: \.rows) { Tally() }
    .ifLet(\.optional, action: \.optional) { Tally() }
    .ifLet(\.$sheet, action: \.sheet) { Tally() }
    .forEach(\.path, action: \.path) { Tally() }
    CombineReducers {
      Reduce { state, action in
        guard case .stampTapped = action else { return .none }
        state.stamp = uuid().uuidString
        return .none
      }
      EmptyReducer()
    }
    .dependency(\.uuid, .incrementing)
  }
}
