import Foundation
import Testing

/// Runs `command` in a shell: another process, as a user's editor or a second `users` would be.
func shell(_ command: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", command]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "\(command)")
}
