// swift-tools-version: 6.0
// One package for the whole monorepo. Helpers below declare each kind of module so
// every target follows the same layout; nothing here depends on another package.
import PackageDescription

/// A runtime library under Modules/Core/NAME.
func core(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, path: "Modules/Core/\(name)")
}

/// The Swift Testing / XCTest target of a module, under Tests/NAMETests.
func tests(_ module: String, _ dependencies: [Target.Dependency] = []) -> Target {
  .testTarget(
    name: "\(module)Tests",
    dependencies: [.target(name: module)] + (module == "ComposableTesting" ? [] : ["ComposableTesting"]) + dependencies,
    path: "Tests/\(module)Tests"
  )
}

let coreTargets: [Target] = [
  core("IssueReporting"),
  core("IdentifiedCollections"),
  core("ValueDump"),
  core("Dependencies", ["IssueReporting", "Clocks"]),
  core("Clocks", ["IssueReporting"]),
  core("Sharing", ["IssueReporting", "Dependencies", "ValueDump"]),
  core("Composable", ["IssueReporting", "Dependencies", "IdentifiedCollections", "Clocks", "ValueDump", "Sharing"]),
  core("ComposableTesting", ["Composable", "ValueDump", "Sharing"]),
  core("TerminalUI"),
  core("TerminalApp", ["Composable", "TerminalUI"]),
]

/// A dependency client: its interface NAME (a struct of closures with test and preview values) and NAMELive.
func client(_ name: String, interface: [Target.Dependency] = [], live: [Target.Dependency] = []) -> [Target] {
  [
    .target(name: name, dependencies: ["Dependencies"] + interface, path: "Modules/Clients/\(name)/Interface"),
    .target(
      name: "\(name)Live", dependencies: [.target(name: name), "Dependencies"] + live,
      path: "Modules/Clients/\(name)/Live"),
    .testTarget(
      name: "\(name)Tests", dependencies: [.target(name: name), .target(name: "\(name)Live"), "ComposableTesting"],
      path: "Tests/\(name)Tests"),
  ]
}

/// A feature in four targets: NAMEInterface (what parents compose), NAMEFeature (its logic and terminal view),
/// NAMEFeatureTests, and the NAMEExample executable that runs it alone with preview dependencies.
///
/// `interface` lists the Interfaces and client interfaces the feature's types need; the Implementation gets
/// them too, plus `implementation` (more Interfaces, never another feature's Implementation). `presents` names
/// the features it presents: their Interfaces are in `interface`, and their Implementations are linked only
/// by the tests and the Example, which run the real children.
func feature(
  _ name: String, interface: [Target.Dependency] = [], implementation: [Target.Dependency] = [],
  presents: [String] = []
) -> [Target] {
  let children: [Target.Dependency] = presents.map { .target(name: "\($0)Feature") }
  let interfaceName = "\(name)Interface"
  let implementationName = "\(name)Feature"
  return [
    .target(
      name: interfaceName, dependencies: ["Composable"] + interface,
      path: "Modules/Features/\(name)/Interface"),
    .target(
      name: implementationName,
      dependencies: [.target(name: interfaceName), "Composable", "TerminalUI", "TerminalApp"] + interface
        + implementation,
      path: "Modules/Features/\(name)/Implementation"),
    .testTarget(
      name: "\(implementationName)Tests",
      dependencies: [.target(name: interfaceName), .target(name: implementationName), "ComposableTesting"]
        + interface + implementation + children,
      path: "Tests/\(implementationName)Tests"),
    .executableTarget(
      name: "\(name)Example",
      dependencies: [.target(name: interfaceName), .target(name: implementationName), "TerminalApp"] + interface
        + children,
      path: "App/Examples/\(name)Example"),
  ]
}

let clients: [Target] =
  client("UserClient", interface: ["ValueDump", "Sharing"], live: ["Sharing"]) + client("AppInfoClient")
  + client("AnalyticsClient", interface: ["Composable"], live: ["Sharing"])

let features: [Target] =
  feature("UserList", interface: ["UserClient", "SettingsInterface", "ErrorHandlingInterface"])
  + feature("UserForm", interface: ["UserClient", "ErrorHandlingInterface"])
  + feature(
    "UserDetail", interface: ["UserClient", "UserFormInterface", "ErrorHandlingInterface"], presents: ["UserForm"])
  + feature("Settings", interface: ["UserClient"])
  + feature("ErrorHandling")
  + feature("AppInfo", interface: ["AppInfoClient", "ErrorHandlingInterface"])
  + feature(
    "Onboarding", interface: ["UserListInterface", "SettingsInterface", "ErrorHandlingInterface", "UserClient"],
    presents: ["UserList"])

/// The root feature: composes features from their Interfaces only (the shell links the Implementations).
let appFeature: [Target] = [
  .target(
    name: "AppFeature",
    dependencies: [
      "Composable", "UserClient", "UserListInterface", "UserDetailInterface", "UserFormInterface",
      "SettingsInterface", "AppInfoInterface", "ErrorHandlingInterface", "OnboardingInterface",
    ],
    path: "Modules/Features/AppFeature"),
  .testTarget(
    name: "AppFeatureTests",
    dependencies: [
      "AppFeature", "ComposableTesting", "UserListFeature", "UserDetailFeature", "UserFormFeature",
      "SettingsFeature", "AppInfoFeature", "ErrorHandlingFeature", "OnboardingFeature", "AppInfoClient",
    ],
    path: "Tests/AppFeatureTests"),
]

let coreTests: [Target] = [
  tests("IssueReporting"),
  tests("IdentifiedCollections"),
  tests("ValueDump", ["IdentifiedCollections"]),
  tests("Dependencies"),
  tests("Clocks"),
  tests("Sharing"),
  tests("Composable"),
  tests("ComposableTesting"),
  tests("TerminalUI"),
  tests("TerminalApp"),
]

let apps: [Target] = [
  // The composition root: the only module that links features' Implementations and live clients.
  .target(
    name: "UsersShell",
    dependencies: [
      "AppFeature", "Composable", "Sharing", "TerminalApp", "TerminalUI", "UserClient", "UserClientLive",
      "AppInfoClient", "AppInfoClientLive", "AnalyticsClient", "AnalyticsClientLive", "UserListInterface",
      "UserListFeature", "UserDetailInterface",
      "UserDetailFeature", "UserFormInterface", "UserFormFeature", "SettingsInterface", "SettingsFeature",
      "AppInfoInterface", "AppInfoFeature", "ErrorHandlingInterface", "ErrorHandlingFeature",
      "OnboardingInterface", "OnboardingFeature",
    ],
    path: "App/users/Shell"),
  .executableTarget(name: "users", dependencies: ["UsersShell"], path: "App/users/Main"),
  .testTarget(
    name: "UsersShellTests",
    dependencies: ["UsersShell", "users", "ComposableTesting", "UserClient", "AnalyticsClientLive"],
    path: "Tests/UsersShellTests"),
  .executableTarget(
    name: "Benchmarks",
    dependencies: ["Composable", "ComposableTesting"],
    path: "App/Benchmarks"
  ),
]

let package = Package(
  name: "Users",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "users", targets: ["users"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
  ],
  targets: coreTargets + coreTests + clients + features + appFeature + apps,
  swiftLanguageModes: [.v6]
)
