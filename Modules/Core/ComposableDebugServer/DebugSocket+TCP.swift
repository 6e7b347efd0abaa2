import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// For an app in a simulator, whose Unix sockets a client on the Mac may not reach: TCP on the loopback address only,
// with a token (see `DebugServer`), as Jupyter serves its kernels.
extension DebugSocket {
  /// A socket listening on 127.0.0.1 at `port` (0: any free port), and the port it got.
  public static func listen(loopbackPort port: UInt16) throws(DebugSocketError) -> (DebugSocket, UInt16) {
    let socket = try make(family: AF_INET)
    var on: Int32 = 1
    setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = loopbackAddress(port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, systemListen(socket.descriptor, 16) == 0 else {
      throw DebugSocketError("cannot listen on 127.0.0.1:\(port): \(lastError())")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket.descriptor, $0, &length) }
    }
    guard named == 0 else { throw DebugSocketError("cannot read the port listened on: \(lastError())") }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  /// A connection to 127.0.0.1 at `port`.
  public static func connect(loopbackPort port: UInt16) throws(DebugSocketError) -> DebugSocket {
    let socket = try make(family: AF_INET)
    var address = loopbackAddress(port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw DebugSocketError("cannot connect to 127.0.0.1:\(port): \(lastError())") }
    return socket
  }

  private static func loopbackAddress(_ port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }
}
