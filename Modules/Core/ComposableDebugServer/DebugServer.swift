import Foundation

/// Serves a debugger's requests on a Unix socket: each client on a thread of its own, each request answered on the
/// main actor (where the store lives), each answer written back off it.
///
/// A client that sends garbage, goes away mid-answer or reads slowly costs its own thread only: the app's main actor
/// is held for the time it takes to make an answer, never to write one.
public final class DebugServer: @unchecked Sendable {
  /// The Unix socket it listens at; nil when it listens on the loopback address.
  public let socketURL: URL?
  /// The loopback port it listens on; nil on a Unix socket.
  public let port: UInt16?
  /// The file (mode 0600) holding the port and the token a client must give first, when it listens on a port.
  public let tokenURL: URL?
  private let token: String?
  private let listener: DebugSocket
  private let answer: @MainActor @Sendable (DebugRequest, _ connection: Int) -> DebugReply
  /// Told on the main actor when connection `n` ends, so what was kept for it goes.
  private let ended: @MainActor @Sendable (_ connection: Int) -> Void
  /// The number the next connection gets.
  private var nextConnection = 1
  private let lock = NSLock()
  private var connections: [ObjectIdentifier: DebugSocket] = [:]
  private var stopped = false

  /// A server answering with `answer` on `listener`, which listens at `socketURL`; `answer` is given the number of
  /// the connection asking, and `ended` is told when that connection ends.
  init(
    listener: DebugSocket, socketURL: URL,
    answer: @escaping @MainActor @Sendable (DebugRequest, _ connection: Int) -> DebugReply,
    ended: @escaping @MainActor @Sendable (_ connection: Int) -> Void
  ) {
    self.listener = listener
    self.socketURL = socketURL
    (port, tokenURL, token) = (nil, nil, nil)
    self.answer = answer
    self.ended = ended
  }

  /// A server answering with `answer` on `listener`, which listens on the loopback `port`; a client gives `token`
  /// (kept in `tokenURL`) in its first request.
  init(
    listener: DebugSocket, port: UInt16, token: String, tokenURL: URL,
    answer: @escaping @MainActor @Sendable (DebugRequest, _ connection: Int) -> DebugReply,
    ended: @escaping @MainActor @Sendable (_ connection: Int) -> Void
  ) {
    self.listener = listener
    socketURL = nil
    (self.port, self.tokenURL, self.token) = (port, tokenURL, token)
    self.answer = answer
    self.ended = ended
  }

  /// Where a client reaches it: the socket's path, or `127.0.0.1:PORT`.
  public var address: String { socketURL?.path ?? "127.0.0.1:\(port ?? 0)" }

  /// The line an app prints when it starts serving: where, and how to attach.
  public var servingLine: String {
    guard let tokenURL else { return "serving the debugger at \(address) (swift run composable-debugger)." }
    return "serving the debugger at \(address), its token in \(tokenURL.path) (swift run composable-debugger "
      + "\(address))."
  }

  /// Starts accepting clients.
  func start() {
    let thread = Thread { [self] in acceptClients() }
    thread.name = "composable-debugger accept"
    thread.start()
  }

  /// How many clients are connected now.
  public var clientCount: Int { lock.withLock { connections.count } }

  /// Stops serving: the socket is removed, connected clients see the end of input.
  public func stop() {
    let open: [DebugSocket]? = lock.withLock {
      guard !stopped else { return nil }
      stopped = true
      return Array(connections.values)
    }
    guard let open else { return }
    listener.close()
    // Linux wakes a thread blocked in `accept` when its socket is shut down; Darwin may not: a connection of our own
    // wakes it there, and it sees it is stopped.
    if let socketURL {
      _ = try? DebugSocket.connect(to: socketURL.path)
    } else if let port {
      _ = try? DebugSocket.connect(loopbackPort: port)
    }
    if let file = socketURL ?? tokenURL { unlink(file.path) }
    for connection in open { connection.close() }
  }

