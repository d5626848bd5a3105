import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// Issue 31's defects as figures, against any `wallet-server` started with its defaults (and
/// serve-load's `--max-sessions` and `--passphrase`): what each attack cost the server or got through.
/// Loopback only, bounded in count and time.
func hostile(serverPID: pid_t, port: Int, passphrase: String, loop: EventLoop,
             connect: (Credentials, String?, Watcher) -> EventLoopFuture<Session>, waitUntil: (() -> Bool) -> Void) {
    func resident() -> Int { status("VmRSS") }
    func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(serverPID)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }
    func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T { try! loop.submit(body).wait() }
    func raw(from source: String) -> Channel? {
        try? ClientBootstrap(group: loop).bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port).wait()
    }
    func send(_ channel: Channel, _ bytes: [UInt8]) -> Bool {
        (try? channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).wait()) != nil
    }
    var generator = SystemRandomNumberGenerator()

    // 1. Garbage after the banner, up to 64 MiB.
    let before = resident()
    if let channel = raw(from: "127.0.1.1") {
        _ = send(channel, Array("SSH-2.0-hostile\r\n".utf8))
        var taken = 0
        let chunk = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        while taken < 64 << 20, channel.isActive, send(channel, chunk) { taken += chunk.count }
        Thread.sleep(forTimeInterval: 1)
        print("1 garbage after the banner: \(taken >> 10) KiB sent before the server closed it (of 64 MiB); "
            + "server \(before >> 10) → \(resident() >> 10) MiB resident")
        channel.close(promise: nil)
    }
    // 2. Bare connections, each from an address of its own, held.
    let bare = (0..<300).compactMap { raw(from: "127.0.2.\($0 % 250 + 1)") }
    Thread.sleep(forTimeInterval: 2)
    print("2 bare connections: \(bare.filter(\.isActive).count) of \(bare.count) still open after 2 s")
    bare.forEach { $0.close(promise: nil) }
    // 6. Guessing on one connection, then from one address for 10 s. A guesser's connect never
    // completes (no session opens), so none is waited for: what each tried is counted after.
    let guesser = Credentials(username: "attendee", password: nil, key: nil, passwords: (0..<500).map { "guess \($0)" })
    _ = connect(guesser, "127.0.3.1", Watcher())
    Thread.sleep(forTimeInterval: 3)
    print("6 one connection: \(onLoop { guesser.tried }) of 500 wrong passphrases tried in 3 s")
    var guessers: [Credentials] = []
    let started = Date()
    while Date().timeIntervalSince(started) < 10 {
        let next = Credentials(username: "attendee", password: nil, key: nil, passwords: (0..<6).map { "guess \($0)" })
        guessers.append(next)
        _ = connect(next, "127.0.3.2", Watcher())
        Thread.sleep(forTimeInterval: 0.1)
    }
    Thread.sleep(forTimeInterval: 1)
    let all6 = guessers
    print("6 one address for 10 s, a connection each 0.1 s: \(onLoop { all6.reduce(0) { $0 + $1.tried } }) wrong passphrases tried")
    // 3. Typing without reading: 256 MiB offered.
    if let session = try? connect(Credentials(username: "typist", password: passphrase), "127.0.4.1", Watcher()).wait() {
        waitUntil { onLoop { session.shows("segue catalog") } }
        onLoop { session.send("\r", timed: false) }
        waitUntil { onLoop { session.shows("Saldo") } }
        let before = resident()
        _ = onLoop { session.channel?.setOption(ChannelOptions.autoRead, value: false) }
        let chunk = String(repeating: "jk", count: 32_768)
        var typed = 0, stalls = 0
        while typed < 256 << 20, stalls < 100 {
            if onLoop({ session.channel?.isWritable ?? false }) {
                stalls = 0
                onLoop { session.send(chunk, timed: false) }
                typed += chunk.utf8.count
            } else {
                stalls += 1
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        print("3 typing without reading: \(typed >> 20) MiB of 256 taken; server \(before >> 10) → \(resident() >> 10) MiB resident")
        onLoop { session.channel?.parent?.close(promise: nil) }
    }
    // 7. Sessions on one connection.
    if let first = try? connect(Credentials(username: "multiplexer", password: passphrase), "127.0.5.1", Watcher()).wait(),
       let parent = onLoop({ first.channel?.parent }) {
        var opened = 1
        for _ in 0..<99 {
            let promise = loop.makePromise(of: Channel.self)
            let made: EventLoopFuture<Channel> = loop.flatSubmit {
                parent.pipeline.handler(type: NIOSSHHandler.self).flatMap { ssh in
                    ssh.createChannel(promise) { child, _ in child.eventLoop.makeSucceededVoidFuture() }
                    return promise.futureResult
                }
            }
            if (try? made.wait()) != nil { opened += 1 }
        }
        print("7 one connection: \(opened) of 100 sessions opened")
        parent.close(promise: nil)
    }
    // 4. 100 sessions, their apps killed: threads, and how long until every client heard.
    var sessions: [Session] = []
    for index in 0..<100 {
        if let session = try? connect(Credentials(username: "churn\(index)", password: passphrase), "127.0.6.\(index % 250 + 1)", Watcher()).wait() {
            sessions.append(session)
        }
    }
    let all = sessions
    waitUntil { onLoop { all.allSatisfy { $0.shows("segue catalog") } } }
    let threads = status("Threads")
    let apps = children(of: serverPID)
    let killed = Date()
    apps.forEach { kill($0, SIGKILL) }
    waitUntil { onLoop { all.allSatisfy(\.ended) } }
    let heard = Date().timeIntervalSince(killed)
    Thread.sleep(forTimeInterval: 0.5)
    let zombies = children(of: serverPID).filter { pid in
        ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
    }.count
    print("4 100 sessions: server threads \(threads); \(apps.count) apps killed, every client told in "
        + String(format: "%.2f s", heard) + "; \(zombies) zombies after")
}

/// The processes whose parent is `parent`, from /proc.
func children(of parent: pid_t) -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && fields[1] == "\(parent)" ? pid : nil
    }
}
