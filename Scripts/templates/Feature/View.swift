import Composable
import FeatureNameInterface
import TerminalApp
import TerminalUI
// scaffold: presents
import ChildNameInterface
// scaffold: end

/// FeatureName as text, and the commands it accepts.
public struct FeatureNameView: TextScreenView {
  /// The state it shows.
  public typealias State = FeatureName.State
  /// The actions its commands send.
  public typealias Action = FeatureName.Action

  /// A view of FeatureName.
  public init() {}

  /// The count: what the text reads of `state` is what the screen shows and follows.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    [style.bold("FeatureName"), "  count: \(state.count)"].joined(separator: "\n")
  }

  /// The commands that step the count or finish.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    [
      .simple("increment", help: "Add one.", action: .incrementTapped),
      .simple("decrement", help: "Take one away.", action: .decrementTapped),
      // scaffold: presents
      .simple("open", help: "Open ChildName.", action: .openChildNameTapped),
      // scaffold: end
      .simple("done", help: "Finish and tell the parent.", action: .doneTapped),
    ]
  }
}

extension FeatureName: LinkedFeatureView {
  /// FeatureName's whole screen, with what it presents, as `FeatureView(FeatureName.self)` shows it wherever this
  /// module is linked.
  public static func view() -> some TerminalView<State, Action> {
    FeatureNameView()
      // scaffold: presents
      .presenting(\.$childName, action: \.childName, FeatureView(ChildName.self))
    // scaffold: end
  }
}
