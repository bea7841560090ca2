/** Charter's one-time codes have 6 digits. */
export const codeLength = 6
