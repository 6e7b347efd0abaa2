import Composable
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
///
/// The file is valid JSON after every event, however the process ends (SIGKILL and a power cut included): each
/// event is written, with the closing bracket after it, over the previous closing bracket, in one `pwrite`. A
/// write that fails (a full disk) puts the bracket back where it was and stops the trace there.
public final class TraceFile: TimelineTrace, @unchecked Sendable {
  /// Where the trace is written.
  public let url: URL
  private let lock = NSLock()
  /// The open file; -1 once closed or stopped. Internal so a test can put a full disk under it.
  var descriptor: Int32
  /// Where the closing `\n]\n` starts: the next event is written there.
  private var end: Int64 = 0
  /// Set after a failed write: tracing stops, and the reason is kept for one message.
  public private(set) var failure: String?
  private let onFailure: @Sendable (String) -> Void
  private static let closing = "\n]\n"

  /// Opens `url` for a new trace (replacing a file there); throws a one-line reason when it cannot.
  ///
  /// `onFailure` is told once, with a one-line reason, if a later write fails (a full disk): the trace stops
  /// there, still valid JSON, and the program goes on.
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
      + #"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"store"}},"# + "\n"
      + #"{"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"shared values"}},"# + "\n"
      + #"{"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"file saves"}}"#
    if let reason = Self.write(header + Self.closing, to: opened, at: 0) {
      _ = closeFileDescriptor(opened)
      throw TraceFileError("cannot write the trace \(url.path): \(reason)")
    }
    end = Int64(header.utf8.count)
  }

  /// Closes the file (it is already valid JSON); later events are dropped. Safe to call twice.
  public func close() {
    lock.withLock {
      guard descriptor >= 0 else { return }
      _ = closeFileDescriptor(descriptor)
      descriptor = -1
    }
  }

  deinit { close() }

  // MARK: Events

  /// The action as an instant event named by its path, and its reduce as a complete span.
  public func action(sequence: Int, path: String, origin: TimelineOrigin, start: Int64, duration: Int64) {
    var arguments = #""sequence":\#(sequence),"origin":"# + Self.quoted(origin.description)
    if case let .effect(_, id) = origin { arguments += #","sentByEffect":\#(id)"# }
    let name = Self.quoted(path)
    event(
      #"{"name":\#(name),"cat":"action","ph":"i","s":"t","ts":\#(start),"pid":1,"tid":1,"args":{\#(arguments)}}"#
        + ",\n"
        + #"{"name":\#(Self.quoted("reduce " + path)),"cat":"reduce","ph":"X","ts":\#(start),"dur":\#(duration),"#
        + #""pid":1,"tid":1,"args":{"sequence":\#(sequence)}}"#)
  }

  /// The start of the effect's async span, linked to the action that started it.
  public func effectBegan(id: UInt64, startedBy: Int, path: String, at time: Int64) {
    let name = Self.quoted("effect of #\(startedBy) " + path)
    event(
      #"{"name":\#(name),"cat":"effect","ph":"b","id":\#(id),"ts":\#(time),"pid":1,"tid":1,"#
        + #""args":{"startedBy":\#(startedBy)}}"#)
  }

  /// The end of the effect's async span, with how it ended.
  public func effectEnded(id: UInt64, startedBy: Int, path: String, outcome: EffectOutcome, at time: Int64) {
    let name = Self.quoted("effect of #\(startedBy) " + path)
    event(
      #"{"name":\#(name),"cat":"effect","ph":"e","id":\#(id),"ts":\#(time),"pid":1,"tid":1,"#
        + #""args":{"outcome":"\#(outcome.rawValue)"}}"#)
  }

  /// A shared value's change, as an instant on the shared values' track.
  public func sharedChange(name: String, number: UInt64, elsewhere: Bool, at time: Int64) {
    let label = Self.quoted("\(name) changed" + (elsewhere ? " by another process" : ""))
    event(
      #"{"name":\#(label),"cat":"shared","ph":"i","s":"t","ts":\#(time),"pid":1,"tid":2,"#
        + #""args":{"change":\#(number)}}"#)
  }

  /// The start of a shared value's file save, on the saves' track.
  public func saveBegan(file: String, id: UInt64, at time: Int64) {
    let name = Self.quoted("save " + file)
    event(#"{"name":\#(name),"cat":"save","ph":"b","id":\#(id),"ts":\#(time),"pid":1,"tid":3}"#)
  }

  /// The end of a save `saveBegan` started, with why it failed if it did.
  public func saveEnded(file: String, id: UInt64, failure: String?, at time: Int64) {
    let name = Self.quoted("save " + file)
    let outcome = failure.map { #","args":{"failure":"# + Self.quoted($0) + "}" } ?? ""
    event(#"{"name":\#(name),"cat":"save","ph":"e","id":\#(id),"ts":\#(time),"pid":1,"tid":3"# + outcome + "}")
  }

  private func event(_ json: String) {
    let reason: String? = lock.withLock {
      guard descriptor >= 0, failure == nil else { return nil }
      let text = ",\n" + json + Self.closing
      guard let problem = Self.write(text, to: descriptor, at: end) else {
        end += Int64(text.utf8.count - Self.closing.utf8.count)
        return nil
      }
      // A partial write may have covered the old closing bracket: put it back, and cut what follows.
      _ = Self.write(Self.closing, to: descriptor, at: end)
      _ = ftruncate(descriptor, off_t(end) + off_t(Self.closing.utf8.count))
      failure = "cannot write the trace \(url.path): \(problem); tracing stopped"
      _ = closeFileDescriptor(descriptor)
      descriptor = -1
      return failure
    }
    if let reason { onFailure(reason) }
  }

  /// Writes all of `text` at `offset`, in one `pwrite` where the system allows; the reason when it cannot.
  private static func write(_ text: String, to descriptor: Int32, at offset: Int64) -> String? {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
      }
      if written < 0 {
        if errno == EINTR { continue }
        return String(cString: strerror(errno))
      }
      if written == 0 { return "nothing could be written" }
      done += written
    }
    bytes.removeAll()
    return nil
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
