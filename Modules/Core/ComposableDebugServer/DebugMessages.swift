import Foundation

/// The debugger's wire format (docs/debugging.md): one JSON object a line each way, every one carrying the version.
public enum DebugProtocol {
  /// The version this build speaks; a request of another is answered with an error naming both.
  public static let version = 1
  /// The longest request line a server reads (an action to send can be large, a state is not sent this way).
  public static let longestRequest = 1 << 20
  /// The longest answer line a client reads: a state dump of a large app.
  public static let longestAnswer = 256 << 20
}

/// What a client asks: a command and its argument, numbered so its answer can be matched.
public struct DebugRequest: Codable, Equatable, Sendable {
  /// The protocol version the client speaks.
  public var v: Int
  /// The client's number for it, repeated in the answer.
  public var id: Int
  /// `timeline`, `since`, `at`, `diff`, `effects`, `alive`, `send`, `skip`, `apply`, `export`, `hello`.
  public var command: String
  /// Its argument: an action number, a filter, an action's JSON.
  public var argument: String?
  /// For `timeline`: how many matching entries, from the newest, earlier pages showed.
  public var from: Int?
  /// For `timeline`: how many entries a page holds.
  public var pageSize: Int?

  /// A request of this protocol's version.
  public init(id: Int, command: String, argument: String? = nil, from: Int? = nil, pageSize: Int? = nil) {
    v = DebugProtocol.version
    self.id = id
    self.command = command
    self.argument = argument
    self.from = from
    self.pageSize = pageSize
  }
}

/// What the app answers: text to show, or one line saying why it could not.
public struct DebugAnswer: Codable, Equatable, Sendable {
  /// The protocol version the app speaks.
  public var v: Int
  /// The request's number (0: the greeting sent on connecting, or an answer to a line that was no request).
  public var id: Int
  /// Whether the request was carried out.
  public var ok: Bool
  /// What to show, when it was.
  public var text: String?
  /// Why not, when it was not.
  public var error: String?
  /// The number of the store's last action when the answer was made: where following goes on from.
  public var last: Int?
  /// For `timeline`: how many matching entries, from the newest, this page and those before it showed.
  public var shown: Int?

  /// An answer that carries `text`.
  public static func text(_ text: String, id: Int, last: Int?, shown: Int? = nil) -> DebugAnswer {
    DebugAnswer(v: DebugProtocol.version, id: id, ok: true, text: text, error: nil, last: last, shown: shown)
  }

  /// An answer that refuses, saying why.
  public static func refusal(_ error: String, id: Int, last: Int? = nil) -> DebugAnswer {
    DebugAnswer(v: DebugProtocol.version, id: id, ok: false, text: nil, error: error, last: last, shown: nil)
  }
}

extension Encodable {
  /// This value as one JSON line, newline included: the framing both ends of the socket use.
  package func jsonLine() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}

/// An answer made on the main actor, or the work that makes it, done on the client's thread instead: dumping or
/// comparing a large state there leaves the app's main actor free.
public enum DebugReply: Sendable {
  /// The answer, made.
  case answer(DebugAnswer)
  /// Makes the answer away from the main actor.
  case later(@Sendable () -> DebugAnswer)
}
