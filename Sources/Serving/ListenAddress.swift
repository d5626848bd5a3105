#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The address `wallet serve` listens on.
public enum ListenAddress {
    /// Whether `address` is this machine's alone: an IPv4 address in 127.0.0.0/8, IPv6's ::1 (or
    /// an IPv4 loopback mapped into IPv6), or the name localhost. Read as an address, never as
    /// text: "127.0.0.1.example" is a name the resolver answers, anywhere.
    public static func isLoopback(_ address: String) -> Bool {
        if address == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
    }
}
