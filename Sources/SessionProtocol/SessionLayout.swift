/// The descriptors of a session of `wallet serve`, by role: the one table that the server's
/// spawning, the apps' options and the server's descriptor budget are written from (issue 43).
///
/// Each session has a pseudo-terminal, and pipes besides it, made when the session starts and
/// kept for its life, so that the menu, what it runs and the menu again all reach the room:
///
/// | role      | pipes to its apps                  | descriptors 3…          | the menu's choice |
/// |-----------|------------------------------------|-------------------------|-------------------|
/// | attendee  | room in, room out                  | 3 room in, 4 room out   | 5                 |
/// | follower  | frames in, room in, room out       | 3 frames, 4, 5          | (no menu)         |
/// | presenter | frames out, counts in, room in, out| 3 frames, 4 counts, 5, 6| 7                 |
///
/// and each process an attendee's or the presenter's session runs has a side pipe of its own
/// (the menu's choice, an app's standard error; a follower's view writes its errors on its
/// terminal, and its side pipe closes as it starts). What the server holds for a session,
/// counted from the code that opens it: its connection's socket (1), the terminal's master and
/// the two copies its relay reads and writes (3), the running process's side pipe (1), and both
/// ends of each pipe (the apps' ends are kept for the next process). `HostileClientSecondRoundTests`
/// counts them in a running server's descriptors.
public enum SessionLayout {
    public enum Role: String, Sendable, CaseIterable {
        case attendee, presenter, follower
    }

    /// The pipes a role's session has besides its terminal, in the order its apps get them
    /// (from descriptor 3).
    public enum Pipe: Sendable, Equatable {
        /// Presenter's app → server: its frames (`SharedFrame`).
        case framesOut
        /// Server → presenter's app: the room's counts (`RoomCounts`).
        case counts
        /// Server → follower's app: the presenter's frames.
        case framesIn
        /// Server → every app: the room's questions (`RoomMessage`).
        case roomIn
        /// Every app → server: its answers.
        case roomOut
    }

    public static func pipes(_ role: Role) -> [Pipe] {
        switch role {
        case .attendee: [.roomIn, .roomOut]
        case .follower: [.framesIn, .roomIn, .roomOut]
        case .presenter: [.framesOut, .counts, .roomIn, .roomOut]
        }
    }

    /// The descriptor a role's apps find `pipe` on; nil when the role has none.
    public static func descriptor(_ pipe: Pipe, of role: Role) -> Int32? {
        pipes(role).firstIndex(of: pipe).map { Int32(3 + $0) }
    }

    /// Where the menu writes its choice: the descriptor after the role's pipes.
    public static func choice(of role: Role) -> Int32 { Int32(3 + pipes(role).count) }

    /// Descriptors the server holds for a session of `role` while it runs.
    public static func held(by role: Role) -> Int {
        let socket = 1, terminal = 3, side = role == .follower ? 0 : 1
        return socket + terminal + side + 2 * pipes(role).count
    }

    /// Descriptors a launch opens for a moment besides: the new side pipe's write end, the
    /// copies `posix_spawn` moves into place (one a pipe, and the side pipe's), and the last
    /// process's terminal copies and side pipe, which close as the next one starts.
    public static func launching(_ role: Role) -> Int {
        1 + (pipes(role).count + 1) + 3
    }

    /// The most any session but the presenter's holds: what `--max-sessions` is counted in.
    public static var heldByAnyoneButThePresenter: Int { max(held(by: .attendee), held(by: .follower)) }

    /// The most a launch opens for a moment, whoever's: launches are one at a time (the
    /// server's one event loop starts them), so one such moment is budgeted for all sessions.
    public static var launchingAtMost: Int { Role.allCases.map(launching).max() ?? 0 }
}
