import Testing
import TerminalUI

struct TerminalTextTests {
  @Test func controlCharactersAreSpelledOut() {
    #expect(TerminalText.escaped("plain ünïcode 漢字") == "plain ünïcode 漢字")
    #expect(TerminalText.escaped("a\u{1B}[2Jb\nc\td\re\u{07}f\u{7F}g\u{9B}h") == #"a\e[2Jb\nc\td\re\x07f\x7Fg\u{9B}h"#)
  }

  @Test func aScreenKeepsLineBreaksAndStyleCodesButNothingElseRaw() {
    let style = TextStyle(colors: true)
    let screen = style.red("error") + "\nname: Eve\u{1B}[2J\u{1B}]0;title\u{07}"
    let safe = TerminalText.safeScreen(screen)
    #expect(safe == "\u{1B}[31merror\u{1B}[0m\nname: Eve\\e[2J\\e]0;title\\x07")
    // A color code from data is not told apart from ours; views escape data first, so it never gets here raw.
    #expect(TerminalText.safeScreen(TerminalText.escaped("\u{1B}[31m")) == #"\e[31m"#)
  }

  @Test func aLongLineIsCutToTheWidthCountingWideCharactersAndNotCountingColors() {
    #expect(TerminalText.truncated("short", toColumns: 10) == "short")
    #expect(TerminalText.truncated("0123456789abc", toColumns: 10) == "012345678…")
    #expect(TerminalText.truncated("漢字漢字漢字", toColumns: 7) == "漢字漢…")
    let colored = TextStyle(colors: true).dim("0123456789abc")
    #expect(TerminalText.truncated(colored, toColumns: 20) == colored)
    #expect(TerminalText.truncated(colored, toColumns: 5) == "\u{1B}[2m0123…\u{1B}[0m")
  }
}
