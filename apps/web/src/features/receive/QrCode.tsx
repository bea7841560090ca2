import { useMemo } from 'react'
import { qrCodeModules } from './qrCodeModules.ts'

/**
 * `text` as a QR code, drawn as inline SVG by React: no canvas, no data: URL, no inline style, so it needs nothing
 * the strict Content Security Policy forbids. Dark on light whatever the colour scheme, as scanners expect.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrCodeModules(text), [text])
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect className="qr-light" width={size} height={size} />
      <path className="qr-dark" d={path} />
    </svg>
  )
}
