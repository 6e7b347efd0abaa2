import Composable
import ComposableDebugServer
import ComposableDebugger
import DebuggerKit
import Foundation
import Testing

/// A counter with a note and no effects: two stores sent the same actions hold the same timeline but for its times.
private struct Tally: Reducer {
  struct State: Equatable, Codable {
    var count = 0
    var notes: [String] = []
  }
  enum Action: Equatable, Codable {
    case increment
    case note(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case let .note(text): state.notes.append("\(text) at \(state.count)")
    }
    return .none
  }
}

/// A reply as either side prints it: the text, or "error: " and why.
private func printed(_ reply: StoreDebugger<Tally.State, Tally.Action>.Reply) -> String {
  switch reply {
  case let .text(text): text
  case let .error(message): "error: " + message
  case let .later(make): make()
  case .quit: "(quit)"
  case let .follow(count): "(follow \(count.map(String.init) ?? "on"))"
  }
}

/// A console outcome as the client prints it.
private func printed(_ outcome: DebuggerConsole.Outcome) -> String {
  switch outcome {
  case let .text(text): text
  case let .error(message): "error: " + message
  case .quit: "(quit)"
  case let .follow(count): "(follow \(count.map(String.init) ?? "on"))"
  }
}

/// A client's console, used by one detached task at a time (its socket blocks, so never on the main actor, which
/// must be free to answer).
private final class AttachedConsole: @unchecked Sendable {
  let console: DebuggerConsole

  init(_ console: DebuggerConsole) { self.console = console }

  /// What the client prints for `line`.
  func said(_ line: String) async -> String {
    await Task.detached { printed(self.console.run(line)) }.value
  }
}

/// A client asked for the rows a follower is sent, off the main actor as `AttachedConsole` is.
private final class FollowingClient: @unchecked Sendable {
  let client: DebugClient

  init(_ client: DebugClient) { self.client = client }

  /// The rows after action `sequence`, as `:follow` asks for them.
  func rows(after sequence: Int) async throws -> String {
    try await Task.detached { try self.client.ask("since", String(sequence)).text ?? "" }.value
  }
}

/// The words with what differs between two stores sent the same actions taken out: clock times and file names.
private func comparable(_ text: String, folder: URL) -> String {
  text.replacingOccurrences(of: #"\d\d:\d\d:\d\d\.\d\d\d"#, with: "TIME", options: .regularExpression)
    .replacingOccurrences(of: folder.path + "/", with: "")
    .replacingOccurrences(of: #"(in-app|attached)\.jsonl"#, with: "FILE", options: .regularExpression)
}

/// Every debugger command, typed at an app's own prompt and through a client attached from another terminal: one
/// interpreter answers both, so the words are the same but where a side shows the past its own way.
@Suite struct EveryCommandOnBothSidesTests {
  @Test func eachCommandSaysTheSameOnBothSides() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("both-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (inAppStore, inApp, served, server) = try await MainActor.run {
      let inAppStore = Store(initialState: Tally.State(), reducer: Tally())
      inAppStore.recordTimeline()
      let servedStore = Store(initialState: Tally.State(), reducer: Tally())
      let server = try servedStore.serveDebugger(name: "tally", in: folder)
      for store in [inAppStore, servedStore] {
        for action in [Tally.Action.increment, .note("hi"), .increment, .increment] { store.send(action) }
      }
      return (inAppStore, StoreDebugger(store: inAppStore, side: .inApp)!, servedStore, server)
    }
    // The debugger keeps no store alive: the app (here, the test) does.
    defer { withExtendedLifetime(inAppStore) { server.stop() } }
    let client = try DebugClient(socketPath: server.socketURL!.path)
    defer { client.close() }
    let attached = AttachedConsole(DebuggerConsole(client: client, pageSize: 2))

    // The same lines on both sides, in order: listings page on, the past is looked at and stepped through, sends
    // and applies change each store the same way.
    let lines = [
      ":timeline", ":more", ":more", ":more", ":timeline note", ":timeline nothing-like-this", "timeline",
      ":diff", ":diff 2", ":diff x", ":diff 99", ":effects", ":alive",
      ":filter", ":filter deny note", ":timeline", ":filter allow inc*", ":filter nope", ":filter clear",
      ":find 1", ":find count=", ":find", ":find nothing-like-this", ":slow on", ":slow off", ":slow x",
      ":send {\"increment\":{}}", ":send {\"time\":1,\"action\":{\"note\":{\"_0\":\"sent\"}}}", ":send {\"nope\":{}}",
      ":send note(\"printed\")", ":send nope(1)",
      ":send", ":skip 1", ":skip", ":apply 1", ":apply 99", ":export @.jsonl", ":export",
      ":next", ":resume", ":frobnicate", ":", ":follow x", ":at", ":at 0", ":at 99", ":timeline",
    ]
    for line in lines {
      let path = folder.path + "/"
      let appSaid = await MainActor.run {
        printed(inApp.run(line.replacingOccurrences(of: "@", with: path + "in-app"), pageSize: 2))
      }
      let clientSaid = await attached.said(line.replacingOccurrences(of: "@", with: path + "attached"))
      #expect(comparable(appSaid, folder: folder) == comparable(clientSaid, folder: folder), "\(line)")
    }
    #expect(await MainActor.run { inApp.timeline.lastSequence } == 7)
    #expect(await MainActor.run { served.currentState.notes.last } == "printed at 3", "applied without #1")

    // Where the sides differ on purpose: the app draws the past as its screens, a client prints the state; only an
    // attached client follows or detaches; each side's help lists what it takes.
    #expect(await MainActor.run { printed(inApp.run(":at 2", pageSize: 2)) } == "")
    let dumped = await attached.said(":at 2")
    #expect(dumped.hasPrefix("#2 note(\"hi\") (command), the state after it:"))
    #expect(await MainActor.run { printed(inApp.run(":next", pageSize: 2)) } == "")
    #expect(await attached.said(":next").hasPrefix("#3 increment (command)"))
    #expect(await MainActor.run { printed(inApp.run(":follow 2", pageSize: 2)) }.hasPrefix("error: ':follow' is"))
    #expect(await attached.said(":follow 2") == "(follow 2)")
    #expect(await MainActor.run { printed(inApp.run(":quit", pageSize: 2)) }.hasPrefix("error: ':quit' detaches"))
    #expect(await attached.said(":quit") == "(quit)")
    #expect(await MainActor.run { printed(inApp.run(":help", pageSize: 2)) } == DebuggerCommand.help(for: .inApp))
    #expect(await attached.said(":help") == DebuggerCommand.help(for: .attached))

    // What a client's filter hides, following does not send it: the rows after #0 leave out the notes.
    #expect(await attached.said(":filter deny note").hasSuffix("deny: 'note'"))
    let following = FollowingClient(client)
    let followed = try await following.rows(after: 0)
    #expect(followed.split(separator: "\n").count == 4, "\(followed)")
    #expect(followed.contains("increment") && !followed.contains("note("), "\(followed)")

    // Both exports hold the same actions.
    let exported = try [folder.appendingPathComponent("in-app.jsonl"), folder.appendingPathComponent("attached.jsonl")]
      .map { url in
        try String(contentsOf: url, encoding: .utf8)
          .replacingOccurrences(of: #""time":[0-9.e+-]+"#, with: "\"time\":T", options: .regularExpression)
      }
    #expect(exported[0] == exported[1])
    #expect(exported[0].split(separator: "\n").count == 8)
  }
}
