import BoilerplateKit
import Testing

/// What the generator writes for each kind of declaration, and the declarations it refuses, at their place.
struct GeneratorTests {
  private func generate(_ sources: [String: String]) throws -> String {
    let files = try sources.sorted { $0.key < $1.key }.map { try SourceScanner.scan($1, file: $0) }
    return try BoilerplateGenerator(files: files).generate()
  }

  private func failure(_ sources: [String: String]) throws -> [ScanError] {
    let files = try sources.sorted { $0.key < $1.key }.map { try SourceScanner.scan($1, file: $0) }
    return #expect(throws: GenerationFailure.self) { try BoilerplateGenerator(files: files).generate() }?.errors ?? []
  }

  @Test func everyCaseGetsAPathAndOuterNamesAreQualified() throws {
    let output = try generate([
      "Feature.swift": """
      import Composable
      public struct Feature {
        public typealias Sort = Int
        public enum Action: CasePathable {
          /// The screen appeared.
          case task
          case sorted(Sort)
          case moved(Sort, to: Delegate)
          #if DEBUG
          case debug(label: String)
          #endif
          public enum Delegate { case done }
        }
      }
      """
    ])
    #expect(output.contains("import Composable"))
    #expect(output.contains("extension Feature.Action {\n"))
    #expect(output.contains("  public struct Cases: CaseList {\n"))
    #expect(output.contains("    /// The screen appeared.\n    public let task = CasePath<Feature.Action, Void>"))
    #expect(output.contains("public let sorted = CasePath(Feature.Action.sorted, extract:"))
    // `Sort` is Feature's, which an extension of Feature.Action does not see; `Delegate` is the enum's own.
    #expect(output.contains("CasePath<Feature.Action, (Feature.Sort, to: Delegate)>"))
    #expect(
      output.contains("#if (DEBUG)\n    /// `.debug`.\n    public let debug = CasePath(Feature.Action.debug(label:)"))
  }

  @Test func handWrittenCasesAreLeftAlone() throws {
    let output = try generate([
      "A.swift": "enum A: CasePathable {\n  case a\n  struct Cases: CaseList { init() {} }\n}"
    ])
    #expect(!output.contains("extension A"))
  }

  @Test func enumFeatureGetsStateActionAndReducer() throws {
    let output = try generate([
      "Destination.swift": """
      extension App {
        public enum Destination: Reducer {
          public typealias StateConformances = Equatable & Codable & RestorableState
          /// The form.
          case add(Form)
          case settings(Settings)
          #if DEBUG
          case `debug`(Debug)
          #endif
        }
      }
      """
    ])
    #expect(output.contains("extension App.Destination: CaseReducer {"))
    #expect(
      output.contains("public enum State: CasePathable, CaseReducerState, Equatable, Codable, RestorableState {"))
    #expect(output.contains("    /// The form.\n    case add(Form.State)"))
    #expect(output.contains("public enum Action: CasePathable, Equatable {"))
    #expect(output.contains("Scope(state: \\.settings, action: \\.settings) { Settings() }"))
    #expect(output.contains("case var .settings(state):\n        state.settleForRestoration()"))
    #expect(output.contains("extension App.Destination.State {\n"))
    #expect(output.contains("extension App.Destination.Action {\n"))
    // What lets a view show each case's own screen: the features by case, and a visit of the current case.
    #expect(output.contains("public static func caseName(of action: Action) -> String {\n    switch action {\n"))
    #expect(output.contains("#if (DEBUG)\n    case .`debug`: \"debug\"\n#endif"))
    #expect(output.contains("features.append(CaseFeature(caseName: \"add\", feature: Form.self))"))
    #expect(
      output.contains(
        "#if (DEBUG)\n    features.append(CaseFeature(caseName: \"debug\", feature: Debug.self))\n#endif"))
    #expect(
      output.contains(
        """
            case let .settings(childState):
              return visitor.visit(Settings.self, caseName: "settings", state: childState, embed: Action.settings)
        """))
    #expect(
      output.contains(
        "#if (DEBUG)\n    case let .`debug`(childState):\n      return visitor.visit(Debug.self, caseName: \"debug\""))
  }

  @Test func reducerEnumsWithTheirOwnLogicAreNotFeatures() throws {
    let output = try generate([
      "Either.swift": """
      enum Either<A: Reducer, B: Reducer>: Reducer {
        case a(A), b(B)
        func reduce(into state: inout A.State, action: A.Action) -> Effect<A.Action> { .none }
      }
      """
    ])
    #expect(!output.contains("CaseReducer"))
  }

  @Test func clientGetsAnUnimplementedValue() throws {
    let output = try generate([
      "Client.swift": """
      import Dependencies
      public struct Client: DependencyClient {
        public var load: @Sendable () async throws -> [Item]
        public var track: @Sendable (String) -> Void
        public var cached = 0
      }
      """
    ])
    #expect(output.contains("  public static var unimplementedValue: Client {\n    Client(\n"))
    #expect(output.contains("load: unimplemented(\"Client.load\"),"))
    #expect(output.contains("track: unimplemented(\"Client.track\", placeholder: ())"))
  }

  @Test func aModuleDeclaringNothingGetsTheHeaderAloneAndTheToolsWarning() throws {
    let output = try generate(["Plain.swift": "struct Plain { var count = 0 }\nenum Mode { case a, b }"])
    #expect(output == BoilerplateGenerator.emptyOutput)
    #expect(try generate(["A.swift": "enum A: CasePathable { case a }"]) != BoilerplateGenerator.emptyOutput)
    let warning = BoilerplateGenerator.nothingToGenerateWarning(at: "/repo/Tests/XTests/A.swift")
    #expect(warning.hasPrefix("/repo/Tests/XTests/A.swift:1:1: warning: this module declares nothing"))
    #expect(warning.contains("take the plugin off its target in Package.swift"))
  }

  @Test func refusalsNameTheirPlace() throws {
    let errors = try failure([
      "A.swift": "private enum Hidden: CasePathable {\n  case a\n}",
      "B.swift": """
      enum Destination: Reducer {
        case note(String)
        case add(form: Form)
      }
      enum Path: Reducer {
        case rows([Int])
      }
      """,
      "C.swift": "struct Client: DependencyClient {\n  var name: String\n}",
      "D.swift": "struct Client2: DependencyClient {\n  var fetch: @Sendable () -> Int\n}",
      "E.swift": "extension Foreign: CasePathable {}",
    ])
    #expect(
      errors.map { "\($0.file):\($0.line)" } == [
        "A.swift:1", "B.swift:2", "B.swift:6", "C.swift:2", "D.swift:2", "E.swift:1",
      ])
    #expect(errors[0].message.contains("Hidden is private"))
    // A labeled payload is plain state; an unlabeled standard value could only be a mistaken feature.
    #expect(errors[1].message.contains("case note of the enum feature Destination holds String, which is not a"))
    #expect(errors[1].message.contains("case note(value: String)"))
    #expect(errors[2].message.contains("holds [Int], which is not a feature"))
    #expect(errors[3].message.contains("Client.name is not a closure"))
    #expect(errors[4].message.contains("neither throws nor returns Void"))
    #expect(errors[5].message.contains("its enum is not declared in this module"))
  }
}
