/** How often the balances on screen are read again while the page is open (and on focus). */
export const balanceRefreshMs = 15_000
