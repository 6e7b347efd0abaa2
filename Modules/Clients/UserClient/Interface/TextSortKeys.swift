#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The case-ignoring sort keys of many texts in one buffer: each text's lowercased UTF-8 bytes, with the first
/// sixteen packed in two numbers so that most comparisons are integer comparisons.
///
/// Comparing lowercased UTF-8 bytes orders as comparing the lowercased strings
/// does (UTF-8 keeps the order of code points) for text in the usual composed
/// form, at a fraction of the cost of a String comparison: no allocation, no
/// reference counting, no Unicode walk.
struct TextSortKeys {
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  /// Bytes 0–7 and 8–15 of each key, big-endian, zeros past its end: they order as the bytes do.
  private var prefixes: [(UInt64, UInt64)] = []

  /// The keys of `items`: each one's `primary` text, then a zero byte and its `secondary` text if given, so
  /// (city, name) orders by city and then by name.
  init<Items: Collection>(_ items: Items, primary: (Items.Element) -> String, secondary: ((Items.Element) -> String)?) {
    bytes.reserveCapacity(items.count * 24)
    starts.reserveCapacity(items.count + 1)
    prefixes.reserveCapacity(items.count)
    for item in items {
      let start = bytes.count
      appendLowercasedUTF8(primary(item), to: &bytes)
      if let secondary {
        bytes.append(0)
        appendLowercasedUTF8(secondary(item), to: &bytes)
      }
      starts.append(bytes.count)
      var high: UInt64 = 0
      var low: UInt64 = 0
      for offset in 0..<8 { high = high << 8 | UInt64(start + offset < bytes.count ? bytes[start + offset] : 0) }
      for offset in 8..<16 { low = low << 8 | UInt64(start + offset < bytes.count ? bytes[start + offset] : 0) }
      prefixes.append((high, low))
    }
  }

  /// The indices of the keys in ascending order, ties broken by `tieBreak` (which must be total).
  ///
  /// Sorted first by the packed prefixes alone (a plain sort of small values, inlined), then each run of equal
  /// prefixes, rare in real names, by the rest of its bytes.
  func sortedIndices(tieBreak: (Int, Int) -> Bool) -> [Int] {
    var entries = prefixes.enumerated().map { PrefixEntry(high: $1.0, low: $1.1, index: $0) }
    entries.sort()
    var indices = entries.map(\.index)
    var runStart = 0
    while runStart < entries.count {
      var runEnd = runStart + 1
      while runEnd < entries.count, entries[runEnd].high == entries[runStart].high,
        entries[runEnd].low == entries[runStart].low
      {
        runEnd += 1
      }
      if runEnd - runStart > 1 { sortTies(&indices[runStart..<runEnd], tieBreak: tieBreak) }
      runStart = runEnd
    }
    return indices
  }

  /// Orders keys whose first sixteen bytes are equal by the rest of their bytes, then by length, then `tieBreak`.
  private func sortTies(_ run: inout ArraySlice<Int>, tieBreak: (Int, Int) -> Bool) {
    bytes.withUnsafeBufferPointer { bytes in
      run.sort { a, b in
        let aCount = starts[a + 1] - starts[a]
        let bCount = starts[b + 1] - starts[b]
        let common = min(aCount, bCount)
        if common > 16 {
          let order = memcmp(bytes.baseAddress! + starts[a] + 16, bytes.baseAddress! + starts[b] + 16, common - 16)
          if order != 0 { return order < 0 }
        }
        return aCount != bCount ? aCount < bCount : tieBreak(a, b)
      }
    }
  }
}

/// A key's packed prefix and the index of its text, sorted as plain values.
private struct PrefixEntry: Comparable {
  let high: UInt64
  let low: UInt64
  let index: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low != rhs.low ? lhs.low < rhs.low : lhs.index < rhs.index
  }
}

/// Appends `text` lowercased as UTF-8: ASCII byte by byte straight from the string's storage, anything else
/// through `lowercased()` (search and sort keys, made for every user at once).
public func appendLowercasedUTF8(_ text: String, to bytes: inout [UInt8]) {
  let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
    var ascii: UInt8 = 0
    for byte in utf8 { ascii |= byte }
    guard ascii < 0x80 else { return false }
    for byte in utf8 { bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte) }
    return true
  }
  if copied != true { bytes.append(contentsOf: text.lowercased().utf8) }
}
