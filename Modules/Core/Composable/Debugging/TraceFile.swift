import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A trace of a store's actions, reduces and effects in the Trace Event Format: JSON that Perfetto
/// (ui.perfetto.dev), chrome://tracing and speedscope open as they are.
///
/// Each action is an instant event named by its path, each reduce a complete span, each effect an async span
/// from its start to its end, with `outcome` finished, cancelled or failed. Links are in `args`: an effect's
/// `startedBy` is the action whose reduce started it, and an action an effect sent has `sentByEffect`.
/// Events are written as they happen, one `write` each, so a trace is never lost in a buffer; the closing
/// bracket is written on `close()`, at exit, and on SIGINT, SIGTERM or SIGHUP, so the file is valid JSON
/// however the process ends (short of SIGKILL).
public final class TraceFile: @unchecked Sendable {
  /// How an effect ended.
  public enum Outcome: String, Sendable {
    /// Its body returned.
    case finished
    /// It was cancelled (by id, by dismissal, by the store going away).
    case cancelled
    /// It threw an error other than cancellation.
    case failed
  }

  /// Where the trace is written.
  public let url: URL
  private let lock = NSLock()
  private var descriptor: Int32
  /// Set after a failed write: tracing stops, and the reason is kept for one message.
  public private(set) var failure: String?
  private let onFailure: @Sendable (String) -> Void

