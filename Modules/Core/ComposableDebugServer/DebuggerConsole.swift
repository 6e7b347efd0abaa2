import Foundation

/// The attached debugger's commands, as `composable-debugger` reads them: the in-app debugger's, plus following
/// live, sending, skipping and exporting.
public final class DebuggerConsole {
  private let client: DebugClient
  /// The last `:timeline` listing, so `:more` goes on with older entries.
  private var listing: (filter: String, shown: Int)?
  /// The action last shown with `:at`, for `:next`, `:prev` and `:diff` with no number.
  private var viewing: Int?
  /// How many entries a listing shows.
  private let pageSize: Int

  /// A console asking `client`, listing `pageSize` actions a page.
  public init(client: DebugClient, pageSize: Int = 20) {
    self.client = client
    self.pageSize = pageSize
  }

  /// The commands, as `:help` lists them.
  public static let help = """
    :timeline [text]  List the last actions, newest last (only those whose path or sender has the text).
    :more             Go on with older actions of the last listing.
    :follow [N]       Print actions as they happen (until N arrived, or until you press Enter).
    :at N             Show the state after action N (:next, :prev step).
    :diff [N]         Show what action N changed, shared values included.
    :effects          List the effects running now.
    :alive            Count what is alive under the store.
    :send JSON        Send an action, written as a recording writes it ({"task":{}}).
    :skip N           Show how the state now would differ without action N (the app is untouched).
    :apply N          Make the state without action N the live state (state only: never shared values).
    :export FILE      Write the kept actions as a recording: '--replay FILE --step' opens it anywhere.
    :resume           Stop looking at the past (the app itself always stays live).
    :quit             Detach.
    """

  /// What a line did: text to print, an error, or the end of the session.
  public enum Outcome: Equatable {
    /// Print this.
    case text(String)
    /// Print this as an error.
    case error(String)
    /// Detach.
    case quit
  }

  /// Runs one command line (the leading `:` may be left out). `:follow` is `follow(count:shouldStop:print:)`.
  public func run(_ line: String) -> Outcome {
    var text = line.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix(":") { text.removeFirst() }
    let command = String(text.prefix { $0 != " " })
    let argument = text.dropFirst(command.count).trimmingCharacters(in: .whitespaces)
    do {
      switch command {
      case "": return .text("")
      case "help": return .text(Self.help)
      case "quit", "exit": return .quit
      case "timeline": return try list(filter: argument, from: 0)
      case "more":
        guard let listing else { return .error("Nothing to go on with: ':timeline' lists the last actions first.") }
        return try list(filter: listing.filter, from: listing.shown)
      case "at": return try show(argument)
      case "next", "prev":
        guard let viewing else { return .error("You are not looking at the past: ':at N' goes to action N first.") }
        return try show(String(viewing + (command == "next" ? 1 : -1)))
      case "resume":
        defer { viewing = nil }
        return .text(viewing == nil ? "Already live." : "Back to the live app.")
      case "diff": return try answer(client.ask("diff", argument.isEmpty ? viewing.map(String.init) : argument))
      case "effects", "alive", "send", "skip", "apply": return try answer(client.ask(command, argument))
      case "export": return try export(to: argument)
      case "follow":
        return .error("':follow' is run by follow(count:shouldStop:print:).")
      default: return .error("Unknown command ':\(command)'; ':help' lists them.")
      }
    } catch {
      return .error(error.message)
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

  private func list(filter: String, from start: Int) throws(DebugSocketError) -> Outcome {
    let answer = try client.ask("timeline", filter, from: start, pageSize: pageSize)
    listing = answer.shown.map { (filter, $0) }
    return self.answer(answer)
  }

  private func show(_ argument: String) throws(DebugSocketError) -> Outcome {
    let answer = try client.ask("at", argument)
    if answer.ok, let number = Int(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument) {
      viewing = number
    }
    return self.answer(answer)
  }

  private func export(to path: String) throws(DebugSocketError) -> Outcome {
    guard !path.isEmpty else { return .error("':export' takes a file to write, such as ':export session.jsonl'.") }
    let answer = try client.ask("export")
    guard answer.ok, let recording = answer.text else { return self.answer(answer) }
    let url = URL(fileURLWithPath: path)
    do {
      try Data(recording.utf8).write(to: url, options: .atomic)
    } catch {
      return .error("cannot write \(path): \(error.localizedDescription)")
    }
    let actions = recording.split(separator: "\n").count - 1
    return .text("Wrote \(actions) action\(actions == 1 ? "" : "s") to \(path): '--replay \(path) --step' opens it.")
  }

  private func answer(_ answer: DebugAnswer) -> Outcome {
    answer.ok ? .text(answer.text ?? "") : .error(answer.error ?? "The app refused without saying why.")
  }
}
