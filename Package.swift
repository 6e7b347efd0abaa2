// swift-tools-version: 6.2
// One package for the whole monorepo. Helpers below declare each kind of module so
// every target follows the same layout; nothing here depends on another package.
import PackageDescription

// The code TCA's macros would write (case paths, enum features, linked features' sent cases, client values) is
// generated into each module's folder as `<Target>+Boilerplate.swift` by `Scripts/generate` and kept in the
// repository; `Scripts/test` checks it is current. No target of this package runs the build-tool plugin: SwiftPM
// runs a plugin once per target at every re-plan, and each run costs more as the package grows
// (docs/build-times.md). A package of your own uses the plugin (`BoilerplatePlugin`) instead.

/// A runtime library under Modules/Core/NAME.
func core(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, path: "Modules/Core/\(name)")
}

/// The Swift Testing / XCTest target of a module, under Tests/NAMETests.
func tests(_ module: String, _ dependencies: [Target.Dependency] = []) -> Target {
  .testTarget(
    name: "\(module)Tests",
    dependencies: [.target(name: module)] + (module == "ComposableTesting" ? [] : ["ComposableTesting"]) + dependencies,
    path: "Tests/\(module)Tests")
}

let coreTargets: [Target] = [
  core("AtomicCounters"),
  core("IssueReporting"),
  core("IdentifiedCollections"),
  core("ValueDump"),
  core("Dependencies", ["IssueReporting", "Clocks", "ValueDump"]),
  core("Clocks", ["IssueReporting"]),
  core(
    "Sharing", ["AtomicCounters", "IssueReporting", "Clocks", "Dependencies", "ValueDump", "IdentifiedCollections"]),
  core(
    "Composable",
    ["AtomicCounters", "IssueReporting", "Dependencies", "IdentifiedCollections", "Clocks", "ValueDump", "Sharing"]),
  // The test store links no test framework, so an executable can run one; ComposableTesting adds the recording
  // of runtime issues as Swift Testing and XCTest failures, and is what test targets import.
  core("ComposableTestStore", ["Composable", "Clocks", "ValueDump", "Sharing"]),
  // What a debugger writes and reads beside the store's timeline: the trace file, recordings and their replay.
  core("ComposableDebugger", ["Composable", "AtomicCounters", "Sharing", "ValueDump"]),
  // The debugger served to clients in other terminals (a Unix socket), and the client's side of it.
  core("ComposableDebugServer", ["Composable", "ComposableDebugger", "Sharing"]),
  // Property-based exploration: a product of its own beside the test store, which it does not need to be.
  core("ComposableExplorer", ["Composable", "ComposableDebugger", "Clocks", "IssueReporting", "ValueDump"]),
  core(
    "ComposableTesting", ["ComposableTestStore", "ComposableExplorer", "Composable", "IssueReporting", "ValueDump"]),
  core("LineEditing"),
  // The system's SQLite, loaded at run time (no headers needed): the live user client's storage.
  core("SystemSQLite"),
  core("TerminalUI", ["LineEditing", "Composable"]),
  core(
    "TerminalApp",
    ["Composable", "ComposableDebugger", "TerminalUI", "LineEditing", "Sharing"]),
]

/// The Testing target that goes with an Interface target: `UserListInterface` → `UserListTesting`.
func testing(of interface: String) -> String? {
  interface.hasSuffix("Interface") ? String(interface.dropLast("Interface".count)) + "Testing" : nil
}

