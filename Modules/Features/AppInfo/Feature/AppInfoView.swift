import AppInfoClientInterface
import AppInfoInterface
import Composable
import TerminalApp
import TerminalUI

/// The about screen as text: the environment report, and where the saved report went.
public struct AppInfoView: TextScreenView {
  /// The state it shows.
  public typealias State = AppInfo.State
  /// The actions its commands send.
  public typealias Action = AppInfo.Action

  /// A view of the about screen.
  public init() {}

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    var lines = [style.bold("About")]
    if let environment = state.environment {
      lines += environment.report.split(separator: "\n").map { "  " + $0 }
    } else {
      lines.append(style.dim(state.isLoading ? "Reading…" : "Not read yet."))
    }
    if state.isSaving { lines.append(style.dim("Writing the report…")) }
    if let path = state.savedReportPath { lines.append("Report written to \(path)") }
    return lines.joined(separator: "\n")
  }

  /// Write the report, or leave.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    (state.environment == nil
      ? []
      : [.simple("report", help: "Write this report to a file for a bug report.", action: .saveReportTapped)])
      + [.simple("done", help: "Leave this screen.", action: .doneTapped)]
  }
}

extension AppInfo: LinkedFeatureView {
  /// The about screen, as `FeatureView(AppInfo.self)` shows it: it reads the environment each time it is opened.
  public static func view() -> some TerminalView<State, Action> {
    AppInfoView().onAppear { $0.environment == nil && !$0.isLoading ? .task : nil }
  }
}
