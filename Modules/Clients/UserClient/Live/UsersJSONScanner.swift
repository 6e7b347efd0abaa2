import Foundation
import UserClientInterface

/// Reads users.json in one pass over its bytes, when it has exactly the shape this app writes.
///
/// `JSONDecoder` spends most of a 100,000-user start-up in key-path and container machinery; a file that is
/// an array of objects with the four string or integer fields needs none of it. Anything else (another key,
/// a missing field, a float id, bad UTF-8) returns nil, and the store reads the file with `JSONDecoder`
/// record by record, which also says what is wrong with it.
enum UsersJSONScanner {
  /// The users in `data`, or nil when it is not a plain array of well-formed user objects.
  static func users(in data: Data) -> [User]? {
    data.withUnsafeBytes { raw -> [User]? in
      var scanner = ByteScanner(bytes: raw.bindMemory(to: UInt8.self))
      return scanner.users()
    }
  }
}

/// A cursor over JSON bytes that understands just enough for an array of user objects.
private struct ByteScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func users() -> [User]? {
    skipSpace()
    guard take(UInt8(ascii: "[")) else { return nil }
    var users: [User] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return end() ? users : nil }
    while true {
      guard let user = user() else { return nil }
      users.append(user)
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "]")) else { return nil }
      return end() ? users : nil
    }
  }

  private mutating func user() -> User? {
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    var id: Int?
    var name: String?
    var email: String?
    var city: String?
    while true {
      skipSpace()
      guard let key = string() else { return nil }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      switch key {
      case "id": guard id == nil, let value = integer() else { return nil }; id = value
      case "name": guard name == nil, let value = string() else { return nil }; name = value
      case "email": guard email == nil, let value = string() else { return nil }; email = value
      case "city": guard city == nil, let value = string() else { return nil }; city = value
      default: return nil
      }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "}")), let id, let name, let email, let city else { return nil }
      return User(id: User.ID(id), name: name, email: email, city: city)
    }
  }

  private mutating func integer() -> Int? {
    let start = position
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    var value = 0
    var digits = 0
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[position] - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
      digits += 1
      position += 1
    }
    // A fraction or exponent is not an id this app writes.
    if digits == 0
      || (position < bytes.count
        && [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
          .contains(bytes[position]))
    {
      return nil
    }
    return bytes[start] == UInt8(ascii: "-") ? -value : value
  }

  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    var isASCII = true
    // The common case: no escapes, decoded straight from the bytes.
    while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
      guard bytes[position] >= 0x20 else { return nil }
      if bytes[position] >= 0x80 { isASCII = false }
      position += 1
    }
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      defer { position += 1 }
      let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
      // ASCII is valid UTF-8 as it is; only other bytes need validating.
      return isASCII || isValidUTF8(text) ? String(decoding: text, as: UTF8.self) : nil
    }
    var utf8 = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return isValidUTF8(utf8) ? String(decoding: utf8, as: UTF8.self) : nil
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { return nil }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: return nil
        }
      default:
        guard byte >= 0x20 else { return nil }
        utf8.append(byte)
      }
    }
    return nil
  }

  /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let high = hex4() else { return nil }
    if (0xD800..<0xDC00).contains(high) {
      guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low)
      else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    return Unicode.Scalar(high)
  }

  private mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexValue(bytes[position]) else { return nil }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private mutating func end() -> Bool {
    skipSpace()
    return position == bytes.count
  }
}

/// Whether `bytes` are UTF-8 throughout: `String(decoding:as:)` would replace a bad sequence instead of failing.
/// (`String(validating:as:)` does both, from macOS 15 and iOS 18 only, above the package's floor.)
private func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
  var decoder = UTF8()
  var iterator = bytes.makeIterator()
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue: continue
    case .emptyInput: return true
    case .error: return false
    }
  }
}
