import ComposableDebugServer
import ComposableDebugger
import Foundation

/// The attached debugger's commands, as `composable-debugger` reads them: parsed and helped as the app's own prompt
/// does (`DebuggerCommand`), and answered by the app's `StoreDebugger` for this connection; only following live,
/// writing an export's file and detaching happen on this side.
public final class DebuggerConsole {
  private let client: DebugClient
  /// How many entries a listing shows.
  private let pageSize: Int

  /// A console asking `client`, listing `pageSize` actions a page.
  public init(client: DebugClient, pageSize: Int = 20) {
    self.client = client
    self.pageSize = pageSize
  }

  /// The commands, as `:help` lists them.
  public static var help: String { DebuggerCommand.help(for: .attached) }

  /// What a line did: text to print, an error, following to start, or the end of the session.
  public enum Outcome: Equatable {
    /// Print this.
    case text(String)
    /// Print this as an error.
    case error(String)
    /// Follow the app's actions (`follow(count:interval:announcement:shouldStop:print:)`), until `count` arrived.
    case follow(count: Int?)
    /// Detach.
    case quit
  }

  /// Runs one command line (the leading `:` may be left out).
  public func run(_ line: String) -> Outcome {
    guard !line.allSatisfy(\.isWhitespace) else { return .text("") }
    switch DebuggerCommand.parse(line) {
    case let .failure(error): return .error(error.message)
    case .success(.help): return .text(Self.help)
    case .success(.quit): return .quit
    case let .success(.follow(count)): return .follow(count: count)
    case let .success(.export(path)): return export(to: path)
    case .success:
      do {
        return answer(try client.ask("run", line, pageSize: pageSize))
      } catch {
        return .error(error.message)
      }
    }
  }

  /// Prints each new action as the app reduces it, until `count` arrived (when given), `shouldStop` says so, or
  /// the app goes away; polls every `interval`. `announcement` is printed once following has begun: an action the
  /// app reduces after it is printed. Returns how many arrived, or why following stopped.
  public func follow(
    count: Int?, interval: Duration = .milliseconds(150), announcement: String? = nil, shouldStop: () -> Bool,
    print: (String) -> Void
  ) -> Result<Int, DebugSocketError> {
    var last = client.greeting.last ?? 0
    do {
      last = try client.ask("since", String(Int.max)).last ?? last
      // Only now: said before the app told where its timeline ends, a user's next action could fall before it.
      if let announcement { print(announcement) }
      var arrived = 0
      while !shouldStop() {
        let answer = try client.ask("since", String(last))
        if let rows = answer.text, !rows.isEmpty {
          print(rows)
          arrived += rows.split(separator: "\n").filter { $0.hasPrefix("#") }.count
        }
        last = answer.last ?? last
        if let count, arrived >= count { return .success(arrived) }
        Thread.sleep(
          forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
      }
      return .success(arrived)
    } catch {
      return .failure(error)
    }
  }

  /// Asks the app for its recording and writes it here, with the words the app's own `:export` says.
  private func export(to path: String) -> Outcome {
    do {
      let answer = try client.ask("export")
      guard answer.ok, let recording = answer.text else { return self.answer(answer) }
      switch RecordingExport.write(recording, to: path) {
      case let .success(text): return .text(text)
      case let .failure(error): return .error(error.message)
      }
    } catch {
      return .error(error.message)
    }
  }

  private func answer(_ answer: DebugAnswer) -> Outcome {
    answer.ok ? .text(answer.text ?? "") : .error(answer.error ?? "The app refused without saying why.")
  }
}
