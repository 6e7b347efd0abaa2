import ScaffolderKit
import Testing

/// The command line of Scripts/new-feature, read into a request or refused with the reason.
struct FeatureRequestTests {
  @Test func aNameAndItsOptionsMakeARequest() throws {
    #expect(try FeatureRequest.parse(["Sample"]) == .scaffold(FeatureRequest(name: "Sample")))
    #expect(
      try FeatureRequest.parse(["Sample", "--presents", "UserForm", "--pushed-by", "AppFeature"])
        == .scaffold(FeatureRequest(name: "Sample", presents: "UserForm", placement: .pushedBy("AppFeature"))))
    #expect(
      try FeatureRequest.parse(["--presented-by", "AppFeature", "Sample"])
        == .scaffold(FeatureRequest(name: "Sample", placement: .presentedBy("AppFeature"))))
    #expect(try FeatureRequest.parse(["Sample", "--help"]) == .help)
  }

  @Test(arguments: [
    (["Sample", "--bogus"], "unknown option '--bogus' (see --help)"),
    (["A", "B"], "one feature at a time: got 'A' and 'B'"),
    (["Sample", "--presents"], "--presents needs the name of the feature to present"),
    (["Sample", "--presented-by"], "--presented-by needs the host feature: AppFeature"),
    (["Sample", "--presented-by", "--pushed-by"], "--presented-by needs the host feature: AppFeature"),
    (
      ["Sample", "--presented-by", "AppFeature", "--pushed-by", "AppFeature"],
      "give one of --presented-by and --pushed-by, once"
    ),
    ([], "give the new feature's name (see --help)"),
  ])
  func badCommandLinesAreRefusedWithTheReason(arguments: [String], message: String) {
    #expect(throws: ScaffoldError(message)) { try FeatureRequest.parse(arguments) }
  }
}
