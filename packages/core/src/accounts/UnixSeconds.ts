/**
 * A moment as whole seconds since the Unix epoch, as Privy's REST answers carry `created_at` and the
 * `*_verified_at` fields (its React SDK turns them into `Date`s; the wire shape stays a number).
 * Multiply by 1000 for `new Date(…)`.
 */
export type UnixSeconds = number
