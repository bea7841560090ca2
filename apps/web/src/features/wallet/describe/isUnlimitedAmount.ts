/**
 * 2^112 base units: more than the whole supply of any token (the largest are below 2^110), and below every
 * "infinite" allowance contracts use (2^256−1, Permit2's 2^160−1, 2^128−1). An amount this large lets the
 * spender take everything, so the dialog calls it unlimited rather than print a 78-digit number.
 */
const unlimitedFrom = 2n ** 112n

export const isUnlimitedAmount = (amount: bigint) => amount >= unlimitedFrom
