import Views

/// The tests import Foundation too, which has its own `IndexPath`: in this module the name is the
/// table views' (Views has its own, so that the app links no Foundation).
typealias IndexPath = Views.IndexPath
