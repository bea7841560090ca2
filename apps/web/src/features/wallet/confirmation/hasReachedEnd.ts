export type ScrollBox = { scrollTop: number; clientHeight: number; scrollHeight: number }

/** Browsers scroll by fractions of a pixel and round what they report; a pixel or two short is the end. */
const slack = 2

/** Whether the bottom of what `box` holds is on screen: it fits, or it has been scrolled to its end. */
export const hasReachedEnd = ({ scrollTop, clientHeight, scrollHeight }: ScrollBox) =>
  scrollTop + clientHeight >= scrollHeight - slack

/** Whether `box` holds more than it shows at once, so it must be scrolled (and can be, from the keyboard). */
export const overflows = ({ clientHeight, scrollHeight }: ScrollBox) => scrollHeight > clientHeight + slack
