/// Storyboard elements named in Interface Builder's words, for messages: an author knows a
/// "storyboard reference" or a "tab bar controller", not `viewControllerPlaceholder`.
package enum ElementNames {
    /// The element Interface Builder writes for a storyboard reference.
    package static let storyboardReference = "viewControllerPlaceholder"

    private static let special = [
        "viewControllerPlaceholder": "storyboard reference",
        "avPlayerViewController": "AVKit player view controller",
        "glkViewController": "GLKit view controller",
        "tableViewCellContentView": "table view cell content view",
        "wkWebView": "WebKit web view",
        "mapView": "MapKit map view",
        "hostingController": "SwiftUI hosting controller",
    ]

    /// `tabBarController` as "tab bar controller": the camel-case name in words.
    package static func described(_ elementName: String) -> String {
        if let name = special[elementName] { return name }
        var words = ""
        for character in elementName {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }

    /// "a tab bar controller", "an exit".
    package static func withArticle(_ elementName: String) -> String {
        let words = described(elementName)
        // By sound: "an AVKit player", as an initialism starting with a vowel sound is read.
        let vowelSound = words.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowelSound ? "an " : "a ") + words
    }
}
