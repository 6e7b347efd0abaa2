import Composable
import ErrorHandlingInterface
import TerminalApp
import TerminalUI

/// The error as text: what happened, why, what to try; `retry` (when it can help) and `dismiss`.
public struct ErrorHandlingView: FieldObservingView {
  /// A view of the error screen.
  public init() {}

  /// The screen for `state`.
  public func render(_ state: RenderedState<ErrorHandling.State>, style: TextStyle) -> String {
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
  public func commands(for state: ErrorHandling.State) -> [TerminalCommand<ErrorHandling.Action>] {
    (state.report.canRetry ? [.simple("retry", help: "Try the failed request again.", action: .retryTapped)] : [])
      + [.simple("dismiss", help: "Close this message.", action: .dismissTapped)]
  }

  /// `back` dismisses, like the command.
  public func backAction(for state: ErrorHandling.State) -> ErrorHandling.Action? { .dismissTapped }
}

extension ErrorHandling: LinkedFeatureView {
  /// The error screen, as `FeatureView(ErrorHandling.self)` shows it.
  public static func view() -> ErrorHandlingView { ErrorHandlingView() }
}
