import ComposableTesting
import Foundation
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import UserClientInterface
import UserClientTesting
import UserClientLive
import UsersShell

/// A data folder of its own for one test, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("users-shell-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `users` as the directory's users.json, for a returning user (the tour done) unless `firstRun`.
  func seed(_ users: [User], firstRun: Bool = false) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(users).write(to: url.appendingPathComponent("users.json"))
    if !firstRun { try completeOnboarding() }
  }

  /// Writes settings.json with the tour completed, as after a first run.
  func completeOnboarding() throws {
    try Data(#"{"onboardingCompleted": true}"#.utf8).write(to: url.appendingPathComponent("settings.json"))
  }

  /// The text of `name` in the folder, or nil when it does not exist.
  func text(_ name: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  /// The users stored now: in users.db once a session made it, in the seeded users.json before.
  func storedUsers() throws -> [User] {
    let database = url.appendingPathComponent("users.db")
    guard FileManager.default.fileExists(atPath: database.path) else {
      return try JSONDecoder().decode([User].self, from: Data(contentsOf: url.appendingPathComponent("users.json")))
    }
    return try UserDatabase(url: database).all()
  }

  /// Saves `user` over the stored user with its id, as another session would.
  func saveStored(_ user: User) throws {
    let database = try UserDatabase(url: url.appendingPathComponent("users.db"))
    try database.update(user, from: database.user(user.id))
  }
}

/// What one run of the shell printed and returned.
struct ShellRun {
  let exitCode: Int32
  let output: String
  let errors: String
}

/// Runs `users` in process with `arguments`, `input` as piped standard input, and no terminal.
@MainActor func runShell(
  _ arguments: [String], input: [String] = [], interactive: Bool = false, environment: [String: String] = [:]
) async -> ShellRun {
  let output = LockIsolated("")
  let errors = LockIsolated("")
  let lines = LockIsolated(input[...])
  let io = UsersShell.IO(
    readLine: { lines.withValue { $0.popFirst() } },
    write: { text in output.withValue { $0 += text } },
    writeError: { text in errors.withValue { $0 += text } },
    isInteractive: interactive, environment: environment)
  let code = await UsersShell.run(arguments: arguments, io: io)
  return ShellRun(exitCode: code, output: output.value, errors: errors.value)
}

/// The build configuration these tests were compiled in; the `users` binary they drive must be of the same one.
let testedConfiguration: String = {
  #if DEBUG
    "debug"
  #else
    "release"
  #endif
}()

/// The folders the test bundle may have been loaded from: every build system puts the `users` binary beside it,
/// in a folder whose name is its own (`.build/debug` for SwiftPM's native engine, `.build/out/Products/Debug-linux`
/// for Swift Build, `Build/Products/Debug` for Xcode), so the folder is found from the bundle, never by its name.
///
/// On Linux the tests are an executable in the build folder (`Bundle.main`); on macOS they are an `.xctest`
/// bundle there, loaded by `xctest` or `swiftpm-testing-helper` from the toolchain (so `Bundle.main` is not it),
/// the helper with `dlopen`, which leaves it out of `Bundle.allBundles`. So the image this code is in is asked
/// first, however it was loaded: the folder holding it, or holding the `.xctest` bundle it is inside.
private var testBundleFolders: [URL] {
  [
    loadedImageFolder,
    Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent(),
    Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent(),
  ].compactMap { $0 }
}

/// The folder of the image (executable or bundle) this code was loaded from, found by the dynamic loader.
var loadedImageFolder: URL? {
  guard let name = loadedImagePath else { return nil }
  var image = URL(fileURLWithPath: name).standardizedFileURL.resolvingSymlinksInPath()
  var folder = image.deletingLastPathComponent()
  // Inside a bundle (`X.xctest/Contents/MacOS/X`): the folder holding the bundle.
  while image.path != "/" {
    if image.pathExtension == "xctest" {
      folder = image.deletingLastPathComponent()
      break
    }
    image = image.deletingLastPathComponent()
  }
  return folder
}

/// The path of the image holding this code, from `dladdr` (found with `dlsym`: Glibc's module does not declare
/// it). Its answer is four pointers in glibc and Darwin alike, the file's name first.
private var loadedImagePath: String? {
  typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
  guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "dladdr") else { return nil }
  let dladdr = unsafeBitCast(symbol, to: Dladdr.self)
  let info = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 4)
  defer { info.deallocate() }
  info.initialize(repeating: nil, count: 4)
  guard dladdr(#dsohandle, UnsafeMutableRawPointer(info)) != 0, let name = info[0] else { return nil }
  return String(cString: name)
}