/// A dependency client under Modules/Clients/NAME, one folder per target: NAMEInterface (a struct of closures with
/// its test and preview values), NAMELive (the real thing), NAMETesting (fixtures and stand-in clients for tests),
/// and NAMELiveTests.
func client(_ name: String, interface: [String] = [], live: [String] = [], tests: [String] = []) -> [Target] {
  let dependencies = interface.map { Target.Dependency.target(name: $0) }
  return [
    .target(
      name: "\(name)Interface", dependencies: ["Dependencies"] + dependencies,
      path: "Modules/Clients/\(name)/Interface"),
    .target(
      name: "\(name)Live",
      dependencies: [.target(name: "\(name)Interface"), "Dependencies"] + live.map { .target(name: $0) },
      path: "Modules/Clients/\(name)/Live"),
    .target(
      name: "\(name)Testing", dependencies: [.target(name: "\(name)Interface"), "ComposableTesting"] + dependencies,
      path: "Modules/Clients/\(name)/Testing"),
    .testTarget(
      name: "\(name)LiveTests",
      dependencies: [
        .target(name: "\(name)Interface"), .target(name: "\(name)Live"), .target(name: "\(name)Testing"),
        "ComposableTesting", "Clocks",
      ] + tests.map { .target(name: $0) },
      path: "Tests/\(name)LiveTests"),
  ]
}

/// A feature under Modules/Features/NAME, one folder per target: NAMEInterface (what parents compose), NAMEFeature
/// (its logic and terminal view), NAMETesting (fixtures for its tests and its parents' tests), NAMEFeatureTests,
/// and the NAMEExample executable that runs it alone with preview dependencies.
///
/// `interface` lists the Interfaces the feature's types need (other features' and clients'); the Feature gets
/// them too, plus `implementation` (more Interfaces, never another feature's Feature). `presents` names the
/// features it presents: their Interfaces are in `interface`, and their Features are linked only by the tests
/// and the Example, which run the real children. The tests get the Testing target of every Interface listed.
func feature(
  _ name: String, interface: [String] = [], implementation: [String] = [], presents: [String] = []
) -> [Target] {
  let children: [Target.Dependency] = presents.map { .target(name: "\($0)Feature") }
  let interfaceName = "\(name)Interface"
  let implementationName = "\(name)Feature"
  let testingName = "\(name)Testing"
  let uses = (interface + implementation).map { Target.Dependency.target(name: $0) }
  let testings = (interface + implementation).compactMap(testing(of:)).map { Target.Dependency.target(name: $0) }
  return [
    .target(
      name: interfaceName, dependencies: ["Composable"] + interface.map { .target(name: $0) },
      path: "Modules/Features/\(name)/Interface"),
    .target(
      name: implementationName,
      dependencies: [.target(name: interfaceName), "Composable", "TerminalUI", "TerminalApp"] + uses,
      path: "Modules/Features/\(name)/Feature"),
    .target(
      name: testingName,
      dependencies: [.target(name: interfaceName), "Composable"] + interface.map { .target(name: $0) }
        + interface.compactMap(testing(of:)).map { .target(name: $0) },
      path: "Modules/Features/\(name)/Testing"),
    .testTarget(
      name: "\(implementationName)Tests",
      dependencies: [
        .target(name: interfaceName), .target(name: implementationName), .target(name: testingName),
        "ComposableTesting",
      ] + uses + testings + children,
      path: "Tests/\(implementationName)Tests"),
    .executableTarget(
      name: "\(name)Example",
      dependencies: [
        .target(name: interfaceName), .target(name: implementationName), "TerminalApp", "ComposableDebugServer",
      ] + uses + children,
      path: "App/Examples/\(name)Example"),
  ]
}

let clients: [Target] =
  client(
    "UserClient", interface: ["ValueDump", "Sharing"], live: ["Sharing", "SystemSQLite"], tests: ["SystemSQLite"])
  + client("AppInfoClient")
  + client("AnalyticsClient", interface: ["Composable"], live: ["Sharing"])

// One element per feature, not a chain of `+`: the compiler type-checks a chain of 200 `+` in seconds (9.7 s for
// the manifest at +200 features, 1.4 s as a list), and SwiftPM compiles the manifest at every re-plan.
let features: [Target] = [
  feature(
    "UserList",
    // UserDetail's Interface for the one wording of a delete, which the detail screen owns.
    interface: ["UserClientInterface", "SettingsInterface", "ErrorHandlingInterface"],
    implementation: ["UserDetailInterface"]),
  feature("UserForm", interface: ["UserClientInterface", "ErrorHandlingInterface"]),
  feature(
    "UserDetail", interface: ["UserClientInterface", "UserFormInterface", "ErrorHandlingInterface"],
    presents: ["UserForm"]),
  feature("Settings", interface: ["UserClientInterface"]),
  feature("ErrorHandling"),
  feature("AppInfo", interface: ["AppInfoClientInterface", "ErrorHandlingInterface"]),
  feature(
    "Onboarding",
    interface: ["UserListInterface", "SettingsInterface", "ErrorHandlingInterface", "UserClientInterface"],
    presents: ["UserList"]),
].flatMap { $0 }

