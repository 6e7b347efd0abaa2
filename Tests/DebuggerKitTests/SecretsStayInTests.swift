import Composable
import ComposableDebugServer
import ComposableDebugger
import DebuggerKit
import Foundation
import Testing
import ValueDump

/// A sign-in form: the password is the app's to read and no tool's to show.
private struct SignIn: Reducer {
  struct State: Equatable, Codable {
    var user = ""
    @Secret var password = ""
    var attempts = 0
  }
  enum Action: Equatable, Codable {
    case userTyped(String)
    case passwordTyped(Secret<String>)
    case submitTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .userTyped(user): state.user = user
    case let .passwordTyped(password): state.password = password.wrappedValue
    case .submitTapped: state.attempts += state.password.isEmpty ? 0 : 1
    }
    return .none
  }
}

/// The password typed, which no byte of anything the tools write may hold.
private let password = "hunter2-s3cr3t"

/// A client asking over the socket, off the main actor (its socket blocks).
private final class Asking: @unchecked Sendable {
  let client: DebugClient

  init(_ client: DebugClient) { self.client = client }

  /// The text (or the refusal) the app answers `command`.
  func answer(_ command: String, _ argument: String? = nil) async throws -> String {
    try await Task.detached {
      let answer = try self.client.ask(command, argument, pageSize: 20)
      return (answer.text ?? "") + (answer.error ?? "")
    }.value
  }
}

/// A field or an action's payload marked `Secret` is shown masked by every tool, and leaves through no socket and
/// no file.
@Suite struct SecretsStayInTests {
  @Test func noByteOfAPasswordLeavesThroughTheSocketOrAFileWhateverTheClientAsks() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = folder.appendingPathComponent("recorded.jsonl")
    let (store, server) = try await MainActor.run {
      let store = Store(initialState: SignIn.State(), reducer: SignIn().record(to: .file(recorded)))
      let server = try store.serveDebugger(name: "sign-in", in: folder.appendingPathComponent("sockets"))
      for action: SignIn.Action in [.userTyped("ada"), .passwordTyped(Secret(password)), .submitTapped] {
        store.send(action)
      }
      return (store, server)
    }
    defer { withExtendedLifetime(store) { server.stop() } }
    // The app itself reads the password.
    #expect(await MainActor.run { store.currentState.password } == password)
    #expect(await MainActor.run { store.currentState.attempts } == 1)

    let client = try DebugClient(socketPath: server.socketURL!.path)
    defer { client.close() }
    let asking = Asking(client)
    let exported = folder.appendingPathComponent("exported.jsonl").path
    var said: [String] = []
    for line in [
      ":timeline", ":at 2", ":at 3", ":diff 2", ":diff 3", ":find hunter", ":find password=", ":find cr3t",
      ":skip 2", ":alive", ":export \(exported)",
    ] {
      said.append(try await asking.answer("run", line))
    }
    said.append(try await asking.answer("since", "0"))
    said.append(try await asking.answer("export"))
    // What the client was told is masked where the password would be.
    #expect(said[0].contains("passwordTyped(Secret(••••))"), "\(said[0])")
    #expect(said[1].contains("password: Secret(••••)"), "\(said[1])")
    #expect(said[5] == "Nothing in the state after #3 matches 'hunter'.", "\(said[5])")
    #expect(said[6].contains("password  Secret(••••)"), "\(said[6])")
    // No answer holds any part of it the client did not type itself.
    for (index, text) in said.enumerated() {
      #expect(!text.contains("hunter2") && !text.contains("s3cr3t"), "answer \(index): \(text)")
    }
    // Nor does a file the tools write: the export, the app's own recording.
    for url in [URL(fileURLWithPath: exported), recorded] {
      let bytes = try Data(contentsOf: url)
      #expect(!bytes.isEmpty, "\(url.lastPathComponent)")
      #expect(bytes.range(of: Data("hunter2".utf8)) == nil, "\(url.lastPathComponent)")
      #expect(String(decoding: bytes, as: UTF8.self).contains(#"{"secret":"masked"}"#), "\(url.lastPathComponent)")
    }
  }

  @Test func theAppsOwnPersistenceKeepsTheValueAndAMaskedOneIsRefusedNotStoodInFor() throws {
    var state = SignIn.State()
    state.password = password
    // Written by the app (a file key, a database): the value itself, read back whole.
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(SignIn.State.self, from: data) == state)
    // Every printing is masked: a dump, a line, a description, Swift's own reflection.
    #expect(valueDump(state).contains("password: Secret(••••)"))
    #expect(actionPath(SignIn.Action.passwordTyped(Secret(password))) == "passwordTyped(Secret(••••))")
    #expect("\(Secret(password))" == "Secret(••••)")
    var dumped = ""
    dump(Secret(password), to: &dumped)
    #expect(!dumped.contains("hunter2"), "\(dumped)")
    // Masked, it does not decode: a replay says so rather than typing the mask as a password.
    let masking = JSONEncoder()
    masking.userInfo[.masksSecrets] = true
    let masked = try masking.encode(state)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SignIn.State.self, from: masked) }
  }
}
