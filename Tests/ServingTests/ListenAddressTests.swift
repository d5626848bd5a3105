import Serving
import Testing

@Suite("What wallet serve takes for loopback")
struct ListenAddressTests {
    @Test("Loopback is an address of 127.0.0.0/8, ::1, 127.x mapped into IPv6, or the name localhost (defect 9)",
          arguments: ["127.0.0.1", "127.255.0.9", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost"])
    func loopback(_ address: String) {
        #expect(ListenAddress.isLoopback(address))
    }

    @Test("A name that begins like a loopback address, any other address and anything else is not loopback",
          arguments: ["127.0.0.1.example", "127.example", "localhost.example", "0.0.0.0", "::", "10.0.0.1", "::ffff:10.0.0.1",
                      "128.0.0.1", "", "127.0.0.1 ", "127"])
    func notLoopback(_ address: String) {
        #expect(!ListenAddress.isLoopback(address))
    }
}