/// The features the app composes, each by its Interface (AppFeature) and its Feature (the shell).
let appFeatures = ["UserList", "UserDetail", "UserForm", "Settings", "AppInfo", "ErrorHandling", "Onboarding"]

/// The root feature, Modules/Features/App/Feature: composes features from their Interfaces only (the shell links
/// the Features).
let appFeature: [Target] = [
  .target(
    name: "AppFeature",
    dependencies: ["Composable", "UserClientInterface"] + appFeatures.map { .target(name: "\($0)Interface") },
    path: "Modules/Features/App/Feature"),
  .testTarget(
    name: "AppFeatureTests",
    dependencies: [
      "AppFeature", "ComposableTesting", "UserClientInterface", "UserClientTesting", "AppInfoClientInterface",
    ]
      + appFeatures.flatMap {
        [.target(name: "\($0)Interface"), .target(name: "\($0)Feature"), .target(name: "\($0)Testing")]
      },
    path: "Tests/AppFeatureTests"),
]

let coreTests: [Target] = [
  tests("AtomicCounters"),
  tests("IssueReporting"),
  tests("IdentifiedCollections"),
  tests("ValueDump", ["IdentifiedCollections"]),
  tests("Dependencies"),
  tests("Clocks"),
  tests("Sharing"),
  // The timeline's trace and the recording of a store's actions are tested through the debugger's files.
  tests("Composable", ["ComposableDebugger"]),
  tests("ComposableTestStore"),
  tests("ComposableDebugger"),
  tests("ComposableDebugServer", ["ComposableDebugger", "DebuggerKit"]),
  tests("ComposableExplorer"),
  tests("ComposableTesting"),
  tests("TerminalUI"),
  tests("TerminalApp", ["ComposableDebugger", "ComposableDebugServer"]),
  tests("LineEditing"),
  tests("SystemSQLite"),
  tests("TerminalHarness"),
]

let apps: [Target] = [
  // The composition root: the only module that links features' Implementations and live clients.
  .target(
    name: "UsersShell",
    dependencies: [
      "AppFeature", "Composable", "ComposableDebugger", "ComposableDebugServer", "Sharing", "TerminalApp",
      "TerminalUI", "LineEditing",
    ]
      + ["UserClient", "AppInfoClient", "AnalyticsClient"].flatMap {
        [.target(name: "\($0)Interface"), .target(name: "\($0)Live")]
      }
      + appFeatures.flatMap { [.target(name: "\($0)Interface"), .target(name: "\($0)Feature")] },
    path: "App/users/Shell"),
  .executableTarget(name: "users", dependencies: ["UsersShell"], path: "App/users/Main"),
]

/// The shell's tests (sessions in process and the real `users` binary driven through pipes and a pseudo-terminal).
let appTests: [Target] = [
  .testTarget(
    name: "UsersShellTests",
    dependencies: [
      "UsersShell", "users", "ComposableTesting", "ComposableDebugger", "UserClientInterface", "UserClientTesting",
      "AnalyticsClientLive",
      "UserClientLive", "SystemSQLite", "TerminalHarness", "ComposableDebugServer", "DebuggerKit",
      "composable-debugger", "UserListExample",
    ],
    path: "Tests/UsersShellTests")
]

