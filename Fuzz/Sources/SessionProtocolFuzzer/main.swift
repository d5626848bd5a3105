import FuzzDriver
import SessionProtocol

/// What a session's processes may send `wallet-server`, and the server them (issue 43), fed to
/// each decoder of `SessionProtocol`: the first byte chooses which (the room's messages, the
/// counts, the menu's choice, the shared frames), the rest is the stream. A crash is a finding,
/// and so is a value that, encoded again, does not decode to itself: what a decoder accepts is
/// what its encoder writes, no more.
@_cdecl("LLVMFuzzerTestOneInput")
public func sessionProtocolFuzzer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let stream = bytes.dropFirst()
    switch first % 4 {
    case 0:
        var reader = RoomMessageReader()
        for message in reader.read(stream) {
            var again = RoomMessageReader()
            guard again.read(message.line) == [message] else { fatalError("\(message) does not read back as itself") }
        }
    case 1:
        var reader = RoomCountsReader()
        if let counts = reader.read(stream), RoomCounts(line: counts.line.dropLast()) != counts {
            fatalError("\(counts) does not read back as itself")
        }
    case 2:
        if let choice = MenuChoice(bytes: stream), MenuChoice(bytes: choice.bytes) != choice {
            fatalError("\(choice) does not read back as itself")
        }
    default:
        var reader = SharedFrameReader()
        guard let frames = try? reader.read(stream) else { return 0 }
        for frame in frames {
            var again = SharedFrameReader()
            guard (try? again.read(frame.encoded)) == [frame] else { fatalError("a frame does not read back as itself") }
        }
    }
    return 0
}

runFuzzer(sessionProtocolFuzzer)
