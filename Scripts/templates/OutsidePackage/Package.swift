// swift-tools-version: 6.2
// A package of your own on this one: copy this folder, set `upstream` to where this repository is (a path or,
// with `.package(url:from:)`, its address), and build. Scripts/check-outside-package does exactly that in a
// temporary folder, in CI, so this stays a package that builds, tests and runs.
import PackageDescription

let upstream = "UPSTREAM_PATH"
let upstreamID = "UPSTREAM_ID"

let package = Package(
  name: "Outside",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(path: upstream)],
  targets: [
    // The plugin writes each module's case paths and enum features, as it does for the features of this repo.
    .target(
      name: "Features",
      dependencies: [.product(name: "Composable", package: upstreamID)],
      plugins: [.plugin(name: "BoilerplatePlugin", package: upstreamID)]),
    .executableTarget(name: "outside", dependencies: ["Features"]),
    .testTarget(
      name: "FeaturesTests",
      dependencies: ["Features", .product(name: "ComposableTesting", package: upstreamID)]),
  ],
  swiftLanguageModes: [.v6]
)