/// The `users` binary next to this test bundle (the build system builds it first: this target depends on it), so
/// `swift test -c release` drives the release binary and never a stale debug one; `ExecutableTests` checks the
/// configuration the binary says it was built in. A path that does not exist when there is none: launching it
/// fails the test with that path in the message.
var usersExecutable: URL {
  for folder in testBundleFolders {
    let candidate = folder.appendingPathComponent("users")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
  }
  let looked = testBundleFolders.map(\.path).joined(separator: ", ")
  return URL(fileURLWithPath: "/no-users-binary-beside-the-tests (looked in \(looked))")
}

/// The `composable-debugger` binary next to this test bundle (built first: this target depends on it).
var debuggerClientExecutable: URL {
  for folder in testBundleFolders {
    let candidate = folder.appendingPathComponent("composable-debugger")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
  }
  return URL(fileURLWithPath: "/no-composable-debugger-beside-the-tests")
}

/// The Example executable `name` next to this test bundle (built first: this target depends on UserListExample).
func exampleExecutable(_ name: String) -> URL {
  for folder in testBundleFolders {
    let candidate = folder.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
  }
  return URL(fileURLWithPath: "/no-\(name)-beside-the-tests")
}

/// Starts the `users` binary with `arguments` and `input` as its whole standard input; colors off.
func launchUsers(_ arguments: [String], input: String) throws -> (Process, Pipe, Pipe) {
  let process = Process()
  process.executableURL = usersExecutable
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment["NO_COLOR"] = "1"
  process.environment = environment
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  return (process, stdout, stderr)
}

/// Runs the `users` binary to its end with `commands` piped in, one a line.
func runUsersExecutable(_ arguments: [String], commands: [String]) async throws -> ShellRun {
  await finish(try launchUsers(arguments, input: commands.map { $0 + "\n" }.joined()))
}

/// Waits for a launched `users` process to end and returns what it printed.
///
/// The blocking reads and the wait run on a dispatch queue, not on the test's actor: a test blocking the
/// main actor for the seconds a child process runs would stall every other main-actor test meanwhile.
func finish(_ launched: (Process, Pipe, Pipe)) async -> ShellRun {
  let box = UncheckedBox(launched)
  return await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      let (process, stdout, stderr) = box.value
      let output = String(decoding: readAll(stdout), as: UTF8.self)
      let errors = String(decoding: readAll(stderr), as: UTF8.self)
      process.waitUntilExit()
      continuation.resume(returning: ShellRun(exitCode: process.terminationStatus, output: output, errors: errors))
    }
  }
}

/// Everything written to `pipe` until its writers close it, read with `read(2)` and retried on EINTR
/// (Foundation's `readDataToEndOfFile` traps on an interrupted read, and child processes' signals interrupt).
func readAll(_ pipe: Pipe) -> Data {
  let descriptor = pipe.fileHandleForReading.fileDescriptor
  var data = Data()
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      data.append(contentsOf: buffer[0..<count])
    } else if count < 0, errno == EINTR {
      continue
    } else {
      return data
    }
  }
}

/// Hands a value that is not `Sendable` to one other thread, which alone uses it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The files of `folder`, each with its size and modification time to the nanosecond (a date prints to the second,
/// which a quick write would share): what "nothing was written" compares.
func fileListing(_ folder: URL) throws -> [String: String] {
  var files: [String: String] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    files[name] = "\(attributes[.size] ?? 0) \(modified)"
  }
  return files
}
