/** The server sends one code per address per 30 s; the resend button waits as long. */
export const resendDelayMs = 30_000
