/// Scenes that contain themselves through tab, split and embed relationships: making such a
/// scene would make its children forever, so loading refuses them. Cycles made only of
/// navigation roots are reported by the document's own, more specific, check.
package enum ContainmentCycles {
    /// One segue that makes its destination part of its scene: a relationship or an embed.
    package struct Edge {
        package let from: String
        package let to: String
        package let segue: Connection
    }

    package static func edges(of controller: SceneObject) -> [Edge] {
        guard let id = controller.id else { return [] }
        return controller.seguesBelow.compactMap { segue in
            guard segue.segueKind.isContainment, let destination = segue.destinationID else { return nil }
            return Edge(from: id, to: destination, segue: segue)
        }
    }

    /// The first segue of each cycle that is not made of navigation roots only, with the
    /// scenes of the cycle, in the order of the file. A loop with a stack of its own: a chain of
    /// scenes as long as a file can hold costs no call stack.
    package static func find(in controllers: [String: SceneObject]) -> [(segue: Connection, scenes: [SceneObject])] {
        var found: [(segue: Connection, scenes: [SceneObject])] = []
        var state: [String: Bool] = [:]  // false: on the current path; true: finished
        /// The scenes on the current path, each with its edges and the next to follow, and the
        /// edge that led to it.
        var stack: [(id: String, edges: [Edge], next: Int)] = []
        var path: [Edge] = []
        for start in controllers.values.sorted(by: { $0.line < $1.line }).compactMap(\.id) where state[start] == nil {
            state[start] = false
            stack.append((start, controllers[start].map(edges(of:)) ?? [], 0))
            while let top = stack.indices.last {
                guard stack[top].next < stack[top].edges.count else {
                    state[stack[top].id] = true
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                let edge = stack[top].edges[stack[top].next]
                stack[top].next += 1
                if state[edge.to] == false {
                    let start = path.firstIndex { $0.from == edge.to } ?? path.endIndex
                    let cycle = Array(path[start...]) + [edge]
                    if cycle.contains(where: { !$0.segue.segueKind.isRootViewController }) {
                        let blamed = cycle.min { $0.segue.line < $1.segue.line }!.segue
                        found.append((blamed, cycle.compactMap { controllers[$0.from] }))
                    }
                } else if state[edge.to] == nil, let destination = controllers[edge.to] {
                    state[edge.to] = false
                    path.append(edge)
                    stack.append((edge.to, edges(of: destination), 0))
                }
            }
        }
        return found
    }

    /// The first scene, in the order of the file, that holds scenes more than `limit` levels deep
    /// within the file, and the scene found past the limit: refused before anything else is
    /// checked, so that a chain as long as a file can hold costs no more than reading it. A loop
    /// with its own stack, never deeper than the limit; depths are kept, so each scene is walked
    /// once. Cycles are left to `find`.
    package static func tooDeep(in controllers: [String: SceneObject], limit: Int) -> (start: SceneObject, deepest: SceneObject)? {
        var depths: [String: Int] = [:]
        for start in controllers.values.sorted(by: { $0.line < $1.line }) {
            guard let startID = start.id, depths[startID] == nil else { continue }
            var stack: [(id: String, element: SceneObject, edges: [Edge], next: Int, below: Int)] = [(startID, start, edges(of: start), 0, 0)]
            var onPath: Set<String> = [startID]
            while let top = stack.indices.last {
                guard stack[top].next < stack[top].edges.count else {
                    let done = stack.removeLast()
                    onPath.remove(done.id)
                    depths[done.id] = done.below + 1
                    if let parent = stack.indices.last { stack[parent].below = max(stack[parent].below, done.below + 1) }
                    continue
                }
                let edge = stack[top].edges[stack[top].next]
                stack[top].next += 1
                guard let held = controllers[edge.to], !onPath.contains(edge.to) else { continue }
                if let depth = depths[edge.to] {
                    if stack.count + depth > limit { return (start, held) }
                    stack[top].below = max(stack[top].below, depth)
                    continue
                }
                if stack.count + 1 > limit { return (start, held) }
                onPath.insert(edge.to)
                stack.append((edge.to, held, edges(of: held), 0, 0))
            }
        }
        return nil
    }
}