  deinit { stop() }

  private func acceptClients() {
    while let connection = listener.accept() {
      // The folder's and the socket's modes keep other users out; the peer's id is checked as well.
      // (A loopback port has no peer user: its token is what lets a client in.)
      if socketURL != nil, let peer = connection.peerUserID, peer != geteuid() {
        connection.write(DebugAnswer.refusal("This app's debugger serves its own user only.", id: 0).jsonLine())
        connection.close()
        continue
      }
      let number: Int? = lock.withLock {
        guard !stopped else { return nil }
        connections[ObjectIdentifier(connection)] = connection
        defer { nextConnection += 1 }
        return nextConnection
      }
      guard let number else {
        connection.close()
        return
      }
      let thread = Thread { [self] in serve(connection, number: number) }
      thread.name = "composable-debugger client"
      thread.start()
    }
  }

  private func serve(_ connection: DebugSocket, number: Int) {
    defer {
      lock.withLock { _ = connections.removeValue(forKey: ObjectIdentifier(connection)) }
      connection.close()
      let ended = ended
      Task { @MainActor in ended(number) }
    }
    let reader = SocketLineReader(connection, longest: DebugProtocol.longestRequest)
    if let token, !admits(reader, token: token) {
      connection.write(DebugAnswer.refusal("Wrong token: this app's debugger was not opened to you.", id: 0).jsonLine())
      return
    }
    guard connection.write(onMainActor(DebugRequest(id: 0, command: "hello"), number).jsonLine()) else { return }
    while true {
      switch reader.next() {
      case .end: return
      case .tooLong:
        let limit = DebugProtocol.longestRequest
        connection.write(DebugAnswer.refusal("A request is one line of at most \(limit) bytes.", id: 0).jsonLine())
        return
      case let .line(line):
        guard !line.allSatisfy(\.isWhitespace) else { continue }
        guard connection.write(answer(toLine: line, from: number).jsonLine()) else { return }
      }
    }
  }

  /// Whether the connection's first line is a `hello` carrying `token` (compared in constant time).
  private func admits(_ reader: SocketLineReader, token: String) -> Bool {
    guard case let .line(line) = reader.next(),
      let hello = try? JSONDecoder().decode(DebugRequest.self, from: Data(line.utf8)), hello.command == "hello"
    else { return false }
    let given = Array((hello.argument ?? "").utf8)
    let expected = Array(token.utf8)
    guard given.count == expected.count else { return false }
    return zip(given, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// The answer to one line: a request of this version answered on the main actor, or why it is none.
  private func answer(toLine line: String, from connection: Int) -> DebugAnswer {
    let request: DebugRequest
    do {
      request = try JSONDecoder().decode(DebugRequest.self, from: Data(line.utf8))
    } catch {
      return .refusal("Not a request: each line is a JSON object with v, id and command (docs/debugging.md).", id: 0)
    }
    guard request.v == DebugProtocol.version else {
      return .refusal(
        "This app speaks version \(DebugProtocol.version) of the debugger's protocol, not \(request.v).",
        id: request.id)
    }
    return onMainActor(request, connection)
  }

  private func onMainActor(_ request: DebugRequest, _ connection: Int) -> DebugAnswer {
    let box = ReplyBox()
    let done = DispatchSemaphore(value: 0)
    let answer = answer
    Task { @MainActor in
      box.set(answer(request, connection))
      done.signal()
    }
    done.wait()
    switch box.get() {
    case let .answer(answer): return answer
    case let .later(make): return make()
    case nil: return .refusal("No answer.", id: request.id)
    }
  }
}

/// A reply made on the main actor, handed to the thread that waits for it.
private final class ReplyBox: @unchecked Sendable {
  private let lock = NSLock()
  private var reply: DebugReply?

  func set(_ reply: DebugReply) { lock.withLock { self.reply = reply } }
  func get() -> DebugReply? { lock.withLock { reply } }
}
