import LineEditing
import Testing

struct KeyDecoderTests {
  private func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
  }

  @Test func arrowsHomeEndAndDeleteInTheirCommonSpellings() {
    #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    #expect(keys(Array("\u{1B}OA\u{1B}OH\u{1B}OF".utf8)) == [.up, .home, .end])
    #expect(
      keys(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8)) == [
        .home, .end, .home, .end, .home, .end,
      ])
    #expect(keys(Array("\u{1B}[3~".utf8)) == [.delete])
    #expect(keys(Array("\u{1B}[1;5C\u{1B}[1;5D\u{1B}b\u{1B}f".utf8)) == [.wordRight, .wordLeft, .wordLeft, .wordRight])
  }

  @Test func controlBytesAreKeysAndUnknownOnesAreDropped() {
    #expect(
      keys([0x01, 0x05, 0x0B, 0x15, 0x17, 0x03, 0x04, 0x0C, 0x10, 0x0E]) == [
        .home, .end, .killToEnd, .killToStart, .killWordBackward, .interrupt, .endOfInput, .redraw, .up, .down,
      ])
    #expect(keys([0x7F, 0x08, 0x09, 0x0D, 0x0A]) == [.backspace, .backspace, .tab, .enter, .enter])
    #expect(keys([0x12, 0x07]) == [.reverseSearch, .cancel])
    // Ctrl-Backslash, Ctrl-Z and an unknown CSI sequence never reach the line raw (Ctrl-G is `.cancel`).
    #expect(keys([0x1C, 0x1A, 0x61] + Array("\u{1B}[2J".utf8) + [0x62]) == [.character("a"), .character("b")])
    // U+009B (a one-character CSI for some terminals) is dropped like ESC [.
    #expect(keys(Array("x\u{9B}2Jy".utf8)) == [.character("x"), .character("2"), .character("J"), .character("y")])
  }

  @Test func multibyteCharactersAssembleAcrossReadsThatSplitThem() {
    var decoder = KeyDecoder()
    let bytes = Array("é漢🙂".utf8)
    var decoded: [Key] = []
    for byte in bytes { decoded += decoder.decode([byte]) }
    #expect(decoded == [.character("é"), .character("漢"), .character("🙂")])
    #expect(!decoder.hasPending)
  }

  @Test func anEscapeSequenceSplitAcrossReadsWaitsForItsEnd() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.decode([UInt8(ascii: "[")]) == [])
    #expect(decoder.decode([UInt8(ascii: "A"), UInt8(ascii: "x")]) == [.up, .character("x")])
    decoder = KeyDecoder()
    _ = decoder.decode([0x1B])
    decoder.flushPending()
    #expect(decoder.decode([UInt8(ascii: "q")]) == [.character("q")])
  }

  @Test func invalidUTF8BecomesReplacementCharactersWithoutLosingWhatFollows() {
    #expect(keys([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
    #expect(keys([0xE0, 0x41, 0x42]) == [.character("\u{FFFD}"), .character("A"), .character("B")])
  }
}

/// A byte that cannot continue a UTF-8 character ends it: the broken character reads as U+FFFD and the byte as
/// itself, so Enter after a lone broken byte still runs the line, however the reads split the bytes.
struct BrokenUTF8Tests {
  @Test func enterAfterALoneLeadingByteStillRunsTheLine() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x61, 0xC3]) == [.character("a")])
    #expect(decoder.hasPending)
    #expect(decoder.decode([0x0D]) == [.character("\u{FFFD}"), .enter])
    #expect(!decoder.hasPending)
  }

  @Test func aCutThreeByteCharacterEndsAtTheByteThatCannotContinueIt() {
    var decoder = KeyDecoder()
    // "€" is E2 82 AC: cut after two bytes, then "x".
    #expect(decoder.decode([0xE2]) == [])
    #expect(decoder.decode([0x82]) == [])
    #expect(decoder.decode([0x78, 0x0D]) == [.character("\u{FFFD}"), .character("x"), .enter])
  }

  @Test func aLeadingByteAfterABrokenOneStartsItsOwnCharacter() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xC3, 0xC3, 0xA9, 0x0D]) == [.character("\u{FFFD}"), .character("é"), .enter])
  }

  @Test func anEscapeSequenceAfterABrokenByteIsStillAKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xF0, 0x9F]) == [])
    #expect(decoder.decode(Array("\u{1B}[A".utf8)) == [.character("\u{FFFD}"), .up])
  }

  @Test func aCompleteCharacterSplitAcrossReadsIsNotBroken() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xF0, 0x9F]) == [])
    #expect(decoder.decode([0x98]) == [])
    #expect(decoder.decode([0x80, 0x0D]) == [.character("😀"), .enter])
  }
}
