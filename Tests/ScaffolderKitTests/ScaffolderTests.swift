import Foundation
import ScaffolderKit
import Testing

/// Whole scaffolds planned against a small repository in memory with the real templates: what is written, what is
/// refused, and that a refusal writes nothing (a plan is all or nothing).
struct ScaffolderTests {
  /// The repository's root, found from this file.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static func templates() throws -> [String: String] {
    var files: [String: String] = [:]
    for name in ["Interface", "Logic", "View", "Fixtures", "Tests", "Example", "PresentationTests", "PushTests"] {
      let path = "\(Scaffolder.templateFolder)/\(name).swift"
      files[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    return files
  }

  private func tree() throws -> MemorySourceTree {
    var files = try Self.templates()
    files["Package.swift"] = """
      let features: [Target] = [
        feature("UserForm"),
        feature("Settings"),
      ].flatMap { $0 }

      let appFeatures = ["UserForm", "Settings"]
      """
    files["Modules/Core/Composable/Store.swift"] = "public final class Store<State, Action> {}\nstruct Hidden {}"
    files["Modules/Features/UserForm/Interface/UserForm.swift"] = """
      public struct UserForm: Reducer {
        public struct State: Equatable {
          public init() {}
          public init(name: String) {}
        }
      }
      """
    files["Modules/Features/UserForm/Feature/UserFormView.swift"] = "extension UserForm: LinkedFeatureView {}"
    files["Modules/Features/Settings/Interface/Settings.swift"] = """
      public struct Settings: Reducer {
        public struct State: Equatable {
          init() {}
        }
      }
      """
    files["Modules/Features/Settings/Feature/SettingsView.swift"] = "extension Settings: LinkedFeatureView {}"
    files["Tests/UserFormFeatureTests/UserFormTests.swift"] = ""
    files["Modules/Features/App/Feature/AppFeature+Destination.swift"] = """
      extension AppFeature {
        public enum Destination: Reducer {
          case userForm(UserForm)
        }
      }
      """
    files["Modules/Features/App/Feature/AppFeature.swift"] = """
      public struct AppFeature: Reducer {
        public var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .list, .path, .destination, .error:
              return .none
            }
          }
        }
      }
      """
    return MemorySourceTree(files: files)
  }

  @Test func aFeatureIsSixNewFilesAndOneLineOfPackageSwift() throws {
    let plan = try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart"))
    #expect(
      plan.changes.map(\.path) == [
        "Modules/Features/Cart/Interface/Cart.swift", "Modules/Features/Cart/Feature/CartLogic.swift",
        "Modules/Features/Cart/Feature/CartView.swift", "Modules/Features/Cart/Testing/Cart+Fixtures.swift",
        "Tests/CartFeatureTests/CartTests.swift", "App/Examples/CartExample/main.swift", "Package.swift",
      ])
    #expect(plan.changes.prefix(6).allSatisfy { $0.isNew })
    let interface = plan.changes[0].contents
    #expect(interface.contains("public struct Cart: Reducer {"))
    #expect(!interface.contains("FeatureName") && !interface.contains("ChildName") && !interface.contains("scaffold:"))
    #expect(plan.changes[6].contents.contains("  feature(\"Settings\"),\n  feature(\"Cart\"),\n].flatMap { $0 }"))
    #expect(plan.summary.hasPrefix("Created feature Cart:\n  Modules/Features/Cart/Interface/Cart.swift"))
  }

  @Test func aPresentingFeatureOpensItsChild() throws {
    let plan = try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart", presents: "UserForm"))
    #expect(plan.changes[1].contents.contains("state.userForm = UserForm.State()"))
    #expect(
      plan.changes[6].contents.contains(
        "  feature(\"Cart\", interface: [\"UserFormInterface\"], presents: [\"UserForm\"]),"))
  }

  @Test func presentedByTheAppAddsACaseARouteATestAndTheAppFeaturesEntry() throws {
    let plan = try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart", placement: .presentedBy("AppFeature")))
    let byPath = Dictionary(uniqueKeysWithValues: plan.changes.map { ($0.path, $0.contents) })
    #expect(byPath["Tests/AppFeatureTests/CartPresentationTests.swift"]?.contains("state.destination = .cart(") == true)
    #expect(byPath["Modules/Features/App/Feature/AppFeature+Destination.swift"]?.contains("case cart(Cart)") == true)
    #expect(
      byPath["Modules/Features/App/Feature/AppFeature.swift"]?.contains(
        "case .destination(.presented(.cart(.delegate(.finished)))):") == true)
    #expect(byPath["Package.swift"]?.contains("let appFeatures = [\"UserForm\", \"Settings\", \"Cart\"]") == true)
  }

  @Test func pushedByTheAppWantsAPathEnum() throws {
    #expect(
      throws: ScaffoldError(
        "cannot read Modules/Features/App/Feature/AppFeature+Path.swift and Modules/Features/App/Feature/AppFeature.swift"
      )
    ) {
      try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart", placement: .pushedBy("AppFeature")))
    }
  }

  @Test(arguments: [
    ("lowercase", "is not a feature name"), ("Has-Dash", "is not a feature name"),
    ("UserForm", "is taken: Modules/Features/UserForm"), ("userform", "is not a feature name"),
    ("Userform", "is taken: Modules/Features/UserForm already exists"),
    ("USERFORM", "is taken: Modules/Features/UserForm already exists"), ("Store", "is a type of the runtime"),
    ("Hidden", "OK"), ("Int", "is a Swift or Foundation name"), ("CartFeature", "ends in a suffix"),
    ("UserFormFeatureTestsX", "OK"),
  ])
  func namesAreCheckedIgnoringCase(name: String, message: String) throws {
    let tree = try tree()
    if message == "OK" {
      _ = try Scaffolder(tree: tree).plan(FeatureRequest(name: name))
    } else {
      #expect {
        try Scaffolder(tree: tree).plan(FeatureRequest(name: name))
      } throws: { error in
        (error as? ScaffoldError)?.message.contains(message) == true
      }
    }
  }

  @Test(arguments: [
    ("Nowhere", "no feature 'Nowhere'"), ("Settings", "Settings.State has no public init()"),
    ("Cart", "a feature cannot present itself"), ("bad", "is not a feature name"),
  ])
  func whatCannotBePresentedIsRefused(child: String, message: String) throws {
    #expect {
      try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart", presents: child))
    } throws: { error in
      (error as? ScaffoldError)?.message.contains(message) == true
    }
  }

  @Test func onlyAppFeatureHostsAndACaseMayNotExistTwice() throws {
    #expect {
      try Scaffolder(tree: tree()).plan(FeatureRequest(name: "Cart", placement: .presentedBy("UserForm")))
    } throws: { error in
      (error as? ScaffoldError)?.message.contains("only AppFeature has a Destination and a Path") == true
    }
    var taken = try tree()
    taken.files["Modules/Features/App/Feature/AppFeature+Destination.swift"]! += "\n// case cart(Cart) in a comment"
    _ = try Scaffolder(tree: taken).plan(FeatureRequest(name: "Cart", placement: .presentedBy("AppFeature")))
  }
}
