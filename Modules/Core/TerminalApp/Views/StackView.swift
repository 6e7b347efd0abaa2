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
  }

  private func top(_ state: State) -> (id: StackElementID, state: Element.State)? {
    let path = toPath(state)
    guard let id = path.ids.last, let top = path[id: id] else { return nil }
    return (id, top)
  }

  /// The top screen.
  public func render(_ state: State, style: TextStyle) -> String {
    guard let top = top(state) else { return root.render(toRootState(state), style: style) }
    return element.render(top.state, style: style)
  }

  /// The top screen's answer while the same screen is on top (the root's when the stack is empty in both);
  /// true when another screen came on top.
  public func screenChanges(from old: State, to new: State) -> Bool {
    switch (top(old), top(new)) {
    case (nil, nil):
      return root.screenChanges(from: toRootState(old), to: toRootState(new))
    case let (oldTop?, newTop?) where oldTop.id == newTop.id:
      return element.screenChanges(from: oldTop.state, to: newTop.state)
    default:
      return true
    }
  }

  /// The top screen's commands.
  public func commands(for state: State) -> [TerminalCommand<Action>] {
    guard let top = top(state) else { return root.commands(for: toRootState(state)).map { $0.map(embedRoot) } }
    let embed = embedPath
    return element.commands(for: top.state).map { $0.map { embed(.element(id: top.id, action: $0)) } }
  }

  /// Closes what the top screen presents, else pops it; at the root, the root's back.
  public func backAction(for state: State) -> Action? {
    guard let top = top(state) else { return root.backAction(for: toRootState(state)).map(embedRoot) }
    if let inner = element.backAction(for: top.state) { return embedPath(.element(id: top.id, action: inner)) }
    return embedPath(.popFrom(id: top.id))
  }

  /// The top element's id and screen.
  public func screenID(for state: State) -> String {
    guard let top = top(state) else { return "root(\(root.screenID(for: toRootState(state))))" }
    return "\(top.id)(\(element.screenID(for: top.state)))"
  }

  /// The top screen's appear action.
  public func appearAction(for state: State) -> Action? {
    guard let top = top(state) else { return root.appearAction(for: toRootState(state)).map(embedRoot) }
    return element.appearAction(for: top.state).map { embedPath(.element(id: top.id, action: $0)) }
  }

  /// The top screen's follow action.
  public func followAction(for state: State) -> Action? {
    guard let top = top(state) else { return root.followAction(for: toRootState(state)).map(embedRoot) }
    return element.followAction(for: top.state).map { embedPath(.element(id: top.id, action: $0)) }
  }

  /// The top screen's refusal.
  public func refusal(in state: State) -> String? {
    guard let top = top(state) else { return root.refusal(in: toRootState(state)) }
    return element.refusal(in: top.state)
  }

  /// The root's, and the top element's: the root is fitted under the stack, ready when it is popped back to.
  public func fitActions(for room: TerminalSize, in state: State) -> [Action] {
    let rootActions = root.fitActions(for: room, in: toRootState(state)).map(embedRoot)
    guard let top = top(state) else { return rootActions }
    let embed = embedPath
    return rootActions + element.fitActions(for: room, in: top.state).map { embed(.element(id: top.id, action: $0)) }
  }

  /// The root's, and the top element's.
  public func interruptedActions(in state: State) -> [Action] {
    let rootActions = root.interruptedActions(in: toRootState(state)).map(embedRoot)
    guard let top = top(state) else { return rootActions }
    let embed = embedPath
    return rootActions + element.interruptedActions(in: top.state).map { embed(.element(id: top.id, action: $0)) }
  }
}
