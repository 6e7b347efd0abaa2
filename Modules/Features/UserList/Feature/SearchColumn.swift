import SettingsInterface
import UserClientInterface

/// One field of every row in lower case, as UTF-8 bytes in one buffer, searched for a substring without making a
/// string per row.
///
/// `String.contains` goes through Foundation on Linux and took about 1.5 µs per
/// field; a byte scan of the same lowercased text takes a few nanoseconds per
/// byte, which keeps a search of 100,000 users within the 20 ms a keystroke allows.
struct SearchColumn {
  private var bytes: [UInt8] = []
  /// Where each row's bytes start; the last element is the end of the last row.
  private var starts: [Int] = [0]

  /// The column of `values`, lowercased.
  init(_ values: some Sequence<String>) {
    for value in values {
      appendLowercasedUTF8(value, to: &bytes)
      starts.append(bytes.count)
    }
  }

  /// Whether row `row` contains `needle` (lowercased UTF-8 bytes, not empty).
  func row(_ row: Int, contains needle: [UInt8]) -> Bool {
    let start = starts[row]
    let end = starts[row + 1]
    guard end - start >= needle.count, let first = needle.first else { return false }
    return bytes.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        var index = start
        let last = end - needle.count
        while index <= last {
          if text[index] == first {
            var matched = 1
            while matched < needle.count, text[index + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }
}
