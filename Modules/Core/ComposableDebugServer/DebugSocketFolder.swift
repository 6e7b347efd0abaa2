import Foundation

/// Where apps put their debugger sockets and clients look for them: a folder only its user can open.
///
/// `COMPOSABLE_DEBUGGER_DIR` when set, else `composable-debugger` in `XDG_RUNTIME_DIR` (Linux's per-user runtime
/// folder), else `~/.composable-debugger`. Another user cannot reach a socket in it: the folder is 0700 and each
/// socket 0600, and a server also refuses a connection from another user id.
public enum DebugSocketFolder {
  /// The folder for `environment` (the process's by default).
  public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let folder = environment["COMPOSABLE_DEBUGGER_DIR"], !folder.isEmpty {
      return URL(fileURLWithPath: folder, isDirectory: true)
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("composable-debugger")
    }
    // NSHomeDirectory, not FileManager's homeDirectoryForCurrentUser: only macOS has that one (an app's home on iOS).
    let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
    return home.appendingPathComponent(".composable-debugger")
  }

  /// Makes `folder` (mode 0700) if it is not there, and checks that only this user can open it.
  public static func prepare(_ folder: URL) throws(DebugSocketError) {
    let path = folder.path
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw DebugSocketError("cannot make the debugger's folder \(path): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw DebugSocketError("cannot read the debugger's folder \(path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw DebugSocketError("\(path) is not a folder (a link or a file): the debugger's sockets go in a folder")
    }
    guard status.st_uid == geteuid() else {
      throw DebugSocketError("\(path) belongs to another user: the debugger's folder must be yours")
    }
    let mode = status.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw DebugSocketError(
        "\(path) can be opened by other users (mode \(String(mode, radix: 8))): 'chmod 700 \(path)', or choose "
          + "another folder with COMPOSABLE_DEBUGGER_DIR")
    }
  }

  /// The sockets in `folder`, by name, each a running app or one that ended without removing it.
  public static func sockets(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".sock") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// The socket a process named `name` with id `pid` serves at, in `folder`.
  public static func socket(named name: String, pid: Int32, in folder: URL) -> URL {
    folder.appendingPathComponent("\(name)-\(pid).sock")
  }

  /// A token of 32 random bytes, in hexadecimal: what a client of a loopback port gives first.
  public static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }

  /// Writes the port and `token` to `<name>-<pid>.tcp` in `folder`, mode 0600, and returns the file.
  public static func writeToken(_ token: String, port: UInt16, named name: String, pid: Int32, in folder: URL)
    throws(DebugSocketError) -> URL
  {
    let url = folder.appendingPathComponent("\(name)-\(pid).tcp")
    unlink(url.path)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw DebugSocketError("cannot write the debugger's token to \(url.path): \(String(cString: strerror(errno)))")
    }
    let text = Array("{\"port\":\(port),\"token\":\"\(token)\"}\n".utf8)
    let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == text.count else {
      unlink(url.path)
      throw DebugSocketError("cannot write the debugger's token to \(url.path)")
    }
    return url
  }

  /// The token written in `folder` for the app serving on `port`, if one is.
  public static func token(forPort port: UInt16, in folder: URL) -> String? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasSuffix(".tcp") {
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
        let file = try? JSONDecoder().decode(TokenFile.self, from: data), file.port == port
      else { continue }
      return file.token
    }
    return nil
  }

  /// What a token file holds.
  private struct TokenFile: Decodable {
    let port: UInt16
    let token: String
  }
}
