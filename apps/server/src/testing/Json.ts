/**
 * A raw JSON answer (a route's, a node's) as a test reads it: field by field as the test goes, each read checked
 * by the assertion that follows it rather than by a type declared ahead.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type Json = any
