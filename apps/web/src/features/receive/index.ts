export { QrCode } from './QrCode.tsx'
export { qrCodeModules } from './qrCodeModules.ts'
export { ReceivePage } from './ReceivePage.tsx'
