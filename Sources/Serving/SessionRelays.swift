import NIOCore
import NIOSSH
import SessionProtocol
import Terminal

// The relays of a session: each carries one stream between the server and a session's
// processes, on the server's one event loop, and tells its session (or the room) what it heard.

/// The app's output, from its pseudo-terminal to the client, read only while the client's
/// channel can take it. What one wake of the loop reads goes in one flush (an SSH packet and a
/// socket write each), not one a read.
final class TerminalOutput: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let session: Channel
    private let owner: SessionHandler
    /// Which of the session's processes it carries the output of.
    private let generation: Int

    init(session: Channel, owner: SessionHandler, generation: Int) {
        self.session = session
        self.owner = owner
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.write(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
        // The client is not reading: neither is the app's output, until it does.
        if !session.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.flush()
    }

    // Reading a pseudo-terminal's master once the app has gone fails (EIO): the end of its output.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner.terminalWritabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.flush()
        owner.outputClosed(generation: generation)
    }
}

/// What a session's process writes on its side pipe: the menu's choice, or the first 4 KiB of a
/// chosen app's standard error.
final class SideOutput: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let owner: SessionHandler
    private let generation: Int

    init(owner: SessionHandler, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.sideRead(unwrapInboundIn(data).readableBytesView, generation: generation)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }

    func channelInactive(context: ChannelHandlerContext) { owner.sideClosed(generation: generation) }
}

/// The presenter's frames, cut from its app's stream and given to the room.
final class PresenterFrames: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let room: Room
    /// Whose app draws them: once another session took over as presenter, its frames go nowhere.
    private weak var session: SessionHandler?
    private var stream = ByteBuffer()

    init(room: Room, session: SessionHandler) {
        self.room = room
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        stream.writeBuffer(&bytes)
        guard let frames = SharedFrameBytes.split(&stream) else {
            // Not frames: nothing more is taken from this app.
            return context.close(promise: nil)
        }
        if let last = frames.last, let session, session === room.presenter { room.presenterDrew(last) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

/// What a session's apps say of the room's questions, a message a line (`RoomMessage`): lines
/// too long or not messages are dropped.
final class RoomInput: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let room: Room
    private let session: SessionHandler
    private var reader = RoomMessageReader()

    init(room: Room, session: SessionHandler) {
        self.room = room
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for message in reader.read(unwrapInboundIn(data).readableBytesView) { room.heard(message, from: session) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

/// A pipe that carries a state to an app (a follower's frames, the presenter's counts): `writable`
/// runs each time it can take more again, for its `LatestWriter` to send what waits.
final class WhenWritable: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let writable: () -> Void

    init(_ writable: @escaping () -> Void) { self.writable = writable }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable()
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}
