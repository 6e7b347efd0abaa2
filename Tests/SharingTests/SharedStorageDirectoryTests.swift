import Foundation
import Sharing
import Testing

/// Where a live storage keeps files when the app names no folder: the application-support folder, never the
/// working directory (an app launched from the Finder or Xcode runs in `/` or a build folder).
struct SharedStorageDirectoryTests {
  @Test func theDefaultFolderIsTheAppsFolderInApplicationSupport() throws {
    let applicationSupport = try #require(
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
    let folder = SharedStorage.defaultDirectory
    #expect(folder.deletingLastPathComponent().standardizedFileURL == applicationSupport.standardizedFileURL)
    #expect(folder.lastPathComponent == (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName))
    #expect(folder.standardizedFileURL.path != FileManager.default.currentDirectoryPath)
  }
}
