import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The debugger's stream socket (Unix-domain, or TCP on 127.0.0.1 for a simulator): a listener, a connection to a
/// client, or a client's to the app.
///
/// Shut down by `close()`, released with the socket. Writes never raise SIGPIPE: a client that goes away mid-answer is a
/// failed write, not the end of the app.
public final class DebugSocket: @unchecked Sendable {
  /// The descriptor, valid until `close()`.
  let descriptor: Int32
  private let lock = NSLock()
  private var isClosed = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  deinit {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    _ = systemClose(descriptor)
  }

  /// Ends the connection (or stops listening): a thread blocked reading it, or accepting on it, wakes with the end
  /// of input. The descriptor itself is released with the socket, once no thread uses it: closing it under a
  /// thread still blocked on it would be a race on the descriptor (and its number could be reused meanwhile).
  public func close() {
    let closes = lock.withLock {
      defer { isClosed = true }
      return !isClosed
    }
    guard closes else { return }
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  // MARK: Listening

  /// A socket listening at `path`, readable and writable by this user only (mode 0600). A socket left there by a
  /// process that ended is replaced; one another process still serves, or a file that is not a socket, is an error.
  public static func listen(at path: String) throws(DebugSocketError) -> DebugSocket {
    var address = try socketAddress(path)
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFSOCK else {
        throw DebugSocketError("\(path) exists and is not a socket: the debugger will not replace it")
      }
      if (try? connect(to: path)) != nil {
        throw DebugSocketError("another process already serves a debugger at \(path)")
      }
      unlink(path)
    }
    let socket = try make()
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw DebugSocketError("cannot listen at \(path): \(lastError())") }
    guard chmod(path, 0o600) == 0, systemListen(socket.descriptor, 16) == 0 else {
      let error = lastError()
      unlink(path)
      throw DebugSocketError("cannot listen at \(path): \(error)")
    }
    return socket
  }

  /// The next connection, waiting for one; nil once the socket is closed.
  public func accept() -> DebugSocket? {
    while true {
      let connection = systemAccept(descriptor, nil, nil)
      if connection >= 0 { return DebugSocket(descriptor: connection) }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// The user id of the process at the other end of this connection, when the system says.
  public var peerUserID: uid_t? {
    #if canImport(Glibc)
      // glibc declares `struct ucred` only under _GNU_SOURCE, which Swift's module does not set: the same layout.
      var credentials = PeerCredentials()
      var length = socklen_t(MemoryLayout<PeerCredentials>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
      return credentials.uid
    #else
      var user: uid_t = 0
      var group: gid_t = 0
      return getpeereid(descriptor, &user, &group) == 0 ? user : nil
    #endif
  }

  // MARK: Connecting

  /// A connection to the socket at `path`.
  public static func connect(to path: String) throws(DebugSocketError) -> DebugSocket {
    var address = try socketAddress(path)
    let socket = try make()
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { throw DebugSocketError("cannot connect to \(path): \(lastError())") }
    return socket
  }

  // MARK: Reading and writing

  /// Writes all of `data`; false when the other end is gone.
  @discardableResult
  public func write(_ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #else
          let written = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #endif
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Up to `count` bytes, waiting for some; empty at the end of input or on an error.
  func read(upTo count: Int) -> Data {
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let received = recv(descriptor, &bytes, count, 0)
      if received < 0, errno == EINTR { continue }
      return received > 0 ? Data(bytes[..<received]) : Data()
    }
  }

  // MARK: Helpers

  /// A new stream socket of `family` (`AF_UNIX` unless told).
  static func make(family: Int32 = AF_UNIX) throws(DebugSocketError) -> DebugSocket {
    #if canImport(Glibc)
      let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(family, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw DebugSocketError("cannot make a socket: \(lastError())") }
    return DebugSocket(descriptor: descriptor)
  }

  /// The address of `path`, or why it cannot be one (a socket's path is short: 104 bytes on a Mac, 108 here).
  private static func socketAddress(_ path: String) throws(DebugSocketError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    #if canImport(Darwin)
      address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      throw DebugSocketError(
        "\(path) is too long for a socket (\(bytes.count) bytes; at most \(capacity - 1)): choose a shorter folder "
          + "with COMPOSABLE_DEBUGGER_DIR")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }

  /// What the last failed call's `errno` says.
  static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why a socket could not listen or connect: one line.
public struct DebugSocketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line that says what went wrong.
  public let message: String

  /// The error saying `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

// The system's calls whose names the methods above take.
private func systemClose(_ descriptor: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(descriptor)
  #else
    Darwin.close(descriptor)
  #endif
}

private func systemAccept(
  _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
  #if canImport(Glibc)
    Glibc.accept(descriptor, address, length)
  #else
    Darwin.accept(descriptor, address, length)
  #endif
}

func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  #if canImport(Glibc)
    Glibc.connect(descriptor, address, length)
  #else
    Darwin.connect(descriptor, address, length)
  #endif
}

func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.listen(descriptor, backlog)
  #else
    Darwin.listen(descriptor, backlog)
  #endif
}

#if canImport(Glibc)
  /// Linux's `struct ucred`: what SO_PEERCRED fills in.
  private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
  }
#endif
