/// A `<scene>` as Interface Builder writes it: `<objects>` holding the scene's controller (or a
/// storyboard reference) and what stands beside it (First Responder, Exit, gesture recognizers,
/// loose bar items). The one walk from the document to its scenes' controllers, which the
/// outline, the loader, the stand-ins and the warnings all take (issue 44: it was written six
/// times).
package struct SceneElements {
    package let scene: StoryboardElement
    /// Everything in the scene's `<objects>`, in the order of the file.
    package let objects: [StoryboardElement]
    /// The first object that is a controller, as the caller's `isController` says.
    package let controller: StoryboardElement?

    /// The objects beside the controller.
    package var others: [StoryboardElement] { objects.filter { $0 !== controller } }
}

extension StoryboardElement {
    /// The document's scenes, in the order of the file, each with the first of its objects whose
    /// element name `isController` accepts.
    package func scenes(controllers isController: (String) -> Bool) -> [SceneElements] {
        (child("scenes")?.children ?? []).filter { $0.name == "scene" }.map { scene in
            let objects = scene.child("objects")?.children ?? []
            return SceneElements(scene: scene, objects: objects, controller: objects.first { isController($0.name) })
        }
    }
}
