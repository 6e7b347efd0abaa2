import Dispatch
import Foundation
import LineEditing
import TerminalUI

/// What a live session hears from its terminal.
public enum TerminalEvent: Equatable, Sendable {
  /// Bytes typed (raw mode: one key press may be several bytes, a paste many keys).
  case input([UInt8])
  /// The window changed size.
  case resized(TerminalSize)
  /// Standard input closed.
  case inputEnded
}

/// A terminal a live session draws on: its events, its size, a writer, and how to give it back as it was.
public struct LiveTerminal: Sendable {
  /// Input, resizes and the end of input, in order.
  public let events: AsyncStream<TerminalEvent>
  /// The current size.
  public let size: @Sendable () -> TerminalSize
  /// Writes to the screen, unbuffered.
  public let write: @Sendable (String) -> Void
  /// Restores the terminal's settings (leaves raw mode); safe to call more than once.
  public let restore: @Sendable () -> Void

  /// A terminal from its parts (tests feed `events` themselves).
  public init(
    events: AsyncStream<TerminalEvent>, size: @escaping @Sendable () -> TerminalSize,
    write: @escaping @Sendable (String) -> Void, restore: @escaping @Sendable () -> Void = {}
  ) {
    self.events = events
    self.size = size
    self.write = write
    self.restore = restore
  }

  /// The process's own terminal switched to raw mode, or nil when standard input or output is not a terminal.
  ///
  /// Input is read by a thread of its own, so the store's effects run while
  /// nothing is typed; window changes come from SIGWINCH.
  public static func standard() -> LiveTerminal? {
    guard isatty(STDOUT_FILENO) == 1, let rawMode = RawMode.enable(descriptor: STDIN_FILENO) else { return nil }
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let size: @Sendable () -> TerminalSize = {
      terminalSize(of: STDOUT_FILENO).map { TerminalSize(rows: $0.rows, columns: $0.columns) }
        ?? TerminalSize(rows: 24, columns: 80)
    }
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 {
          continuation.yield(.input(Array(buffer[..<count])))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          continuation.yield(.inputEnded)
          continuation.finish()
          return
        }
      }
    }
    signal(SIGWINCH, SIG_IGN)
    let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    resizes.setEventHandler { continuation.yield(.resized(size())) }
    resizes.resume()
    let sourceBox = SendableBox(resizes)
    return LiveTerminal(
      events: events, size: size,
      write: { text in
        var data = Array(text.utf8)[...]
        while !data.isEmpty {
          let written = data.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
          if written > 0 { data = data.dropFirst(written) } else if errno != EINTR { return }
        }
      },
      restore: {
        sourceBox.value.cancel()
        rawMode.restore()
      })
  }
}

/// Holds a value a `@Sendable` closure must keep alive (the SIGWINCH source, only cancelled).
private final class SendableBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
