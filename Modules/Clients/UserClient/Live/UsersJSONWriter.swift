import Foundation
import UserClientInterface

/// Writes users.json as a stream through a small buffer: one user per line, keys in order, as JSON that every
/// reader accepts (`UsersJSONScanner`, `JSONDecoder`, a person with a text editor).
///
/// `JSONEncoder` builds the whole file in memory, value by value, so a large directory's save costs time and memory
/// in proportion to it several times over. Here each string's bytes that need no escaping are copied in whole runs
/// into a 256 KB buffer that goes to the file whenever it fills, so a save needs no memory that grows with the file. One line per user
/// also keeps a diff of two versions to the users that changed.
enum UsersJSONWriter {
  /// How much is gathered before it is handed to `sink`.
  static let bufferSize = 256 * 1024

  /// Hands `sink` the bytes of users.json holding `users`, in order, a buffer at a time.
  static func write(_ users: [User], to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
    try withoutActuallyEscaping(sink) { sink in try write(users, through: Output(capacity: bufferSize, sink: sink)) }
  }

  private static func write(_ users: [User], through output: consuming Output) throws {
    var output = output
    defer { output.buffer.deallocate() }
    try output.write(UInt8(ascii: "["))
    for (index, user) in users.enumerated() {
      try output.write(index == 0 ? Part.firstLine : Part.nextLine)
      try output.write(Part.city)
      try output.writeString(user.city)
      try output.write(Part.email)
      try output.writeString(user.email)
      try output.write(Part.id)
      try output.writeInteger(user.id.rawValue)
      try output.write(Part.name)
      try output.writeString(user.name)
      try output.write(UInt8(ascii: "}"))
    }
    try output.write(users.isEmpty ? Part.emptyEnd : Part.end)
    try output.flush()
  }

  /// The fixed pieces of the file.
  private enum Part {
    static let firstLine: StaticString = "\n  "
    static let nextLine: StaticString = ",\n  "
    static let city: StaticString = #"{"city":"#
    static let email: StaticString = #","email":"#
    static let id: StaticString = #","id":"#
    static let name: StaticString = #","name":"#
    static let end: StaticString = "\n]\n"
    static let emptyEnd: StaticString = "]\n"
  }
}

/// A buffer that goes to its sink whenever the next piece would not fit.
private struct Output {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0
  let sink: (UnsafeRawBufferPointer) throws -> Void

  init(capacity: Int, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    buffer = .allocate(capacity: capacity)
    self.sink = sink
  }

  /// Hands what is gathered to the sink.
  mutating func flush() throws {
    guard count > 0 else { return }
    try sink(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    count = 0
  }

  mutating func write(_ byte: UInt8) throws {
    if count == buffer.count { try flush() }
    buffer[count] = byte
    count += 1
  }

  mutating func write(_ part: StaticString) throws {
    try write(UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount))
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > buffer.count { try flush() }
    // A piece larger than the buffer (a very long name) goes straight through.
    guard bytes.count <= buffer.count else { return try sink(UnsafeRawBufferPointer(bytes)) }
    (buffer.baseAddress! + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  /// `value` in decimal, without making a `String` of it.
  mutating func writeInteger(_ value: Int) throws {
    if value < 0 { try write(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var scale: UInt = 1
    while magnitude / scale >= 10 { scale *= 10 }
    while scale > 0 {
      try write(UInt8(ascii: "0") + UInt8(magnitude / scale))
      magnitude %= scale
      scale /= 10
    }
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped, every other byte copied in
  /// runs.
  mutating func writeString(_ text: String) throws {
    try write(UInt8(ascii: "\""))
    var text = text
    try text.withUTF8 { utf8 in
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
        try write(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        try writeEscape(byte)
        runStart = index + 1
      }
      try write(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    try write(UInt8(ascii: "\""))
  }

  private mutating func writeEscape(_ byte: UInt8) throws {
    try write(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): try write(byte)
    case UInt8(ascii: "\n"): try write(UInt8(ascii: "n"))
    case UInt8(ascii: "\r"): try write(UInt8(ascii: "r"))
    case UInt8(ascii: "\t"): try write(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      try write("u00")
      try write(hex.utf8Start[Int(byte >> 4)])
      try write(hex.utf8Start[Int(byte & 0xF)])
    }
  }
}
