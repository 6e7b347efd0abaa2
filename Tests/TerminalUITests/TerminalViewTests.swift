import Composable
import Testing
import TerminalUI

enum Action: Equatable {
  case search(String)
  case open(Int)
  case refresh
}

struct ListView: TerminalView {
  @MainActor func screen(of store: Store<[String], Action>, in context: ScreenContext) -> TerminalScreen<
    [String], Action
  > {
    let state = store.state
    let rows = state.enumerated().map { "\($0.offset + 1). \($0.element)" }
    return TerminalScreen(
      text: context.style.bold("Items") + "\n" + rows.joined(separator: "\n"), commands: commands(for: state)
    )
  }

  private func commands(for state: [String]) -> [TerminalCommand<Action>] {
    [
      .text("search", argument: "query", help: "Filter by name.", allowEmpty: true, action: Action.search),
      .number("open", argument: "row", in: 1...max(state.count, 1), help: "Open a row.", action: Action.open),
      .simple("refresh", help: "Load again.", action: .refresh),
    ]
  }
}

@MainActor struct TerminalViewTests {
  let view = ListView()
  let rows = ["Ada", "Grace"]

  @Test func linesBecomeActions() throws {
    #expect(try view.action(for: "search ada lovelace", in: rows).get() == .search("ada lovelace"))
    #expect(try view.action(for: "search \"two  spaces\"", in: rows).get() == .search("two  spaces"))
    #expect(try view.action(for: "  open 2 ", in: rows).get() == .open(2))
    #expect(try view.action(for: "refresh", in: rows).get() == .refresh)
  }

  @Test func badLinesAreOneLineErrors() {
    #expect(
      view.action(for: "fly", in: rows)
        == .failure(CommandError("Unknown command 'fly'; 'help' lists the commands of this screen.")))
    #expect(view.action(for: "open 3", in: rows) == .failure(CommandError("No row 3: choose 1–2.")))
    #expect(view.action(for: "open two", in: rows) == .failure(CommandError("'open' needs one number <row>.")))
    #expect(view.action(for: "refresh now", in: rows) == .failure(CommandError("'refresh' takes no arguments.")))
    #expect(
      view.action(for: "search \"open", in: rows) == .failure(CommandError("Unterminated quote in: search \"open")))
    #expect(view.action(for: "   ", in: rows) == .failure(CommandError("Type a command; 'help' lists them.")))
  }

  @Test func helpListsEveryCommandAligned() {
    #expect(
      view.help(for: rows) == """
        search <query>  Filter by name.
        open <row>      Open a row.
        refresh         Load again.
        """)
  }

  @Test func stylesAreOffForPipesAndNoColor() {
    #expect(TextStyle.plain.bold("x") == "x")
    #expect(TextStyle(colors: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(TextStyle.detect(environment: ["NO_COLOR": "1"]).colors == false)
    #expect(view.render(rows, style: .plain) == "Items\n1. Ada\n2. Grace")
  }

  @Test func commandsMapIntoAParentsActions() throws {
    enum Parent: Equatable { case list(Action) }
    let command = TerminalCommand<Action>.simple("refresh", help: "", action: .refresh).map(Parent.list)
    #expect(try command.parse([]).get() == .list(.refresh))
  }

  @Test func aChoiceTakesOneOfTheRawValuesAndListsThemOtherwise() throws {
    enum Size: String, CaseIterable { case small, large }
    let command = TerminalCommand<Size>.choice("size", of: Size.self, help: "Pick a size.") { $0 }
    #expect(command.usage == "size small|large")
    #expect(try command.parse(["large"]).get() == .large)
    #expect(command.parse(["huge"]) == .failure(CommandError("'size' needs one of: small, large.")))
    #expect(command.parse([]) == .failure(CommandError("'size' needs one of: small, large.")))
    #expect(command.parse(["small", "large"]) == .failure(CommandError("'size' needs one of: small, large.")))
  }
}
