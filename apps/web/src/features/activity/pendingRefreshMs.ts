/** How often the activity is asked again while a send in it is pending: a block comes every few seconds. */
export const pendingRefreshMs = 2_000
