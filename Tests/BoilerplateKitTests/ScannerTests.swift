import BoilerplateKit
import Testing

/// The scanner on the inputs that break naive ones: what it must read, and where it must say it cannot.
struct ScannerTests {
  private func cases(of name: String, in source: String) throws -> [EnumCase] {
    let file = try SourceScanner.scan(source, file: "Nasty.swift")
    return try #require(file.types.first { $0.qualifiedName == name }).cases
  }

  @Test func bareRegexLiteralsHideParenthesesWhileDivisionsStayOperators() throws {
    let source = #"""
      enum Action: CasePathable {
        case first
        func clean(_ text: String) -> String {
          text.replacing(/Binding\.set\(\(?:[A-Z/]+\.)+/, with: "") + String(8 /2/ 2)
        }
        var pattern: Regex<Substring> { return /{(/ }
        case second
      }
      """#
    #expect(try cases(of: "Action", in: source).map(\.name) == ["first", "second"])
  }

  @Test func commentsAndStringsHideBracesAndCases() throws {
    let source = #"""
      enum Action: CasePathable {
        // case commentedOut
        /* case blockCommented { /* nested } */ still a comment } */
        case first
        var text: String { "case fake { \(["}": 1]["}"] ?? 0) " + #"raw \( "quoted" } case raw"# }
        var lines: String {
          """
          case inMultiline }
          \("""
            nested "" } case
            """)
          """
        }
        case second(String = "default, with ) and }")
      }
      """#
    let found = try cases(of: "Action", in: source)
    #expect(found.map(\.name) == ["first", "second"])
    #expect(found[1].payload == [PayloadValue(label: nil, type: "String")])
  }

  @Test func payloadsWithCommasInGenericsTuplesAndFunctions() throws {
    let source = """
      enum Action: CasePathable {
        case table(Dictionary<String, [Int: (x: Int, y: String)]>, label: (Int, Int) async throws -> Result<Int, any Error>)
        indirect case failed(ErrorReport, retry: Action)
        case element(id: ID, action: Child.Action), plain, `default`(Int?)
        case typed(_ value: @Sendable (String) throws(MyError) -> Void, rest: [String]...)
      }
      """
    let found = try cases(of: "Action", in: source)
    #expect(found.map(\.name) == ["table", "failed", "element", "plain", "`default`", "typed"])
    #expect(
      found[0].payload == [
        PayloadValue(label: nil, type: "Dictionary<String, [Int: (x: Int, y: String)]>"),
        PayloadValue(label: "label", type: "(Int, Int) async throws -> Result<Int, any Error>"),
      ])
    #expect(found[1].payload.map(\.label) == [nil, "retry"])
    #expect(
      found[2].payload == [PayloadValue(label: "id", type: "ID"), PayloadValue(label: "action", type: "Child.Action")])
    #expect(found[3].payload.isEmpty)
    #expect(found[4].payload == [PayloadValue(label: nil, type: "Int?")])
    #expect(
      found[5].payload == [
        PayloadValue(label: nil, type: "@Sendable (String) throws(MyError) -> Void"),
        PayloadValue(label: "rest", type: "[String]..."),
      ])
  }

  @Test func attributesRawValuesAndSwitchesInBodies() throws {
    let source = """
      enum Mode: String, CasePathable {
        @available(*, deprecated, message: "use b")
        case a = "a", b = "b"
        case c = "-1"
        static func parse(_ text: String) -> Mode? {
          switch text { case "x": return .a; default: return nil }
        }
        class func notAType() {}
      }
      """
    #expect(try cases(of: "Mode", in: source).map(\.name) == ["a", "b", "c"])
  }

  @Test func conditionalCompilationIsKeptAsConditions() throws {
    let source = """
      #if canImport(Foundation)
      import Foundation
      #endif
      enum Action: CasePathable {
        case always
        #if os(Linux)
        case linux
        #elseif os(macOS)
        case mac
        #else
        case other
        #endif
      }
      """
    let file = try SourceScanner.scan(source, file: "Nasty.swift")
    #expect(file.imports == [ImportDeclaration(text: "import Foundation", condition: "(canImport(Foundation))")])
    let found = try #require(file.types.first).cases
    #expect(
      found.map(\.condition) == ["", "(os(Linux))", "!(os(Linux)) && (os(macOS))", "!(os(Linux)) && !(os(macOS))"])
  }

  @Test func nestingThroughTypesAndExtensions() throws {
    let source = """
      public struct Feature: Reducer {
        public enum Action: CasePathable { case a }
      }
      extension Feature {
        /// The destinations.
        public enum Destination: Reducer { case child(Child) }
        private struct Hidden { enum Inner: CasePathable { case x } }
      }
      """
    let file = try SourceScanner.scan(source, file: "Nasty.swift")
    #expect(
      file.types.map(\.qualifiedName) == [
        "Feature", "Feature.Action", "Feature", "Feature.Destination", "Feature.Hidden", "Feature.Hidden.Inner",
      ])
    #expect(file.types[3].access == .public)
    #expect(file.types[5].isHiddenFromOtherFiles)
    #expect(!file.types[3].isHiddenFromOtherFiles)
  }

  @Test func initializersAreReadWithTheirAccessAndParameterNames() throws {
    let source = """
      public struct State {
        public init() {}
        init?<T: Equatable>(id: Int, _ name: String = "a, b", handler: @escaping (Int, Int) -> Void) { nil }
        private init(values: [Int: [String]]) {}
      }
      """
    let state = try SourceScanner.scan(source, file: "State.swift").types[0]
    #expect(
      state.initializers == [
        InitializerDeclaration(access: .public, parameterNames: []),
        InitializerDeclaration(access: .internal, parameterNames: ["id", "_", "handler"]),
        InitializerDeclaration(access: .private, parameterNames: ["values"]),
      ])
  }

  @Test(
    arguments: [
      ("enum A {\n  var s = \"unterminated\n}", 2, 11, "unterminated string literal"),
      ("enum A {\n  /* never closed\n}", 2, 3, "unterminated /* comment */"),
      ("enum A: CasePathable {\n  case a\n", 1, 22, "missing } for the { of A"),
      ("#endif\n", 1, 1, "#endif without #if"),
      ("#if DEBUG\nenum A {}\n", 1, 1, "#if without #endif"),
      ("enum A {\n  case a(Int Int)\n}", 2, 14, "cannot read the payload of case a: expected , or ) after Int"),
      ("enum A {\n  case a()\n}", 2, 9, "case a() has an empty payload: drop the parentheses"),
      ("}\n", 1, 1, "unmatched }"),
      ("let s = \"\\(unclosed\n", 1, 11, "unterminated interpolation \\( … ) in a string"),
    ])
  func unreadableInputFailsAtItsPlace(source: String, line: Int, column: Int, message: String) throws {
    let error = #expect(throws: ScanError.self) { try SourceScanner.scan(source, file: "Bad.swift") }
    #expect(error == ScanError(file: "Bad.swift", line: line, column: column, message: message))
    #expect(error?.description == "Bad.swift:\(line):\(column): error: \(message)")
  }
}
