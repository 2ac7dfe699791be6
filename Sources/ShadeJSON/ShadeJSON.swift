// ShadeJSON: JSON through the C library json-c, as Swift values and typed errors.
//
// What belongs here: the one wrapper of json-c (strict parsing with line and column, writing,
// the memory rules of its objects and tokener), `JSONValue`/`JSONObject` values, and lazy
// `JSONNode` views of a parsed document. Every unsafe pointer of json-c stays in this target.
//
// Must never import a shade target other than ShadePlatform: it knows JSON, not planners.