/// The release benchmarks (Scripts/bench): the runtime's rows and the app's own path.
let benchmarks: [Target] = [
  .executableTarget(
    name: "Benchmarks",
    dependencies: [
      "Composable", "ComposableDebugger", "ComposableTestStore", "ComposableExplorer", "UsersShell", "AppFeature",
      "Sharing", "TerminalUI", "UserClientInterface", "UserClientLive", "UserListInterface", "TerminalHarness",
      "ComposableDebugServer", "DebuggerKit",
    ],
    path: "App/Benchmarks")
]

/// The generator of boilerplate: the scanner and writer (a library its tests use), the command-line tool, and the
/// build-tool plugin that runs the tool on each module's sources.
let tools: [Target] = [
  // Named after their folders, as every target is: Boilerplate/Kit is BoilerplateKit.
  .target(name: "BoilerplateKit", path: "Modules/Tools/Boilerplate/Kit"),
  .executableTarget(
    name: "BoilerplateTool", dependencies: ["BoilerplateKit"], path: "Modules/Tools/Boilerplate/Tool"),
  .plugin(
    name: "BoilerplatePlugin", capability: .buildTool(), dependencies: ["BoilerplateTool"],
    path: "Modules/Tools/Boilerplate/Plugin"),
  // The scaffolder behind Scripts/new-feature: it reads and edits sources through BoilerplateKit's scanner.
  .target(name: "ScaffolderKit", dependencies: ["BoilerplateKit"], path: "Modules/Tools/Scaffolder/Kit"),
  .executableTarget(
    name: "ScaffolderTool", dependencies: ["ScaffolderKit"], path: "Modules/Tools/Scaffolder/Tool"),
  // A program driven at a pseudo-terminal, as a person types: the app's terminal tests and the long-session bench.
  // Test equipment, not runtime: no app links it.
  .target(name: "TerminalHarness", path: "Modules/Tools/TerminalHarness"),
  // The debugger's client: the console and connection (a library its tests and the benchmarks use), and the
  // command-line tool (composable-debugger) that attaches to an app serving its debugger.
  .target(
    name: "DebuggerKit", dependencies: ["ComposableDebugServer", "ComposableDebugger"],
    path: "Modules/Tools/Debugger/Kit"),
  .executableTarget(
    name: "composable-debugger", dependencies: ["DebuggerKit", "ComposableDebugServer"],
    path: "Modules/Tools/Debugger/Client"),
  .testTarget(name: "ScaffolderKitTests", dependencies: ["ScaffolderKit"], path: "Tests/ScaffolderKitTests"),
  // Every debugger command run at an app's prompt and through an attached client, compared word for word.
  .testTarget(
    name: "DebuggerKitTests",
    dependencies: ["DebuggerKit", "ComposableDebugServer", "ComposableDebugger", "Composable"],
    path: "Tests/DebuggerKitTests"),
  // The golden fixtures are read by path at run time, not compiled.
  .testTarget(
    name: "BoilerplateKitTests", dependencies: ["BoilerplateKit"], path: "Tests/BoilerplateKitTests",
    exclude: ["Golden"]),
]

let package = Package(
  name: "Users",
  // Observation's floor (docs/platforms.md): an app that still supports iOS 17 can depend on the library. Below
  // the 26 releases effects start after `send` returns (EffectStartOrder); CI runs the suites in both orders.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "ComposableTestStore", targets: ["ComposableTestStore"]),
    .library(name: "ComposableExplorer", targets: ["ComposableExplorer"]),
    .library(name: "ComposableDebugger", targets: ["ComposableDebugger"]),
    .library(name: "ComposableDebugServer", targets: ["ComposableDebugServer"]),
    // Attaches from another terminal to an app that serves its debugger: `swift run composable-debugger`.
    .executable(name: "composable-debugger", targets: ["composable-debugger"]),
    // Generates case paths, enum features and client boilerplate in a package of your own
    // (Scripts/templates/OutsidePackage).
    .plugin(name: "BoilerplatePlugin", targets: ["BoilerplatePlugin"]),
  ],
  targets: coreTargets + coreTests + clients + features + appFeature + apps + appTests + benchmarks + tools,
  swiftLanguageModes: [.v6]
)
