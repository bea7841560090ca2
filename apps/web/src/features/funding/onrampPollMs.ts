/** How often a purchase's status is read while the provider's window is open. */
export const onrampPollMs = 2_000

/**
 * How long the status is still read after the window closed: the provider may report a purchase finished just
 * before the member closed it a moment after the server hears.
 */
export const onrampClosedGraceMs = 4_000

/** When Charter stops reading a purchase's status that never ends (a window it cannot watch, left open). */
export const onrampGiveUpMs = 20 * 60_000
