// ShadeTestSupport: what the tests and the benchmark share — fixtures of core values, schema
// validation, spawning a program with a clean environment and no inherited descriptors, random
// change operations and a seeded generator. Test support, not product code: only tests and
// `shade-bench` depend on it, and it must never import ShadeCLI.
