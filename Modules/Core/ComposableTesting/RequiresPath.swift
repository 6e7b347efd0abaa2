import Foundation
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a test only where `path` exists, and says why it was skipped elsewhere: for the devices and folders
  /// only Linux has (`/dev/full`, a disk that is always full; `/proc`). `Scripts/check-portability` refuses such
  /// a path in a test without this trait.
  public static func requiresPath(_ path: String) -> Self {
    .enabled(if: FileManager.default.fileExists(atPath: path), "needs \(path), which this platform does not have")
  }
}
