import Crypto
import Foundation
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's Ed25519 host key: made on first start and kept, readable by its owner only, so
/// that attendees see the same fingerprint every workshop, printed as OpenSSH prints it.
public struct HostKey {
    let key: Curve25519.Signing.PrivateKey
    public let path: String

    /// Where the key is kept: `$XDG_STATE_HOME/wallet/ssh_host_ed25519_key`, else
    /// `~/.local/state/wallet/…`, as the XDG base directory specification says.
    public static func defaultPath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        return state + "/wallet/ssh_host_ed25519_key"
    }

    public enum Failure: Error, CustomStringConvertible {
        case unreadable(String, String), unsafe(String), unsafeFolder(String, String), unwritable(String, String)
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "the host key \(path) cannot be read: \(reason)"
            case .unsafe(let path): "the host key \(path) can be read by others than its owner; chmod 600 it, or remove it to make a new one"
            case .unsafeFolder(let folder, let path):
                "the host key's folder \(folder) can be written by others than its owner, who could put a key of theirs at \(path); "
                    + "chmod 700 it, or choose another place with --host-key"
            case .unwritable(let path, let reason): "the host key cannot be kept at \(path): \(reason)"
            }
        }
    }

    /// The key at `path`, made and kept there (mode 0600, its folder 0700) when there is none.
    public static func load(at path: String) throws(Failure) -> HostKey {
        var status = stat()
        // As sshd's StrictModes: a folder others may write to lets them replace the key.
        let keyFolder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        if stat(keyFolder, &status) == 0, status.st_mode & 0o022 != 0, status.st_mode & S_ISVTX == 0 {
            throw .unsafeFolder(keyFolder, path)
        }
        if stat(path, &status) == 0 {
            guard status.st_mode & 0o077 == 0 else { throw .unsafe(path) }
            guard let data = FileManager.default.contents(atPath: path), let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: data) else {
                throw .unreadable(path, "not an Ed25519 key this server wrote")
            }
            return HostKey(key: key, path: path)
        }
        let key = Curve25519.Signing.PrivateKey()
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path, "\(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let bytes = Array(key.rawRepresentation)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw .unwritable(path, String(cString: strerror(errno))) }
        return HostKey(key: key, path: path)
    }

    public var sshKey: NIOSSHPrivateKey { NIOSSHPrivateKey(ed25519Key: key) }

    /// `SHA256:…`, as `ssh-keygen -l` and OpenSSH's first-connection prompt print it: the
    /// base64 (unpadded) SHA-256 of the public key in SSH's wire format.
    public var fingerprint: String {
        var blob: [UInt8] = []
        func string(_ bytes: [UInt8]) {
            let count = UInt32(bytes.count)
            blob += [UInt8(count >> 24), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff)] + bytes
        }
        string(Array("ssh-ed25519".utf8))
        string(Array(key.publicKey.rawRepresentation))
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }
}
