import Composable
import TerminalUI

/// A navigation stack as text: the top element's screen, or the root's when the stack is empty.
///
/// Commands go to the screen on top; `back` pops it. Mirrors the reducer's
/// `.forEach(\.path, action: \.path)` next to a scoped root.
public struct StackView<State, Action: CasePathable, Root: TerminalView, Element: TerminalView>: TerminalView {
  let root: Root
  let toRootState: (State) -> Root.State
  let embedRoot: (Root.Action) -> Action
  let element: Element
  let toPath: (State) -> StackState<Element.State>
  let embedPath: (StackAction<Element.State, Element.Action>) -> Action
  let scopeRoot: @MainActor (Store<State, Action>) -> Store<Root.State, Root.Action>
  let scopePath:
    @MainActor (Store<State, Action>) -> [(id: StackElementID, store: Store<Element.State, Element.Action>)]

  /// A stack whose root is `root` at `\.rootState`/`\.rootAction` and whose elements, at `\.path`, show as `element`.
  public init(
    state: KeyPath<State, Root.State>, action: CaseKeyPath<Action, Root.Action>, root: Root,
    path: KeyPath<State, StackState<Element.State>>,
    pathAction: CaseKeyPath<Action, StackAction<Element.State, Element.Action>>,
    element: Element
  ) {
    self.root = root
    toRootState = { $0[keyPath: state] }
    embedRoot = Action.casePath(action).embed
    self.element = element
    toPath = { $0[keyPath: path] }
    embedPath = Action.casePath(pathAction).embed
    // Key paths of stored properties and of cases hold nothing mutable: the store scopes with them on the main actor.
    nonisolated(unsafe) let (state, action, path, pathAction) = (state, action, path, pathAction)
    scopeRoot = { $0.scope(state: state, action: action) }
    scopePath = { $0.scope(state: path, action: pathAction) }
  }

  /// The top screen: the top element's, with its actions sent to that element (`back` closes what it presents,
  /// else pops it), or the root's when the stack is empty. The root is fitted, and told of Ctrl-C, under the
  /// stack, ready when it is popped back to.
  ///
  /// Read through `store`: the stack's ids, then the top element's screen through its store; the root and the
  /// screens under the top are read from a snapshot, not observed, so a change under the top draws nothing.
  @MainActor public func screen(of store: Store<State, Action>, in context: ScreenContext) -> TerminalScreen<
    State, Action
  > {
    guard let top = scopePath(store).last else { return rootScreen(root.screen(of: scopeRoot(store), in: context)) }
    let state = store.currentState
    return stacked(
      element.screen(of: top.store, in: context), id: top.id,
      over: rootScreen(root.screen(for: toRootState(state), in: context)), state: state, context: context)
  }

  private func rootScreen(_ screen: TerminalScreen<Root.State, Root.Action>) -> TerminalScreen<State, Action> {
    screen.embedded(action: embedRoot).renamed { "root(\($0))" }
  }

  @MainActor private func stacked(
    _ element: TerminalScreen<Element.State, Element.Action>, id: StackElementID,
    over rootScreen: TerminalScreen<State, Action>, state: State, context: ScreenContext
  ) -> TerminalScreen<State, Action> {
    let embedPath = embedPath
    var screen: TerminalScreen<State, Action> = element.embedded(action: { embedPath(.element(id: id, action: $0)) })
    if element.backAction == nil { screen.backAction = embedPath(.popFrom(id: id)) }
    let named = element.renamed { "\(id)(\($0))" }
    screen.id = named.id
    screen.screensBelow =
      rootScreen.screensBelow + [rootScreen.id] + screensPushedBelow(top: id, in: state, context) + named.screensBelow
    screen.showsScreenBelow = false
    screen.fitActions = rootScreen.fitActions + screen.fitActions
    screen.interruptedActions = rootScreen.interruptedActions + screen.interruptedActions
    return screen
  }

  /// The ids of the screens pushed under the top one, bottom first, as each reads when it is on top.
  @MainActor private func screensPushedBelow(top: StackElementID, in state: State, _ context: ScreenContext) -> [String]
  {
    let path = toPath(state)
    return path.ids.filter { $0 != top }.flatMap { id -> [String] in
      guard let elementState = path[id: id] else { return [] }
      let named = element.screen(for: elementState, in: context).renamed { "\(id)(\($0))" }
      return named.screensBelow + [named.id]
    }
  }
}
