import ComposableDebugServer
import Foundation

/// A connection to an app's debugger: asks, and waits for the answer.
public final class DebugClient {
  /// What the app said on connecting.
  public let greeting: DebugAnswer
  private let socket: DebugSocket
  private let reader: SocketLineReader
  private var nextID = 1

  /// Connects to the app serving at `path` and reads its greeting.
  public init(socketPath path: String) throws(DebugSocketError) {
    socket = try DebugSocket.connect(to: path)
    reader = SocketLineReader(socket, longest: DebugProtocol.longestAnswer)
    let greeting = try Self.read(reader, path: path)
    guard greeting.ok else { throw DebugSocketError(greeting.error ?? "the app refused the connection") }
    self.greeting = greeting
  }

  /// Connects to the app serving on the loopback `port`, giving it `token` first, and reads its greeting.
  public init(loopbackPort port: UInt16, token: String) throws(DebugSocketError) {
    socket = try DebugSocket.connect(loopbackPort: port)
    reader = SocketLineReader(socket, longest: DebugProtocol.longestAnswer)
    socket.write(DebugRequest(id: 0, command: "hello", argument: token).jsonLine())
    let greeting = try Self.read(reader, path: "127.0.0.1:\(port)")
    guard greeting.ok else { throw DebugSocketError(greeting.error ?? "the app refused the connection") }
    self.greeting = greeting
  }

  /// Closes the connection.
  public func close() { socket.close() }

  /// Asks `command` with `argument`, and returns the answer.
  public func ask(_ command: String, _ argument: String? = nil, from: Int? = nil, pageSize: Int? = nil)
    throws(DebugSocketError) -> DebugAnswer
  {
    let request = DebugRequest(id: nextID, command: command, argument: argument, from: from, pageSize: pageSize)
    nextID += 1
    guard socket.write(request.jsonLine()) else { throw DebugSocketError("the app closed the connection") }
    return try Self.read(reader, path: nil)
  }

  private static func read(_ reader: SocketLineReader, path: String?) throws(DebugSocketError) -> DebugAnswer {
    switch reader.next() {
    case .end: throw DebugSocketError("the app closed the connection")
    case .tooLong: throw DebugSocketError("the app's answer is longer than \(DebugProtocol.longestAnswer) bytes")
    case let .line(line):
      guard let answer = try? JSONDecoder().decode(DebugAnswer.self, from: Data(line.utf8)) else {
        throw DebugSocketError("\(path ?? "the app") does not speak the debugger's protocol")
      }
      guard answer.v == DebugProtocol.version else {
        throw DebugSocketError(
          "the app speaks version \(answer.v) of the debugger's protocol; this client speaks \(DebugProtocol.version)")
      }
      return answer
    }
  }
}
