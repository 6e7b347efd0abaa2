import Composable
import FeatureNameInterface
import TerminalApp
import TerminalUI
// scaffold: presents
import ChildNameInterface
// scaffold: end

/// FeatureName as text, and the commands it accepts.
public struct FeatureNameView: FieldObservingView {
  /// A view of FeatureName.
  public init() {}

  /// The screen for `state`.
  public func render(_ state: RenderedState<FeatureName.State>, style: TextStyle) -> String {
    [style.bold("FeatureName"), "  count: \(state.count)"].joined(separator: "\n")
  }

  /// Step the count, or finish.
  public func commands(for state: FeatureName.State) -> [TerminalCommand<FeatureName.Action>] {
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
