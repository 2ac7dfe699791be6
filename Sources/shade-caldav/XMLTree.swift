import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A server's XML answer as a tree of elements (namespace and local name, text, children), read
/// by FoundationXML's parser with no external entity and no DTD loaded, and bounded in depth.
final class XMLElement {
    let namespace: String
    let name: String
    var text = ""
    var children: [XMLElement] = []

    init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// The children with a name (in the DAV: namespace unless told).
    func children(_ name: String, in namespace: String = "DAV:") -> [XMLElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The first child with a name.
    func child(_ name: String, in namespace: String = "DAV:") -> XMLElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every element below with a name, in document order.
    func descendants(_ name: String, in namespace: String = "DAV:") -> [XMLElement] {
        children.flatMap { child in
            (child.name == name && child.namespace == namespace ? [child] : []) + child.descendants(name, in: namespace)
        }
    }

    /// Reads a document; throws when it is not well-formed XML or nests too deep.
    static func parse(_ data: Data) throws -> XMLElement {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root, !builder.tooDeep else {
            throw CalDAVFailure("the server's answer is not XML shade can read")
        }
        return root
    }
}

/// Builds the tree as the parser reports elements.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLElement?
    var stack: [XMLElement] = []
    var tooDeep = false

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < 32 else {
            tooDeep = true
            parser.abortParsing()
            return
        }
        let element = XMLElement(namespace: namespaceURI ?? "", name: elementName)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        stack.last?.text += String(decoding: block, as: UTF8.self)
    }
}
