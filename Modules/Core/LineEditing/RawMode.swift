import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal switched to raw mode (keys arrive one by one, unechoed, Ctrl-C as a byte), restored on every exit.
///
/// `restore()` is called by the session on its way out; a handler for the fatal
/// signals (a crash, `kill`) and an `atexit` hook restore the saved settings too,
/// so the user's shell never inherits a terminal without echo.
public final class RawMode: @unchecked Sendable {
  /// The descriptor switched.
  public let descriptor: Int32
  private let lock = NSLock()
  private var restored = false

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Switches `descriptor` (standard input by default) to raw mode; nil when it is not a terminal.
  public static func enable(descriptor: Int32 = STDIN_FILENO) -> RawMode? {
    guard isatty(descriptor) == 1 else { return nil }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var raw = original
    // Input: no CR→NL translation (Enter arrives as CR), no flow control (Ctrl-S/Q reach the editor), 8 bits.
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    // No echo, no line buffering, no signals from Ctrl-C/Ctrl-Z (they arrive as bytes), no Ctrl-V.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    // Output processing stays on, so "\n" still starts a new line at the left edge.
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    SavedTerminal.save(original, descriptor: descriptor)
    guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
      SavedTerminal.clear()
      return nil
    }
    SavedTerminal.installHandlers()
    return RawMode(descriptor: descriptor)
  }

  /// Gives the terminal back its settings from before `enable`; calling it again does nothing.
  public func restore() {
    lock.lock()
    defer { lock.unlock() }
    guard !restored else { return }
    restored = true
    SavedTerminal.restore()
    SavedTerminal.clear()
  }

  deinit { restore() }
}

/// The settings to give back, where a signal handler can reach them (handlers cannot capture context).
enum SavedTerminal {
  nonisolated(unsafe) static var settings = termios()
  nonisolated(unsafe) static var descriptor: Int32 = -1
  nonisolated(unsafe) static var handlersInstalled = false

  static func save(_ original: termios, descriptor: Int32) {
    settings = original
    Self.descriptor = descriptor
  }

  static func clear() { descriptor = -1 }

  /// Async-signal-safe: one `tcsetattr` call.
  static func restore() {
    guard descriptor >= 0 else { return }
    _ = tcsetattr(descriptor, TCSAFLUSH, &settings)
  }

  /// The signals that end the process without unwinding: restore, then die of the same signal.
  static let fatalSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
  ]

  /// The handlers installed before ours (a trace that closes its file), called after the terminal is restored.
  nonisolated(unsafe) static var previousHandlers = [(@convention(c) (Int32) -> Void)?](repeating: nil, count: 65)

  static func installHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    for number in fatalSignals {
      let old = signal(number) { received in
        SavedTerminal.restore()
        if let previous = SavedTerminal.previousHandlers[Int(received)] {
          previous(received)
          return
        }
        _ = signal(received, SIG_DFL)
        _ = raise(received)
      }
      // Only functions are chained: the default, SIG_IGN (1) and SIG_ERR (-1) are not handlers to call.
      if let old, ![1, -1].contains(Int(bitPattern: unsafeBitCast(old, to: UnsafeRawPointer.self))) {
        previousHandlers[Int(number)] = old
      }
    }
    _ = atexit { SavedTerminal.restore() }
  }
}

/// The size of the terminal on `descriptor`, or nil when it is not a terminal (or reports zero).
public func terminalSize(of descriptor: Int32 = STDOUT_FILENO) -> (rows: Int, columns: Int)? {
  var size = winsize()
  #if canImport(Glibc)
    let request = UInt(TIOCGWINSZ)
  #else
    let request = TIOCGWINSZ
  #endif
  guard ioctl(descriptor, request, &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
  return (Int(size.ws_row), Int(size.ws_col))
}
