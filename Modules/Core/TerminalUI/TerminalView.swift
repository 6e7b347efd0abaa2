import Composable

/// How a feature appears in the terminal: for a store, its screen (the text, the commands it accepts, what it sends
/// over its life), read through the store as a SwiftUI view's body reads `store.field`.
///
/// A view answers one question, as a SwiftUI view has one `body`: a live session asks it for the screen of its
/// store inside `withObservationTracking`, and draws again when Observation says that something the screen read
/// changed (a field, a child's presence, a stack's or a list's ids, a `@Shared` value): the one path a SwiftUI
/// view takes. Each feature's Implementation module provides one; the shell composes them and never needs to know
/// a feature's internals.
public protocol TerminalView<State, Action> {
  /// The feature's state.
  associatedtype State
  /// The feature's actions.
  associatedtype Action

  /// The screen of the state `store` holds, read through `store` (and stores scoped from it), so that Observation
  /// knows what it depends on: a view that reads `store.state` whole is drawn again for any change of it.
  @MainActor func screen(of store: Store<State, Action>, in context: ScreenContext) -> TerminalScreen<State, Action>
}

extension TerminalView {
  /// The screen of `state` in `context`, for a state no session's store holds (a test, the debugger's past, a
  /// screen read without being observed): the value in a store of its own, which nothing sends to, so a view has
  /// one path.
  @MainActor public func screen(for state: State, in context: ScreenContext) -> TerminalScreen<State, Action> {
    screen(of: Store(initialState: state, reducer: EmptyReducer()), in: context)
  }
}

// Single questions, each answered from the whole screen of a state: for tests and tools that ask one thing once.
@MainActor extension TerminalView {
  /// The screen's text for `state`, styled with `style`.
  public func render(_ state: State, style: TextStyle) -> String {
    screen(for: state, in: ScreenContext(style: style)).text
  }

  /// The commands the screen accepts in `state`.
  public func commands(for state: State) -> [TerminalCommand<Action>] { screen(for: state, in: .plain).commands }

  /// What the global `back` command sends in `state`, or nil when there is nothing to close.
  public func backAction(for state: State) -> Action? { screen(for: state, in: .plain).backAction }

  /// The name of the screen `state` shows.
  public func screenID(for state: State) -> String { screen(for: state, in: .plain).id }

  /// What the screen sends when it comes to the front in `state`.
  public func appearAction(for state: State) -> Action? { screen(for: state, in: .plain).appearAction }

  /// What the screen follows while it shows in `state`.
  public func followAction(for state: State) -> Action? { screen(for: state, in: .plain).followAction }

  /// Why the command just sent was refused, as `state` after it shows, or nil.
  public func refusal(in state: State) -> String? { screen(for: state, in: .plain).refusal }

  /// What the screen sends when it gets `room` to draw in.
  public func fitActions(for room: TerminalSize, in state: State) -> [Action] {
    screen(for: state, in: ScreenContext(room: room)).fitActions
  }

  /// What the screen sends after Ctrl-C cancelled the work in progress.
  public func interruptedActions(in state: State) -> [Action] { screen(for: state, in: .plain).interruptedActions }

  /// Whether a parent presenting this screen shows its own screen above it in `state`.
  public func showsScreenBelow(for state: State) -> Bool { screen(for: state, in: .plain).showsScreenBelow }

  /// Parses a typed line against the screen's commands in `state`: an action, or a one-line error.
  public func action(for line: String, in state: State) -> Result<Action, CommandError> {
    screen(for: state, in: .plain).action(for: line)
  }

  /// What Tab offers for the word being typed in `state`.
  public func completions(before words: [String], in state: State) -> [String] {
    screen(for: state, in: .plain).completionCandidates(before: words).map(\.value)
  }

  /// What Tab offers for the word being typed in `state`, with the notes a listing of them shows.
  public func completionCandidates(before words: [String], in state: State) -> [CompletionCandidate] {
    screen(for: state, in: .plain).completionCandidates(before: words)
  }

  /// One line per command of the screen in `state`: usage, padded, then help.
  public func help(for state: State) -> String { screen(for: state, in: .plain).help }
}
