/// Turns the bytes a terminal sends in raw mode into keys, across reads that split a sequence anywhere.
///
/// UTF-8 is assembled into characters (invalid bytes become U+FFFD, and a byte that cannot continue a
/// character ends it and is read as itself); escape
/// sequences for arrows, Home/End and Delete become keys; any other control byte
/// or unknown sequence is dropped, so nothing raw reaches the line.
public struct KeyDecoder: Sendable {
  /// Bytes of a sequence not yet complete (an escape sequence or a UTF-8 character cut by a read).
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  public init() {}

  /// Whether an incomplete sequence waits for more bytes (a lone Escape key, say).
  public var hasPending: Bool { !pending.isEmpty }

  /// The keys in `bytes`, after whatever was pending.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      for character in String(decoding: text, as: UTF8.self)
      // C1 controls (U+0080–U+009F) arrive as two UTF-8 bytes; some terminals obey them, so they are dropped too.
      where !character.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
        keys.append(.character(character))
      }
      text.removeAll()
    }
    while index < pending.count {
      let byte = pending[index]
      if byte >= 0x80 {
        let length = Self.utf8Length(leading: byte)
        // The character takes the bytes that can continue it; any other byte (Enter, say) ends it and is then
        // read as itself, so a broken character never swallows the key after it.
        var end = index + 1
        while end < index + length, end < pending.count, (0x80...0xBF).contains(pending[end]) { end += 1 }
        if end < index + length, end == pending.count { break }  // the rest may come in the next read
        text.append(contentsOf: pending[index..<end])  // cut short: decodes as U+FFFD
        index = end
        continue
      }
      if byte >= 0x20, byte != 0x7F {
        text.append(byte)
        index += 1
        continue
      }
      flushText()
      if byte == 0x1B {
        guard let (key, length) = Self.escapeSequence(pending[index...]) else { break }
        if let key { keys.append(key) }
        index += length
        continue
      }
      if let key = Self.control(byte) { keys.append(key) }
      index += 1
    }
    flushText()
    pending.removeFirst(index)
    // Combining marks arriving in a later read belong to the character before; joining them is the line's job.
    return keys
  }

  /// Gives up on a pending sequence once no more bytes came: a lone Escape is the Escape key (`.cancel`); the
  /// bytes of any other cut sequence are dropped.
  @discardableResult public mutating func flushPending() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.cancel] : []
  }

  /// How many bytes a UTF-8 sequence starting with `leading` has (1 for a stray continuation byte).
  static func utf8Length(leading: UInt8) -> Int {
    switch leading {
    case 0xC0...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF7: 4
    default: 1
    }
  }

  /// The key a single control byte means, if any.
  static func control(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x01: .home
    case 0x02: .left
    case 0x03: .interrupt
    case 0x04: .endOfInput
    case 0x05: .end
    case 0x06: .right
    case 0x07: .cancel
    case 0x08, 0x7F: .backspace
    case 0x09: .tab
    case 0x0A, 0x0D: .enter
    case 0x0B: .killToEnd
    case 0x0C: .redraw
    case 0x0E: .down
    case 0x10: .up
    case 0x12: .reverseSearch
    case 0x15: .killToStart
    case 0x17: .killWordBackward
    default: nil
    }
  }

  /// The key an escape sequence at the start of `bytes` means (nil for an unknown one) and its length; nil while
  /// the sequence is incomplete.
  static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    switch second {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
      var end = start + 2
      while end < bytes.endIndex, (0x20...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.endIndex else { return nil }
      let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
      return (csiKey(parameters: parameters, final: bytes[end]), end - start + 1)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      return (keys[bytes[start + 2]], 3)
    case UInt8(ascii: "b"): return (.wordLeft, 2)
    case UInt8(ascii: "f"): return (.wordRight, 2)
    case 0x7F: return (.killWordBackward, 2)
    default:
      // Alt with another key, or Escape then a key: the Escape is dropped and the key read on its own.
      return (nil, 1)
    }
  }

  /// The key a CSI sequence means, if one the editor uses.
  static func csiKey(parameters: String, final: UInt8) -> Key? {
    let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return modified ? .wordRight : .right
    case UInt8(ascii: "D"): return modified ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      default: return nil
      }
    default: return nil
    }
  }
}
