import Foundation

/// Rules every user client follows, so in-memory and live clients agree.
public enum UserDirectoryRules {
  /// The id for a new user: one more than the largest of `users` and `reserved` (ids held elsewhere, such as
  /// records a file could not read), starting at 1.
  public static func nextID(after users: [User], reserved: [Int] = []) -> User.ID {
    User.ID(max(users.lazy.map(\.id.rawValue).max() ?? 0, reserved.max() ?? 0) + 1)
  }

  /// The longest name a user may have, in characters.
  public static let maximumNameLength = 100
  /// The longest email address, in characters (the limit of the mail standards).
  public static let maximumEmailLength = 254
  /// The longest city name, in characters.
  public static let maximumCityLength = 100

  /// Replaces the stored version of `edited` in `users`, if it is still `original` (or already `edited`).
  ///
  /// The one rule of concurrent edits, for every client: an edit applies to the
  /// user as it was loaded; if someone else changed that user meanwhile, the edit
  /// is refused with the current version (`conflict`), never written over it.
  public static func apply(_ edited: User, editedFrom original: User, to users: inout [User]) throws {
    guard let index = users.firstIndex(where: { $0.id == edited.id }) else {
      throw UserClientError.notFound(edited.id)
    }
    let stored = users[index]
    guard stored == original || stored == edited else { throw UserClientError.conflict(current: stored) }
    try checkEmailIsFree(edited.email, among: users, except: edited.id)
    users[index] = edited
  }

  /// Throws `emailTaken` if a user other than `id` has `email` (compared without case or surrounding spaces).
  public static func checkEmailIsFree(_ email: String, among users: [User], except id: User.ID?) throws {
    let wanted = normalizedEmail(email)
    var wantedBytes = wanted
    // Compared in place, byte by byte: normalizing every stored email to compare it would cost a save time in
    // proportion to the directory.
    let owner = wantedBytes.withUTF8 { wantedUTF8 in
      users.first { $0.id != id && sameEmail($0.email, normalized: wanted, utf8: wantedUTF8) }
    }
    if let owner {
      throw UserClientError.emailTaken(email: email.trimmingCharacters(in: .whitespaces), by: owner.name)
    }
  }

  /// Whether `stored`, without surrounding spaces and case, is `normalized` (whose UTF-8 is `utf8`): ASCII is
  /// compared in place; anything else is normalized first.
  private static func sameEmail(_ stored: String, normalized: String, utf8 wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    var stored = stored
    let answer: Bool? = stored.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
      while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
      guard end - start == wanted.count else {
        // A length that differs settles it, unless case mapping or Unicode spaces could change it.
        return bytes.contains { $0 >= 0x80 } ? nil : false
      }
      for offset in 0..<(end - start) {
        let byte = bytes[start + offset]
        guard byte < 0x80 else { return nil }
        let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        if lower != wanted[offset] { return false }
      }
      return true
    }
    return answer ?? (normalizedEmail(stored) == normalized)
  }

  /// An email as its uniqueness is judged: without surrounding spaces, lowercased.
  public static func normalizedEmail(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