  /// Opens `url` for a new trace (replacing a file there); throws a one-line reason when it cannot.
  ///
  /// `onFailure` is told once, with a one-line reason, if a later write fails (a full disk): the trace stops
  /// there, closed so it stays valid JSON, and the program goes on.
  public init(url: URL, processName: String, onFailure: @escaping @Sendable (String) -> Void = { _ in }) throws {
    self.url = url
    self.onFailure = onFailure
    let folder = url.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw TraceFileError("cannot write the trace \(url.path): the folder \(folder.path) does not exist")
    }
    let opened = url.path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    guard opened >= 0 else {
      throw TraceFileError("cannot write the trace \(url.path): \(String(cString: strerror(errno)))")
    }
    descriptor = opened
    let header =
      "[\n" + #"{"name":"process_name","ph":"M","pid":1,"tid":1,"args":{"name":"# + Self.quoted(processName) + "}},\n"
      + #"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"store"}}"#
    guard writeAll(header) else {
      throw TraceFileError("cannot write the trace \(url.path): \(failure ?? "the write failed")")
    }
    TraceClosing.register(descriptor)
  }

  /// Writes the closing bracket and closes the file; later events are dropped. Safe to call twice.
  public func close() {
    lock.withLock {
      guard descriptor >= 0 else { return }
      TraceClosing.unregister(descriptor)
      _ = Self.writeRaw(descriptor, "\n]\n")
      _ = closeFileDescriptor(descriptor)
      descriptor = -1
    }
  }

  deinit { close() }

  // MARK: Events

  func action(sequence: Int, path: String, origin: TimelineOrigin, start: Int64, duration: Int64) {
    var arguments = #""sequence":\#(sequence),"origin":"# + Self.quoted(origin.description)
    if case let .effect(_, id) = origin { arguments += #","sentByEffect":\#(id)"# }
    let name = Self.quoted(path)
    event(
      #"{"name":\#(name),"cat":"action","ph":"i","s":"t","ts":\#(start),"pid":1,"tid":1,"args":{\#(arguments)}}"#
        + ",\n"
        + #"{"name":\#(Self.quoted("reduce " + path)),"cat":"reduce","ph":"X","ts":\#(start),"dur":\#(duration),"#
        + #""pid":1,"tid":1,"args":{"sequence":\#(sequence)}}"#)
  }

  func effectBegan(id: UInt64, startedBy: Int, path: String, at time: Int64) {
    let name = Self.quoted("effect of #\(startedBy) " + path)
    event(
      #"{"name":\#(name),"cat":"effect","ph":"b","id":\#(id),"ts":\#(time),"pid":1,"tid":1,"#
        + #""args":{"startedBy":\#(startedBy)}}"#)
  }

  func effectEnded(id: UInt64, startedBy: Int, path: String, outcome: Outcome, at time: Int64) {
    let name = Self.quoted("effect of #\(startedBy) " + path)
    event(
      #"{"name":\#(name),"cat":"effect","ph":"e","id":\#(id),"ts":\#(time),"pid":1,"tid":1,"#
        + #""args":{"outcome":"\#(outcome.rawValue)"}}"#)
  }

  private func event(_ json: String) {
    let reason: String? = lock.withLock {
      guard descriptor >= 0, failure == nil else { return nil }
      if Self.writeRaw(descriptor, ",\n" + json) { return nil }
      failure = "cannot write the trace \(url.path): \(String(cString: strerror(errno))); tracing stopped"
      // What was written stays valid: close it.
      TraceClosing.unregister(descriptor)
      _ = Self.writeRaw(descriptor, "\n]\n")
      _ = closeFileDescriptor(descriptor)
      descriptor = -1
      return failure
    }
    if let reason { onFailure(reason) }
  }

  private func writeAll(_ text: String) -> Bool {
    lock.withLock {
      if Self.writeRaw(descriptor, text) { return true }
      failure = String(cString: strerror(errno))
      return false
    }
  }

  /// One `write` for the whole text where the system allows, so an event is never half in the file.
  static func writeRaw(_ descriptor: Int32, _ text: String) -> Bool {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    bytes.removeAll()
    return true
  }

  /// A JSON string literal of `text`.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// Why a trace file could not be opened, in one line.
public struct TraceFileError: Error, CustomStringConvertible, Equatable {
  /// The line to show.
  public let description: String

  init(_ description: String) { self.description = description }
}

/// The system's `close`, which `TraceFile.close()` hides inside the class.
private func closeFileDescriptor(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

/// A signal handler as C sees it.
public typealias SignalFunction = @convention(c) (Int32) -> Void

/// The handler `old` if it is a function, nil if it is the default, `SIG_IGN` or `SIG_ERR`.
public func installedSignalFunction(_ old: SignalFunction?) -> SignalFunction? {
  guard let old else { return nil }
  let bits = Int(bitPattern: unsafeBitCast(old, to: UnsafeRawPointer.self))
  return bits == 1 || bits == -1 ? nil : old
}

/// Whether `old` is `SIG_IGN`: a signal the process was told to ignore (a background job's Ctrl-C).
func isIgnoredSignal(_ old: SignalFunction?) -> Bool {
  guard let old else { return false }
  return Int(bitPattern: unsafeBitCast(old, to: UnsafeRawPointer.self)) == 1
}

/// Closes open traces when the process ends: at exit, and on the signals that end it without unwinding.
enum TraceClosing {
  /// Open trace descriptors; read by a signal handler, so a fixed array whose slots are replaced, never grown.
  nonisolated(unsafe) private static var descriptors = [Int32](repeating: -1, count: 8)
  /// The handlers installed before ours, called after the traces are closed (the terminal's restore).
  nonisolated(unsafe) private static var previous = [SignalFunction?](repeating: nil, count: 65)
  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = false
  private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  static func register(_ descriptor: Int32) {
    lock.withLock {
      if let slot = descriptors.firstIndex(of: -1) { descriptors[slot] = descriptor }
      guard !installed else { return }
      installed = true
      _ = atexit { TraceClosing.closeAll() }
      for number in signals {
        let old = signal(number) { received in
          TraceClosing.closeAll()
          TraceClosing.forward(received)
        }
        // An ignored signal stays ignored: the process goes on, and so does its trace.
        if isIgnoredSignal(old) { _ = signal(number, old) }
        previous[Int(number)] = installedSignalFunction(old)
      }
    }
  }

  static func unregister(_ descriptor: Int32) {
    lock.withLock {
      if let slot = descriptors.firstIndex(of: descriptor) { descriptors[slot] = -1 }
    }
  }

  /// Async-signal-safe: one `write` per open trace, no allocation, no lock.
  static func closeAll() {
    for slot in 0..<descriptors.count {
      let descriptor = descriptors[slot]
      guard descriptor >= 0 else { continue }
      descriptors[slot] = -1
      let closing: StaticString = "\n]\n"
      _ = write(descriptor, closing.utf8Start, closing.utf8CodeUnitCount)
    }
  }

  /// Hands the signal to whoever handled it before (the terminal's restore), else dies of it as by default.
  static func forward(_ number: Int32) {
    if let handler = previous[Int(number)] {
      handler(number)
      return
    }
    _ = signal(number, SIG_DFL)
    _ = raise(number)
  }
}
