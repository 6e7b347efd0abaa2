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
]

let apps: [Target] = [
  .executableTarget(name: "users", dependencies: ["Composable"], path: "App/users"),
  .executableTarget(
    name: "Benchmarks",
    dependencies: ["Composable", "ComposableTesting"],
    path: "App/Benchmarks",
    swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=200"])]
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
  targets: coreTargets + coreTests + apps,
  swiftLanguageModes: [.v6]
)
