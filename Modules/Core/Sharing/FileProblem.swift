import Foundation

/// Why a file operation failed, in words for people: "/tmp/a is a file, not a folder", "permission denied".
///
/// Foundation's own text is often a code on Linux ("NSCocoaErrorDomain error 512"),
/// so the file system is asked what is wrong at the path first, then the error's
/// POSIX cause, then its Cocoa code. The text has no final period, so callers can
/// put it inside their own sentence.
public enum FileProblem {
  /// Why `error` happened while reading or writing `url` (pass nil when no path is known).
  public static func describe(_ error: any Error, at url: URL?) -> String {
    if let url, let fromDisk = problem(at: url) { return fromDisk }
    if let errno = posixCode(of: error) { return text(forErrno: errno) }
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain, let text = cocoaText[nsError.code] { return text }
    return trimmedSentence(nsError.localizedDescription)
  }

  /// What is visibly wrong at `url` (a file where a folder should be, a folder where a file should be, no
  /// permission), or nil when nothing is.
  public static func problem(at url: URL) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    // The nearest existing ancestor must be a folder we may write in.
    var ancestor = url.deletingLastPathComponent().standardizedFileURL
    while !manager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), ancestor.path != "/" {
      ancestor = ancestor.deletingLastPathComponent()
    }
    if manager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      return "\(ancestor.path) is a file, not a folder"
    }
    if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "\(url.path) is a folder, not a file" }
      if !manager.isReadableFile(atPath: url.path) { return "permission denied: \(url.path) is not readable" }
    }
    if !manager.isWritableFile(atPath: ancestor.path) {
      return "permission denied: the folder \(ancestor.path) is not writable"
    }
    return nil
  }

  /// `text` without its final period, so it reads inside another sentence.
  public static func trimmedSentence(_ text: String) -> String {
    var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The POSIX error number behind `error`, if it carries one (directly or as its underlying error).
  private static func posixCode(of error: any Error) -> Int32? {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error { return posixCode(of: underlying) }
    return nil
  }

  private static func text(forErrno code: Int32) -> String {
    switch code {
    case EACCES, EPERM: return "permission denied"
    case ENOENT: return "it does not exist"
    case ENOTDIR: return "a part of the path is a file, not a folder"
    case EISDIR: return "it is a folder, not a file"
    case ENOSPC: return "the disk is full"
    case EROFS: return "the disk is read-only"
    case EDQUOT: return "the disk quota is used up"
    default: return trimmedSentence(String(cString: strerror(code))).lowercased()
    }
  }

  private static let cocoaText: [Int: String] = [
    CocoaError.fileNoSuchFile.rawValue: "it does not exist",
    CocoaError.fileReadNoSuchFile.rawValue: "it does not exist",
    CocoaError.fileReadNoPermission.rawValue: "permission denied",
    CocoaError.fileWriteNoPermission.rawValue: "permission denied",
    CocoaError.fileWriteOutOfSpace.rawValue: "the disk is full",
    CocoaError.fileWriteVolumeReadOnly.rawValue: "the disk is read-only",
    CocoaError.fileWriteFileExists.rawValue: "something else already has that name",
    CocoaError.fileReadCorruptFile.rawValue: "it is not in a format the app can read",
    CocoaError.fileReadInapplicableStringEncoding.rawValue: "it is not UTF-8 text",
    CocoaError.fileReadUnknown.rawValue: "it could not be read",
    CocoaError.fileWriteUnknown.rawValue: "it could not be written",
  ]
}
