import { encode } from 'uqr'

/** The quiet zone every QR reader needs around the code, in modules. */
const quietZone = 4

/**
 * A QR code of `text` as one SVG path of its dark modules (each row's runs merged), and its size in modules
 * with the quiet zone. Medium error correction: a screen photographed at an angle still reads.
 */
export function qrCodeModules(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: quietZone })
  let path = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < size) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < size && row[x]) x++
      path += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return { size, path }
}
