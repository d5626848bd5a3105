import Foundation
import NIOCore
import NIOSSH
import SessionProtocol

/// Who may join, as the command line states it, never assumed (issue 19): anyone who reaches the
/// port (`--open`, and loopback without other options); whoever knows the passphrase
/// (`--passphrase`, asked by ssh as a password); whoever holds a key of `--authorized-keys`. The
/// presenter (`ssh presenter@HOST`) holds the key of `--presenter-key`, and only that key.
public struct Admission: Sendable {
    var open: Bool
    var passphrase: String?
    var authorizedKeys: Set<NIOSSHPublicKey>
    var presenterKey: NIOSSHPublicKey?

    public init(open: Bool, passphrase: String?, authorizedKeys: Set<NIOSSHPublicKey>, presenterKey: NIOSSHPublicKey?) {
        self.open = open
        self.passphrase = passphrase
        self.authorizedKeys = authorizedKeys
        self.presenterKey = presenterKey
    }

    /// What a session of a user is, by the name they gave ssh: its descriptors are
    /// `SessionLayout`'s for the role.
    public typealias Role = SessionLayout.Role

    /// How anyone but the presenter joins, for the line printed at start.
    public var description: String {
        var ways: [String] = []
        if passphrase != nil { ways.append("with the passphrase") }
        if !authorizedKeys.isEmpty { ways.append("with a key of --authorized-keys (\(authorizedKeys.count))") }
        return ways.isEmpty ? "anyone who reaches the port" : "anyone " + ways.joined(separator: " or ")
    }

    var methods: NIOSSHAvailableUserAuthenticationMethods {
        var methods: NIOSSHAvailableUserAuthenticationMethods = []
        if passphrase != nil { methods.insert(.password) }
        if !authorizedKeys.isEmpty || presenterKey != nil { methods.insert(.publicKey) }
        if passphrase == nil, authorizedKeys.isEmpty { methods = [.publicKey, .password] }
        return methods
    }

    /// Whether `request` lets its user in.
    func admits(_ request: NIOSSHUserAuthenticationRequest) -> Bool {
        let role = Role(username: request.username)
        if role == .presenter {
            guard let presenterKey, case .publicKey(let offered) = request.request else { return false }
            return offered.publicKey == presenterKey
        }
        if passphrase == nil, authorizedKeys.isEmpty { return true }
        switch request.request {
        case .password(let password): return passphrase.map { Self.equal(password.password, $0) } ?? false
        case .publicKey(let offered): return authorizedKeys.contains(offered.publicKey)
        default: return false
        }
    }

    /// Compares in time that depends on the lengths only, not on where the texts differ.
    static func equal(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8), expected = Array(expected.utf8)
        var difference = given.count ^ expected.count
        for index in 0..<expected.count { difference |= Int(expected[index] ^ (index < given.count ? given[index] : 0)) }
        return difference == 0
    }

    public enum KeysFailure: Error, CustomStringConvertible {
        case unreadable(String), noKey(String), line(String, Int, String)
        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path)"
            case .noKey(let path): "\(path) holds no public key"
            case .line(let path, let line, let reason): "\(path):\(line): \(reason)"
            }
        }
    }

    /// The keys of an OpenSSH `authorized_keys` or `.pub` file: one a line, options before the
    /// key's type allowed (and ignored: a session runs the wallet and nothing else), `#` comments.
    /// Within 1 MiB and 10,000 keys.
    public static func publicKeys(at path: String) throws(KeysFailure) -> [NIOSSHPublicKey] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else { throw .unreadable(path) }
        var keys: [NIOSSHPublicKey] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let words = text.split(separator: " ")
            guard let start = words.firstIndex(where: { $0.hasPrefix("ssh-") || $0.hasPrefix("ecdsa-") || $0.hasPrefix("sk-") }) else {
                throw .line(path, index + 1, "no key type (ssh-ed25519, ecdsa-sha2-nistp256…) on this line")
            }
            do {
                keys.append(try NIOSSHPublicKey(openSSHPublicKey: words[start...].joined(separator: " ")))
            } catch {
                throw .line(path, index + 1, "\(words[start]) is not a key this server takes (ssh-ed25519 and ecdsa-sha2-nistp256/384/521 are)")
            }
            if keys.count > 10_000 { throw .line(path, index + 1, "more than 10,000 keys") }
        }
        guard !keys.isEmpty else { throw .noKey(path) }
        return keys
    }
}

extension SessionLayout.Role {
    /// The role of a user named `username`: `presenter` (with the presenter's key), `watch`,
    /// or anyone else, exactly as typed.
    init(username: String) {
        switch username {
        case "presenter": self = .presenter
        case "watch": self = .follower
        default: self = .attendee
        }
    }
}
