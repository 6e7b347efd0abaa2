import Composable
import TerminalUI

/// The screen of an enum feature: whichever case its state is shows that case's feature through `FeatureView`,
/// with the feature's actions embedded in the case. `FeatureView` uses it for every `CaseReducer`.
struct CaseFeatureView<Cases: CaseReducer>: TerminalView {
  private func screen(_ state: Cases.State) -> CaseScreen<Cases.Action> {
    Cases.visitCase(of: state, with: CaseScreenVisitor())
  }

  func render(_ state: Cases.State, style: TextStyle) -> String { screen(state).render(style) }

  func commands(for state: Cases.State) -> [TerminalCommand<Cases.Action>] { screen(state).commands() }

  func backAction(for state: Cases.State) -> Cases.Action? { screen(state).backAction() }

  /// The case's name and its feature's screen name: another case, or another screen of it, is another screen.
  func screenID(for state: Cases.State) -> String {
    let screen = screen(state)
    return "\(screen.caseName)(\(screen.screenID()))"
  }

  func appearAction(for state: Cases.State) -> Cases.Action? { screen(state).appearAction() }

  func followAction(for state: Cases.State) -> Cases.Action? { screen(state).followAction() }

  func refusal(in state: Cases.State) -> String? { screen(state).refusal() }

  func fitActions(for room: TerminalSize, in state: Cases.State) -> [Cases.Action] { screen(state).fitActions(room) }

  func interruptedActions(in state: Cases.State) -> [Cases.Action] { screen(state).interruptedActions() }
}

/// One case's feature view bound to the case's state, its actions already embedded in the enum's.
private struct CaseScreen<Action> {
  let caseName: String
  let render: (TextStyle) -> String
  let commands: () -> [TerminalCommand<Action>]
  let backAction: () -> Action?
  let screenID: () -> String
  let appearAction: () -> Action?
  let followAction: () -> Action?
  let refusal: () -> String?
  let fitActions: (TerminalSize) -> [Action]
  let interruptedActions: () -> [Action]
}

private struct CaseScreenVisitor<Action>: CaseVisitor {
  typealias Result = CaseScreen<Action>

  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> CaseScreen<Action> {
    let view = FeatureView(feature)
    return CaseScreen(
      caseName: caseName,
      render: { view.render(state, style: $0) },
      commands: { view.commands(for: state).map { $0.map(embed) } },
      backAction: { view.backAction(for: state).map(embed) },
      screenID: { view.screenID(for: state) },
      appearAction: { view.appearAction(for: state).map(embed) },
      followAction: { view.followAction(for: state).map(embed) },
      refusal: { view.refusal(in: state) },
      fitActions: { view.fitActions(for: $0, in: state).map(embed) },
      interruptedActions: { view.interruptedActions(in: state).map(embed) })
  }
}
