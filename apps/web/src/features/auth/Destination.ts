/** Where a one-time code goes: a phone number in E.164 or an email address, as the person gave it. */
export type Destination = { kind: 'phone'; phoneNumber: string } | { kind: 'email'; email: string }

export type DestinationKind = Destination['kind']
