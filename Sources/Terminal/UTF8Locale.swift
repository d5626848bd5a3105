/// A UTF-8 locale every machine has, for a program started on a terminal with nothing of the
/// user's environment (a workshop session, a test): glibc's C.UTF-8; macOS has C.UTF-8 only
/// from macOS 15, and en_US.UTF-8 on every version (issue 20).
public enum UTF8Locale {
    public static let name: String = {
        #if os(Linux)
        "C.UTF-8"
        #else
        "en_US.UTF-8"
        #endif
    }()
}
