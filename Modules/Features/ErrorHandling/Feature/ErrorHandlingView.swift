import Composable
import ErrorHandlingInterface
import TerminalApp
import TerminalUI

/// The error as text: what happened, why, what to try; `retry` (when it can help) and `dismiss`.
public struct ErrorHandlingView: TextScreenView {
  /// The state it shows.
  public typealias State = ErrorHandling.State
  /// The actions its commands send.
  public typealias Action = ErrorHandling.Action

  /// A view of the error screen.
  public init() {}

  /// `back` dismisses the error, as its own command does.
  public func backAction(_ state: RenderedState<State>) -> Action? { .dismissTapped }

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    let report = state.report
    var lines = [
      style.red(style.bold(TerminalText.escaped(report.title))),
      "  Why:    \(TerminalText.escaped(report.reason))",
      "  Try:    \(TerminalText.escaped(report.suggestion))",
    ]
    lines.append(style.dim(report.canRetry ? "Type 'retry' to try again, or 'dismiss'." : "Type 'dismiss'."))
    return lines.joined(separator: "\n")
  }

  /// Retry (when the report allows it) or dismiss.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    (state.report.canRetry ? [.simple("retry", help: "Try the failed request again.", action: .retryTapped)] : [])
      + [.simple("dismiss", help: "Close this message.", action: .dismissTapped)]
  }

}

extension ErrorHandling: LinkedFeatureView {
  /// The error screen, as `FeatureView(ErrorHandling.self)` shows it.
  public static func view() -> ErrorHandlingView { ErrorHandlingView() }
}
