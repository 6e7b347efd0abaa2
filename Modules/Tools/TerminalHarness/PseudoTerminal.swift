import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal with a program on its far side: what a person at a real terminal types and sees.
///
/// The program gets the terminal as its standard input, output and error, so it runs its live session (raw mode,
/// line editor, as `users` does); a test or a benchmark types bytes into the controlling side and reads the
/// screen's bytes back.
public final class PseudoTerminal: @unchecked Sendable {
  /// The controlling side: what is typed is written here, what the program writes is read here.
  public let controller: Int32
  /// The terminal side, the program's standard input, output and error.
  public let terminal: Int32
  /// The program on the terminal, once launched.
  public let process = Process()
  /// Guards `received`, and wakes a thread blocked in `block(until:since:timeout:)` when output arrives.
  private let arrival = NSCondition()
  private var received = Data()

  /// Opens a terminal of `rows` × `columns`, or throws when the system has none to give.
  public init(rows: UInt16 = 30, columns: UInt16 = 100) throws {
    (controller, terminal) = try Self.openPair()
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    #if canImport(Glibc)
      _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    #else
      _ = ioctl(terminal, TIOCSWINSZ, &size)
    #endif
  }

  /// The controlling and terminal sides of a new pseudo-terminal.
  private static func openPair() throws -> (Int32, Int32) {
    #if os(Linux)
      // Glibc's module map leaves out posix_openpt and friends; these are the ioctls they wrap.
      let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard controller >= 0 else { throw PseudoTerminalError("cannot open /dev/ptmx: errno \(errno)") }
      var unlock: Int32 = 0
      var number: UInt32 = 0
      let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
      let getNumber: UInt = 0x8004_5430  // TIOCGPTN
      guard ioctl(controller, setLock, &unlock) == 0, ioctl(controller, getNumber, &number) == 0 else {
        throw PseudoTerminalError("cannot unlock the pseudo-terminal: errno \(errno)")
      }
      let name = "/dev/pts/\(number)"
    #else
      let controller = posix_openpt(O_RDWR | O_NOCTTY)
      guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0, let cName = ptsname(controller)
      else { throw PseudoTerminalError("no pseudo-terminal: errno \(errno)") }
      let name = String(cString: cName)
    #endif
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw PseudoTerminalError("cannot open \(name): errno \(errno)") }
    return (controller, terminal)
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(controller)
    close(terminal)
  }

  /// Starts `executable` with `arguments` on the terminal (colors off unless `environment` says otherwise), and a
  /// thread reading what it writes.
  public func launch(_ executable: URL, _ arguments: [String], environment overrides: [String: String] = [:]) throws {
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["TERM"] = "xterm"
    environment.merge(overrides) { _, override in override }
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let controller = controller
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(controller, &buffer, buffer.count)
        if count > 0 {
          arrival.withLock {
            received.append(contentsOf: buffer[0..<count])
            arrival.broadcast()
          }
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  /// Everything the program wrote so far.
  public var output: String { arrival.withLock { String(decoding: received, as: UTF8.self) } }

  /// How many bytes the program wrote so far (a mark to read what comes after).
  public var mark: Int { arrival.withLock { received.count } }

  /// Drops what the program wrote so far, so a long session's output does not pile up; marks start again at 0.
  public func forget() {
    arrival.withLock { received.removeAll(keepingCapacity: true) }
  }

  /// What the program wrote after `mark`.
  public func output(since mark: Int) -> String {
    arrival.withLock { String(decoding: received.dropFirst(mark), as: UTF8.self) }
  }

  /// Types `text` as the keyboard would send it.
  public func type(_ text: String) {
    type(bytes: Array(text.utf8))
  }

  /// Sends `bytes` as they are, valid UTF-8 or not (a terminal set to another encoding, a broken paste).
  public func type(bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Waits until the output after `mark` contains `text`; false after `timeout`.
  public func waitFor(_ text: String, since mark: Int = 0, timeout: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if output(since: mark).contains(text) { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Blocks the calling thread until the output after `mark` contains `text`; false after `timeout`. Wakes as
  /// output arrives rather than polling, so a long session can wait for each of 100,000 answers.
  public func block(until text: String, since mark: Int = 0, timeout: Duration = .seconds(10)) -> Bool {
    block(since: mark, timeout: timeout) { $0.contains(text) }
  }

  /// Blocks the calling thread until `isAnswered` holds for the output after `mark`; false after `timeout`.
  public func block(since mark: Int = 0, timeout: Duration, until isAnswered: (String) -> Bool) -> Bool {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let deadline = Date().addingTimeInterval(seconds)
    arrival.lock()
    defer { arrival.unlock() }
    while !isAnswered(String(decoding: received.dropFirst(mark), as: UTF8.self)) {
      // Timed out: what arrived as the time ran out still counts.
      if !arrival.wait(until: deadline) { return isAnswered(String(decoding: received.dropFirst(mark), as: UTF8.self)) }
    }
    return true
  }

  /// What a full-screen program writes to start a screen: the cursor home, then the screen cleared.
  public static let screenClear = "\u{1B}[H\u{1B}[2J"

  /// Whether `output` holds a whole screen: a screen clear, then `prompt` after it. The prompt alone is not enough:
  /// a line editor writes it again with every key it echoes, before the answer starts.
  public static func holdsWholeScreen(_ output: String, prompt: String) -> Bool {
    guard let clear = output.range(of: screenClear, options: .backwards) else { return false }
    return output[clear.upperBound...].contains(prompt)
  }

  /// Types `keys`, then waits until what the program writes after them contains `text`; false after `timeout`.
  public func type(_ keys: String, thenWaitFor text: String, timeout: Duration = .seconds(10)) async -> Bool {
    let start = mark
    type(keys)
    return await waitFor(text, since: start, timeout: timeout)
  }

  /// Waits for the program to exit; its status, or nil after `timeout`.
  public func waitForExit(timeout: Duration = .seconds(10)) async -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now >= deadline { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationStatus
  }

  /// The terminal's local modes now (`ICANON`, `ECHO`, `ISIG`): what the program set, or left behind.
  public var localModes: tcflag_t {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag
  }
}

/// Why a pseudo-terminal could not be opened.
public struct PseudoTerminalError: Error, CustomStringConvertible {
  /// What failed, with the errno.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
