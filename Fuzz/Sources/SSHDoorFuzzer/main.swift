import FuzzDriver
import NIOCore
import NIOEmbedded
import Serving

/// `wallet serve`'s door, fed what a stranger sends before logging in (issue 31): each input is
/// the byte stream of one connection, from its first byte, into the server's own pipeline
/// (`SSHServer.accept`: the login guard, NIOSSH, the error closer) on an embedded channel. The
/// first byte cuts the rest into reads of 1 to 64 bytes, so that every split of a packet is met.
/// A crash or a leak is a finding, and so is a connection still open after it sent more than
/// a login may (`ServerConfiguration.loginBytes`).
let loop = EmbeddedEventLoop()
let server = SSHServer(configuration: .unlimited(admission: Admission(open: false, passphrase: "unwind segue", authorizedKeys: [],
                                                                      presenterKey: nil)),
                       eventLoop: loop)

@_cdecl("LLVMFuzzerTestOneInput")
public func sshDoorFuzzer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let step = Int(first % 64) + 1
    let channel = EmbeddedChannel(loop: loop)
    do {
        try server.accept(channel)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 2222)).wait()
    } catch {
        return 0
    }
    var offset = 1
    while offset < bytes.count, channel.isActive {
        let piece = bytes[offset..<min(bytes.count, offset + step)]
        offset += piece.count
        // What the server writes back (its version, its key exchange) is read and dropped.
        _ = try? channel.writeInbound(channel.allocator.buffer(bytes: piece))
        while (try? channel.readOutbound(as: ByteBuffer.self)) != nil {}
        loop.run()
    }
    if offset - 1 > ServerConfiguration.loginBytes + 65_536, channel.isActive {
        fatalError("a connection took \(offset - 1) bytes before logging in and is still open")
    }
    _ = try? channel.finish()
    loop.run()
    return 0
}

runFuzzer(sshDoorFuzzer)
