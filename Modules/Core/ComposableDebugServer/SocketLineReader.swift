import Foundation

/// Reads a socket line by line (the protocol's JSON lines), however its bytes arrive.
public final class SocketLineReader {
  private let socket: DebugSocket
  private let longest: Int
  private var buffered: [UInt8] = []
  /// How much of `buffered` holds no newline: a long line arriving in many reads is searched once, not at each.
  private var searched = 0

  /// A reader of `socket` that refuses a line longer than `longest` bytes.
  public init(_ socket: DebugSocket, longest: Int) {
    self.socket = socket
    self.longest = longest
  }

  /// What reading a line found.
  public enum Line: Equatable {
    /// A line, without its newline.
    case line(String)
    /// A line longer than the reader accepts: the connection cannot go on.
    case tooLong
    /// The end of input (the other end closed, or the socket was closed here).
    case end
  }

  /// The next line, waiting for it.
  public func next() -> Line {
    while true {
      if let newline = buffered[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        searched = 0
        return .line(line)
      }
      searched = buffered.count
      guard buffered.count <= longest else { return .tooLong }
      let chunk = socket.read(upTo: 1 << 20)
      guard !chunk.isEmpty else { return .end }
      buffered.append(contentsOf: chunk)
    }
  }
}
