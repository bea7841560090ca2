// Shaped like a hat's details document written by the Hats Protocol app: extra keys at the top, in `data`
// and in list items, empty strings for links and images left blank.
export const hatsDocument = {
  type: '1.0',
  data: {
    name: 'Treasurer',
    description: 'Keeps the books and pays the bills.',
    guilds: ['finance'],
    spaces: [{ id: 'space-1', name: 'Finance' }],
    responsibilities: [
      { label: 'Monthly report', description: 'Publish the accounts.', link: '', imageUrl: '', priority: 1 },
      { label: 'Pay invoices', extra: { due: 'net-30' } },
    ],
    authorities: [
      {
        label: 'Treasury multisig',
        description: 'Signer on the Safe.',
        link: 'https://app.safe.global/home?safe=eth:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        imageUrl: '',
        gate: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        type: 'onchain',
      },
    ],
    eligibility: { manual: true, criteria: [{ contract: '0x0', link: '', description: 'Elected' }] },
    toggle: { manual: false, criteria: [] },
  },
  createdBy: 'hats-app',
}
