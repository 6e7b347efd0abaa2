import ScaffolderKit
import Testing

/// Package.swift and AppFeature edited through their tokens: reformatted or commented sources are edited alike, and
/// a file without the place to edit is refused with where it looked.
struct EditorTests {
  private let package = """
    let features: [Target] = [
      feature("UserList"),
      // a comment in the list
      feature(
        "Onboarding", presents: ["UserList"])
    ].flatMap { $0 }

    /// The features the app composes.
    let appFeatures = ["UserList", "Onboarding"]

    let more = 1
    """

  @Test func aFeatureLineGoesAtTheEndOfTheFeaturesListWithTheCommaBeforeItThatWasLeftOut() throws {
    let edited = try PackageEditor.addingFeature("  feature(\"Cart\"),", in: package)
    #expect(
      edited.contains(
        "    \"Onboarding\", presents: [\"UserList\"]),\n  feature(\"Cart\"),\n].flatMap { $0 }\n\n/// The"))
    // Once more: the comma is there now, and the new line goes after the last one.
    let twice = try PackageEditor.addingFeature("  feature(\"Shop\"),", in: edited)
    #expect(twice.contains("  feature(\"Cart\"),\n  feature(\"Shop\"),\n].flatMap { $0 }\n"))
  }

  @Test func anAppFeatureIsAddedBeforeTheClosingBracketEvenAfterATrailingComma() throws {
    #expect(
      try PackageEditor.addingAppFeature("Cart", in: package).contains(
        "let appFeatures = [\"UserList\", \"Onboarding\", \"Cart\"]"))
    let trailing = "let appFeatures = [\n  \"UserList\",\n]\n"
    #expect(
      try PackageEditor.addingAppFeature("Cart", in: trailing) == "let appFeatures = [\n  \"UserList\",\n\"Cart\"]\n")
  }

  @Test func aPackageWithoutTheListsIsRefused() {
    #expect(throws: ScaffoldError("Package.swift has no 'let features: [Target] = [' list to register the feature in"))
    {
      try PackageEditor.addingFeature("x", in: "let targets = [1]")
    }
    // The chain of `+` of earlier versions: said, not edited into something that does not compile.
    #expect(throws: ScaffoldError("Package.swift has no 'let features: [Target] = [' list to register the feature in"))
    {
      try PackageEditor.addingFeature("x", in: "let features: [Target] =\n  feature(\"A\")\n  + feature(\"B\")\n")
    }
    #expect(throws: ScaffoldError("Package.swift has no 'let appFeatures = [' list to add the feature to")) {
      try PackageEditor.addingAppFeature("Cart", in: "// let appFeatures = [\"A\"]")
    }
  }

  private let destination = """
    import Composable
    import UserFormInterface

    extension AppFeature {
      /// What the root presents.
      public enum Destination: Reducer {
        /// The form.
        case add(
          UserForm)
        // the last one
        case settings(Settings)

        /// A nested type after the cases.
        public enum Alert { case ok }
      }
    }
    """

  @Test func aCaseGoesAfterTheLastCaseAndItsInterfaceIsImportedInOrder() throws {
    let edited = try AppFeatureEditor.addingCase(
      "cart", holding: "Cart", summary: "The cart.", toEnum: "AppFeature.Destination", in: destination, file: "D.swift")
    #expect(edited.hasPrefix("import CartInterface\nimport Composable\nimport UserFormInterface\n"))
    #expect(edited.contains("    case settings(Settings)\n    /// The cart.\n    case cart(Cart)\n\n    /// A nested"))
  }

  @Test func aCaseThatExistsOrAMissingEnumIsRefused() {
    #expect(throws: ScaffoldError("AppFeature.Destination already has a case 'settings'")) {
      try AppFeatureEditor.addingCase(
        "settings", holding: "Settings", summary: "", toEnum: "AppFeature.Destination", in: destination, file: "D")
    }
    #expect(throws: ScaffoldError("D declares no enum AppFeature.Path to add the case to")) {
      try AppFeatureEditor.addingCase(
        "cart", holding: "Cart", summary: "", toEnum: "AppFeature.Path", in: destination, file: "D")
    }
  }

  private let body = """
    import Composable

    public struct AppFeature: Reducer {
      func canDeliver(_ action: Action) -> Bool {
        switch action {
        case .list, .path, .destination, .error: true
        }
      }

      public var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .destination(.presented(.add(.delegate(.saved(user))))):
            return .none
          case .list,
            .path, .destination,   // everything else
            .error:
            return .none
          }
        }
      }
    }
    """

  @Test func theRouteGoesBeforeTheBodysCatchAllClauseWhateverItsLayout() throws {
    let route = ["case .destination(.presented(.cart(.delegate(.finished)))):", "  state.destination = nil"]
    let edited = try AppFeatureEditor.addingRoute(
      route, catchingAllOf: "destination", importing: "CartInterface", in: body, file: "A.swift")
    #expect(edited.hasPrefix("import CartInterface\nimport Composable\n"))
    #expect(
      edited.contains(
        "        return .none\n      case .destination(.presented(.cart(.delegate(.finished)))):\n"
          + "        state.destination = nil\n\n      case .list,\n"))
    // The helper's switch before `body` is left alone.
    #expect(edited.contains("    switch action {\n    case .list, .path, .destination, .error: true"))
  }

  @Test func aBodyWithoutACatchAllIsRefused() {
    let source = "struct A {\n  var body: Int {\n    switch x {\n    case .a(let y): 1\n    }\n  }\n}"
    #expect {
      try AppFeatureEditor.addingRoute(
        ["case .x:"], catchingAllOf: "destination", importing: "X", in: source, file: "A")
    } throws: { error in
      (error as? ScaffoldError)?.message.contains("has no catch-all case naming .destination") == true
    }
  }
}
