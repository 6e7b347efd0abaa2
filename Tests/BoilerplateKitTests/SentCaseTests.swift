import BoilerplateKit
import Testing

/// The cases a Feature module's logic sends itself are listed for explorations; a view's sends are not.
struct SentCaseTests {
  private func scan(_ source: String) throws -> [String] {
    try SourceScanner.scan(source, file: "Logic.swift").sentCaseNames
  }

  @Test func effectsAndReducerFollowUpsAreFound() throws {
    let names = try scan(
      """
      struct Logic: Reducer {
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          switch action {
          case .confirm: return .send(.deleteRequested(state.id))
          case .start: return .merge(.send(.ticked), Effect.send(.started))
          case .load:
            return .run { send in
              do { await send(.loaded(try await client.load())) } catch { try await send(.failed("\\(error)")) }
            }
          case .loaded: return .none
          }
        }
      }
      """)
    #expect(names == ["deleteRequested", "ticked", "started", "loaded", "failed"])
  }

  @Test func aViewSendingToItsStoreIsTheUsersAction() throws {
    let names = try scan(
      """
      struct ListView {
        let store: StoreOf<List>
        func handle(_ line: String) {
          store.send(.queryChanged(line))
          self.store.send(.task)
          stores[0].send(.retryTapped)
          child()?.send(.done)
        }
      }
      """)
    #expect(names.isEmpty)
  }

  @Test func aLinkedFeatureGetsItsSentCasesAsAConformance() throws {
    let files = try [
      SourceScanner.scan(
        """
        import Composable
        import ListInterface
        extension List: LinkedFeatureLogic {
          public static func logic() -> Reduce<State, Action> { Reduce(ListLogic()) }
        }
        """, file: "List.swift"),
      SourceScanner.scan(
        """
        struct ListLogic: Reducer {
          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            .run { send in await send(.loaded([])); await send(.delegate(.done)) }
          }
        }
        """, file: "ListLogic.swift"),
    ]
    let output = try BoilerplateGenerator(files: files).generate()
    #expect(output.contains("import ListInterface"))
    #expect(output.contains("extension List.Action: FeatureSentCases {\n"))
    #expect(output.contains(#"public static var casesSentByFeature: Set<String> { ["delegate", "loaded"] }"#))
  }

  @Test func aCaseTheLogicSendsAndACommandMakesIsStillTheUsers() throws {
    let files = try [
      SourceScanner.scan(
        """
        extension List: LinkedFeatureLogic {
          public static func logic() -> Reduce<State, Action> { Reduce(ListLogic()) }
        }
        struct ListLogic: Reducer {
          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case let .rowRead(id): return .send(.favoriteToggled(id))
            default: return .run { send in await send(.loaded([])) }
            }
          }
        }
        """, file: "ListLogic.swift"),
      SourceScanner.scan(
        """
        struct ListView {
          var commands: [Command] { [row("fav", List.Action.favoriteToggled), row("open", Action.Cases.open)] }
        }
        """, file: "ListView.swift"),
    ]
    #expect(files[1].qualifiedCaseNames == ["favoriteToggled"])
    let output = try BoilerplateGenerator(files: files).generate()
    #expect(output.contains(#"public static var casesSentByFeature: Set<String> { ["loaded"] }"#))
  }

  @Test func aModuleWithoutALinkedFeatureGetsNoConformance() throws {
    let files = try [
      SourceScanner.scan("struct Logic { func f() { _ = Effect.send(.loaded) } }", file: "Logic.swift")
    ]
    let output = try BoilerplateGenerator(files: files).generate()
    #expect(!output.contains("FeatureSentCases"))
  }
}
